/**
 * zod pieces for query strings (spec §7: GET sends form encoding, so every value is a string).
 * Shared by every service that reads a query, so "empty means absent" and "a whole number" mean
 * the same thing everywhere.
 */
import { z } from 'zod';
import { withReason } from './errors';

/** '' → absent, so a form's empty field means "no filter" (or the default). */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A whole number between min and max, sent as decimal digits. */
export function intParam(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, { error: withReason('应为整数') })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
