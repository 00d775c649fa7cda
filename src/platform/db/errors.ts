/**
 * Reading database errors the same way on both drivers: pg and PGlite both put the SQLSTATE in
 * `code` and the constraint's name in `constraint`, sometimes on an error drizzle wraps in `cause`.
 */

/** SQLSTATE unique_violation. */
export const SQLSTATE_UNIQUE_VIOLATION = '23505';

/** The name of the unique index a failed statement ran into ('' when the driver gave none), else null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  return violatedConstraint(error, SQLSTATE_UNIQUE_VIOLATION);
}

/** SQLSTATE exclusion_violation (the orders' no-double-booking constraint). */
export const SQLSTATE_EXCLUSION_VIOLATION = '23P01';

/** SQLSTATE deadlock_detected. */
export const SQLSTATE_DEADLOCK_DETECTED = '40P01';

/** The constraint a failed statement violated with `sqlstate` (unique or exclusion), '' when unnamed, else null. */
export function violatedConstraint(error: unknown, sqlstate: string): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === sqlstate) return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * SQLSTATEs that mean "this value cannot be stored or compared here": invalid byte sequence (NUL in
 * text, 22021; NUL in jsonb, 22P05), numeric value out of range (22003), invalid text representation (22P02), string too
 * long (22001), datetime field overflow (22008). They come from input, never from our own state.
 */
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05', '22003', '22P02', '22001', '22008']);

/** Whether a failed statement failed on its input values (see BAD_INPUT_SQLSTATES). */
export function isBadInputSqlState(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && BAD_INPUT_SQLSTATES.has(code)) return true;
  }
  return false;
}
