/** The wire contract of 找相似: GET zuhao/besimilar. */
import { z } from 'zod';
import { BESIMILAR_PAGE_SIZE_MAX } from '~/platform/config/constants';
import type { ListingCard } from '~/features/catalog/contract/catalog';
import { optionalQuery, queryIdSchema, queryIntSchema } from '~/platform/wire/common';

export const besimilarQuerySchema = z.object({
  account_id: queryIdSchema,
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, BESIMILAR_PAGE_SIZE_MAX)),
});

/** The account the renter started from, so the page can say what it looked for. */
export interface BesimilarSource {
  id: number;
  title: string;
  game_name: string;
  game_path: string;
  rental_fen: number;
}

export interface BesimilarPage {
  source: BesimilarSource;
  list: ListingCard[];
  total: number;
  page: number;
  page_size: number;
}
