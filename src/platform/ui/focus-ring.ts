/** The keyboard focus outline every island's controls share (Tailwind classes, scanned from here). */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
