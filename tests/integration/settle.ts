/**
 * How a promise settled, for races where some callers win and the rest must be refused in a
 * known way: the value, or the AppError's status, code and msg. Anything else is kept as it is, so
 * a test comparing outcomes fails on it.
 */
import { AppError } from '~/platform/http/errors';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; code: number; msg: string } | { ok: false; unexpected: unknown };

export async function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.httpStatus, code: error.code, msg: error.message };
    return { ok: false, unexpected: error };
  }
}
