/** The wire contract of 找相似: GET zuhao/besimilar (its schemas are in wire.ts). */
import type { z } from 'zod';
import type { besimilarPageSchema, besimilarSourceSchema } from '~/features/catalog/wire';

/** The account the renter started from, so the page can say what it looked for. */
export type BesimilarSource = z.output<typeof besimilarSourceSchema>;

export type BesimilarPage = z.output<typeof besimilarPageSchema>;
