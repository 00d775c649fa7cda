/**
 * The round buttons of cards (orders, reviews, a seller's orders), written once. On a phone each is
 * 44 px tall, a fingertip's target (the order cards' 找相似, 续租 and 投诉 were 34 px); from the
 * small breakpoint up, where a pointer aims, they keep their compact 36 px.
 */
import { focusRing } from '~/platform/ui/focus-ring';

const PILL = 'inline-flex min-h-11 items-center justify-center rounded-full px-4 py-1.5 text-sm disabled:opacity-60 sm:min-h-9';

export const pillPrimary = `${PILL} bg-primary text-white hover:bg-primary-dark ${focusRing}`;
export const pillOutline = `${PILL} border border-neutral-300 text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`;
