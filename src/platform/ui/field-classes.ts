import { focusRing } from '~/platform/ui/focus-ring';

/** A full-width text box, select or text area of a storefront form island (Tailwind scans this literal). */
export const formInput = `w-full rounded-md border border-neutral-300 px-3 py-2 text-sm ${focusRing}`;
