import { focusRing } from '~/platform/ui/focus-ring';

/** A full-width text box, select or text area of a storefront form island (Tailwind scans this literal). */
export const formInput = `w-full rounded-md border border-neutral-300 px-3 py-2 text-sm ${focusRing}`;

/** The text box of a labelled Field (React Field.tsx and the plain login form share it). */
export const inputClass =
  'w-full min-w-0 rounded border border-gray-300 px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-[invalid=true]:border-primary';

/** A form's full-width submit button. */
export const submitClass =
  'inline-flex w-full items-center justify-center gap-2 rounded bg-primary px-4 py-2.5 text-sm font-medium text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
