/**
 * Query schemas of the catalogue and home endpoints (spec §7: GET sends form encoding, so every
 * value arrives as a string). A failure is a 400 whose Chinese msg names the field (http.ts
 * readQuery + errors.ts). An empty value (`price_min=` from a form) counts as absent; unknown keys
 * are ignored, because a shared hall URL may carry channel parameters (spec §1: a, b, c, bd_vid ...).
 */
import { z } from 'zod';
import { ID_MAX } from '~/lib/contract/common';
import { HALL_SORTS, RENTAL_PERIOD_FLAGS, type HallQuery } from '~/lib/catalog/types';
import { withReason } from '../errors';
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_SIMILAR_LIMIT } from './catalog';
import { optionalParam, intParam } from '../query-params';

/** PostgreSQL integer: a larger id can match nothing and must not reach the database as an error. */
export const MAX_ID = ID_MAX;
/** Highest hourly price a range filter accepts, in yuan. */
export const MAX_PRICE_YUAN = 100_000;
export const MAX_KEYWORD_LENGTH = 50;

export const HALL_PERIODS = RENTAL_PERIOD_FLAGS;
export const HALL_OWNERS = ['merchant', 'store'] as const;
export const HALL_HAFU_TIERS = ['lt1m', '1m', '10m', '100m'] as const;

/** A row id: a positive integer that fits PostgreSQL's integer. */
export const idParam = intParam(1, MAX_ID);

/** A yuan amount with at most two decimals, between 0 and MAX_PRICE_YUAN. */
const yuanParam = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: withReason('应为最多两位小数的金额（元）') })
  .transform(Number)
  .pipe(z.number().min(0).max(MAX_PRICE_YUAN));

/** An on/off filter: 1 / true / on, or 0 / false / off (what a checkbox or a link sends). */
const flagParam = z.enum(['1', 'true', 'on', '0', 'false', 'off']).transform((value) => value === '1' || value === 'true' || value === 'on');

const pageFields = {
  page: optionalParam(intParam(1, MAX_PAGE)),
  page_size: optionalParam(intParam(1, MAX_PAGE_SIZE)),
};

/** Page and page size (defaults are the service's). */
export const pageQuerySchema = z.object(pageFields);

/** The rental hall (HallQuery); price_min may not exceed price_max. */
export const hallQuerySchema = z
  .object({
    game_id: optionalParam(idParam),
    platform_id: optionalParam(idParam),
    zone_id: optionalParam(idParam),
    keyword: optionalParam(
      z
        .string()
        .trim()
        .max(MAX_KEYWORD_LENGTH)
        .transform((value) => (value === '' ? undefined : value)),
    ),
    price_min: optionalParam(yuanParam),
    price_max: optionalParam(yuanParam),
    period: optionalParam(z.enum(HALL_PERIODS)),
    no_deposit: optionalParam(flagParam),
    vip_discount: optionalParam(flagParam),
    owner: optionalParam(z.enum(HALL_OWNERS)),
    insurance: optionalParam(flagParam),
    bargain: optionalParam(flagParam),
    hafu_tier: optionalParam(z.enum(HALL_HAFU_TIERS)),
    account_type: optionalParam(z.string().trim().min(1).max(64)),
    sort: optionalParam(z.enum(HALL_SORTS)),
    ...pageFields,
  })
  .refine((query) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, {
    path: ['price_min'],
    error: withReason('应不大于 price_max'),
  }) satisfies z.ZodType<HallQuery>;

/** GET zuhao/platforms. */
export const platformsQuerySchema = z.object({ game_id: idParam });
/** GET zuhao/zones. */
export const zonesQuerySchema = z.object({ game_id: idParam, platform_id: optionalParam(idParam) });
/** GET detail/account (spec §7 "param account_id"). */
export const accountQuerySchema = z.object({ account_id: idParam });
/** GET zuhao/similar. */
export const similarQuerySchema = z.object({ account_id: idParam, limit: optionalParam(intParam(1, MAX_SIMILAR_LIMIT)) });
/** GET tejia/accounts. */
export const specialOffersQuerySchema = z.object({ game_id: optionalParam(idParam), ...pageFields });
/** GET shop, home/announcement. */
export const idQuerySchema = z.object({ id: idParam });
/** GET shop/accounts. */
export const shopListingsQuerySchema = z.object({ id: idParam, ...pageFields });
