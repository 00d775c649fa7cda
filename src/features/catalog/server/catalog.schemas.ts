/**
 * Query schemas of the catalogue and home endpoints (spec §7: GET sends form encoding, so every
 * value arrives as a string). A failure is a 400 whose Chinese msg names the field (http.ts
 * readQuery + errors.ts). The rental hall's query, ids and paging are the wire contract's
 * (src/features/catalog/contract/catalog.ts), the one source the pages read their URL with too; this module
 * adds the endpoint-only queries.
 */
import { z } from 'zod';
import {
  HALL_HAFU_TIERS,
  HALL_KEYWORD_MAX_LENGTH,
  HALL_MAX_PRICE_YUAN,
  HALL_OWNERS,
  HALL_PERIODS,
  hallQuerySchema,
  optionalQuery,
  pageQueryFields,
  queryIdSchema,
  queryIntSchema,
} from '~/features/catalog/contract/catalog';
import { ID_MAX } from '~/platform/wire/common';
import { MAX_SIMILAR_LIMIT } from '~/features/catalog/server/catalog';

export { HALL_HAFU_TIERS, HALL_OWNERS, HALL_PERIODS, hallQuerySchema };

/** PostgreSQL integer: a larger id can match nothing and must not reach the database as an error. */
export const MAX_ID = ID_MAX;
/** Highest hourly price a range filter accepts, in yuan. */
export const MAX_PRICE_YUAN = HALL_MAX_PRICE_YUAN;
export const MAX_KEYWORD_LENGTH = HALL_KEYWORD_MAX_LENGTH;

/** A row id: a positive integer that fits PostgreSQL's integer. */
export const idParam = queryIdSchema;

/** Page and page size (defaults are the service's). */
export const pageQuerySchema = z.object(pageQueryFields);

/** GET zuhao/platforms. */
export const platformsQuerySchema = z.object({ game_id: idParam });
/** GET zuhao/zones. */
export const zonesQuerySchema = z.object({ game_id: idParam, platform_id: optionalQuery(idParam) });
/** GET detail/account (spec §7 "param account_id"). */
export const accountQuerySchema = z.object({ account_id: idParam });
/** GET zuhao/similar. */
export const similarQuerySchema = z.object({ account_id: idParam, limit: optionalQuery(queryIntSchema(1, MAX_SIMILAR_LIMIT)) });
/** GET tejia/accounts. */
export const specialOffersQuerySchema = z.object({ game_id: optionalQuery(idParam), ...pageQueryFields });
/** GET shop, home/announcement. */
export const idQuerySchema = z.object({ id: idParam });
/** GET shop/accounts. */
export const shopListingsQuerySchema = z.object({ id: idParam, ...pageQueryFields });
