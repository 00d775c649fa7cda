/** The keyboard focus outline every island's controls share (Tailwind classes, scanned from here). */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * Issue 28: under md (a phone in the hand) a tappable control is at least 44 px tall, however small
 * its text; from md up it keeps its own size. Goes with a control's own classes (Tailwind scans this).
 */
export const phoneTapTarget = 'max-md:inline-flex max-md:min-h-11 max-md:items-center';
