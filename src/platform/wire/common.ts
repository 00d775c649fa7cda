/**
 * Pieces of the wire contract every call group shares: row ids, text, paging. The browser client,
 * the islands, the endpoints, the services and the pages all read them from here, so an id or a
 * string is refused the same way at every door.
 */
import { z } from 'zod';
import { yuanToFen } from '~/platform/rules/money';

/**
 * The largest row id: PostgreSQL's `integer`. A larger number can match no row and must never
 * reach the database, where it would be an out-of-range error (SQLSTATE 22003) instead of a 400.
 */
export const ID_MAX = 2_147_483_647;

/** A row id in a JSON body: a positive integer within PostgreSQL's integer. */
export const bodyIdSchema = z.int().min(1).max(ID_MAX);

/** The NUL character: PostgreSQL text cannot hold it (SQLSTATE 22021), so no input may carry it. */
export const NUL = '\u0000';

/** The message for input that carries a NUL character anywhere. */
export const MSG_NUL_IN_INPUT = '参数包含非法字符';

/**
 * How deep an input may nest. No request of ours goes past a few levels; a deeper one is refused at
 * the door, because any recursive walk of it further in (JSON.stringify in a refine, zod, a jsonb
 * column) overflows the stack near ten thousand levels, which a 1 MB body easily reaches.
 */
export const MAX_INPUT_DEPTH = 32;

/** The message for input nested deeper than MAX_INPUT_DEPTH. */
export const MSG_INPUT_TOO_DEEP = '参数嵌套层级过深';

/**
 * Why `value` (any JSON value or query object) may not enter: MSG_NUL_IN_INPUT when a string or a
 * key anywhere carries a NUL, MSG_INPUT_TOO_DEEP past MAX_INPUT_DEPTH levels; null when it may.
 */
export function inputRefusal(value: unknown): string | null {
  return walkInput(value, MAX_INPUT_DEPTH);
}

/** Whether `value` (any JSON value or query object) carries a NUL in a string or a key, at any depth. */
export function carriesNul(value: unknown): boolean {
  return walkInput(value, Number.POSITIVE_INFINITY) !== null;
}

/** Iterative with an explicit stack, so no depth of input can overflow this walk itself. */
function walkInput(value: unknown, maxDepth: number): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return MSG_NUL_IN_INPUT;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return MSG_INPUT_TOO_DEEP;
    if (Array.isArray(item)) {
      for (const child of item) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes(NUL)) return MSG_NUL_IN_INPUT;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/** Text as the database can store it: no NUL, trimmed, within `max` characters. */
export const textSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes(NUL), { error: MSG_NUL_IN_INPUT });

/** Parse `value` with `schema`, or give `fallback`: how pages read a query string (the API answers 400). */
export function parseLenient<S extends z.ZodType>(schema: S, value: unknown, fallback: z.output<S>): z.output<S> {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

/** One page of a list (spec §7 paged lists: list, total, page, page_size). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The schema of a Page of `item` (an answer schema of a paged list route). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({ list: z.array(item), total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.number().int().positive() });
}

// The client's transport-failure texts live in a module without zod, so islands importing them
// do not pull the schema library into every page (detail page JavaScript budget).
export { API_MESSAGES } from '~/platform/wire/messages';

// ---------------------------------------------------------------------------------------------
// Query strings (spec §7: GET sends form encoding, so every value arrives as a string)

/**
 * A failed check whose reason src/platform/http/errors.ts puts in its usual frame (参数 page 无效：应为整数).
 * The contract cannot import the server's `withReason`; a custom issue carrying `params.reason`
 * is what that error map reads.
 */
export const withQueryReason = (text: string) => ({ params: { reason: text }, abort: true });

/** '' → absent, so a form's empty field means "no filter" (or the default). */
export function optionalQuery<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A whole number between min and max, sent as decimal digits. */
export function queryIntSchema(min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,15}$/.test(value), withQueryReason('应为整数'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A row id in a query string or a path: a positive integer within PostgreSQL's integer. */
export const queryIdSchema = queryIntSchema(1, ID_MAX);

/** The id of a path segment or query value (`/detail/<id>.html`), or null when it is not one. */
export function parseIdParam(raw: string | null | undefined): number | null {
  const result = queryIdSchema.safeParse(raw);
  return result.success ? result.data : null;
}

/**
 * Yuan as text or a JSON number, at most two decimals → fen within [minFen, maxFen]: `bad` for
 * malformed input, `range` (default `bad`) outside the bounds, `missing` (default `bad`) for
 * anything that is neither text nor a number.
 */
export function yuanFenSchema(opts: { minFen: number; maxFen: number; bad: string; range?: string; missing?: string }) {
  const { minFen, maxFen, bad, range = bad, missing = bad } = opts;
  return z.union([z.string(), z.number()], { error: missing }).transform((value, ctx) => {
    let fen: number;
    try {
      fen = yuanToFen(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: bad });
      return z.NEVER;
    }
    if (fen < minFen || fen > maxFen) {
      ctx.addIssue({ code: 'custom', message: range });
      return z.NEVER;
    }
    return fen;
  });
}

export const MSG_BAD_AMOUNT = '请输入正确的金额';

/** A money field of a request (wallet and orders): yuan with at most 2 decimals, as text or a JSON number → fen (400 请输入正确的金额). */
export const yuanAmountSchema = yuanFenSchema({ minFen: 0, maxFen: Number.MAX_SAFE_INTEGER, bad: MSG_BAD_AMOUNT });

/** The header that carries a request's idempotency key (order creation and payment). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Only the URL shape of our own uploads is taken as a string (platform/db/uploads.ts uploadUrl). */
export const UPLOAD_URL_PATTERN = /^\/uploads\/([1-9]\d{0,9})-[0-9a-f]{12}\/(?:card|detail)\.webp$/;
