/**
 * The wire contract of 我的足迹 (spec §7 account "footprints"): answers of
 * account/footprints and the bodies of account/footprintDelete and account/footprintClear.
 */
import { z } from 'zod';
import type { ListingCard } from '~/features/catalog/contract/catalog';
import { FOOTPRINT_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { bodyIdSchema, optionalQuery, queryIdSchema, queryIntSchema } from '~/platform/wire/common';

/** One footprint: a listing viewed on a Shanghai day, with the latest view of that day. */
export interface FootprintItem {
  id: number;
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  viewed_day: string;
  /** ISO instant of the day's latest view. */
  viewed_at: string;
  listing: ListingCard;
}

export interface FootprintPage {
  list: FootprintItem[];
  total: number;
  page: number;
  page_size: number;
}

export const footprintsQuerySchema = z.object({
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, FOOTPRINT_PAGE_SIZE_MAX)),
});

/** POST account/footprintDelete: one footprint by its id. */
export const footprintDeleteBodySchema = z.object({ id: bodyIdSchema });

export interface FootprintClearResult {
  deleted: number;
}
