/**
 * The wire contract of 我的足迹 (spec §7 account "footprints"): answers of account/footprints,
 * account/footprintDelete and account/footprintClear (their schemas are in wire.ts).
 */
import type { z } from 'zod';
import type { footprintClearResultSchema, footprintItemSchema, footprintPageSchema } from '~/features/account/wire';

// The answers' types are the outputs of their schemas (wire.ts); a type import keeps zod out of the
// islands that read them.

/** One footprint: a listing viewed on a Shanghai day, with the latest view of that day. */
export type FootprintItem = z.output<typeof footprintItemSchema>;
export type FootprintPage = z.output<typeof footprintPageSchema>;
export type FootprintClearResult = z.output<typeof footprintClearResultSchema>;
