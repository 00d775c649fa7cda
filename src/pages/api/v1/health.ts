/**
 * GET /api/v1/health — for load balancers and uptime checks: 200 when the database answers,
 * 503 (code 1, 数据库不可用) with the same data shape when it does not.
 */
import { APP_VERSION as version } from '~/platform/config/version';
import { CODE_FAIL } from '~/platform/config/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { AppError } from '~/platform/http/errors';
import { MSG_DATABASE_UNAVAILABLE } from '~/platform/http/request-context';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';

/** A health check answers quickly even when the database hangs (e.g. an unreachable pg host). */
const DB_PING_TIMEOUT_MS = 3_000;

export interface HealthData {
  status: 'ok' | 'degraded';
  database: boolean;
  version: string;
}

async function ping(db: Db | undefined): Promise<boolean> {
  if (!db) return false;
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function pingWithTimeout(db: Db | undefined): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DB_PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const GET = handle(async ({ locals }) => {
  const database = await pingWithTimeout(locals.db);
  if (!database) {
    const data: HealthData = { status: 'degraded', database, version };
    throw new AppError(CODE_FAIL, MSG_DATABASE_UNAVAILABLE, 503, { data });
  }
  return ok<HealthData>({ status: 'ok', database, version });
});

/** Any other method: 405 with the envelope. */
export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
