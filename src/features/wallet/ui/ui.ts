/** Class strings shared by the wallet screens (UI only, no business rule). */

import { focusRing, phoneTapTarget } from '~/platform/ui/focus-ring';

export { focusRing };

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark ${focusRing}`;

export const outlineButton = `inline-flex items-center justify-center gap-2 rounded border border-primary px-5 py-2 text-sm text-primary hover:bg-primary-light ${focusRing}`;

export const textLink = `text-sm text-primary underline-offset-2 hover:underline ${phoneTapTarget} ${focusRing}`;

export const sectionCard = 'rounded-lg bg-white p-5 shadow-sm ring-1 ring-neutral-200';

/** "¥12.50" from the yuan string the API gives. */
export const yuanLabel = (yuan: string): string => `¥${yuan}`;
