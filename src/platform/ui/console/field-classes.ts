/**
 * The console's control classes, written once so a filter bar or form on one page cannot drift from
 * the others (Tailwind scans the literals here).
 */

/** A select or text box in a console page's filter bar; pages add a width where one is needed. */
export const OPS_FILTER_INPUT = 'min-h-9 rounded-md border border-neutral-300 px-2';

/** A text box, select or text area in a console form island that never marks a field invalid. */
export const OPS_FORM_CONTROL = 'w-full rounded-md border border-neutral-300 px-3 py-2 text-sm focus:border-primary focus:outline-none';

/** A console form island's control that may carry aria-invalid: the border turns the brand colour. */
export const OPS_FORM_INPUT = `${OPS_FORM_CONTROL} aria-[invalid=true]:border-primary`;

/** The label above a console form control. */
export const OPS_LABEL = 'mb-1 block text-sm font-medium text-neutral-800';
