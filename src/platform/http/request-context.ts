/**
 * The request context (ARCHITECTURE "the request context (db, user) handed to every endpoint"):
 * middleware resolves the database once per request and puts it on `locals`; pages read
 * `Astro.locals.db`, endpoints get `ctx.db` from `handle()`. Nothing under src/pages or
 * src/components reaches for a global database, so a test hands a route its own database by
 * putting it on `locals`, with no module mocking.
 */
import type { Db } from '~/platform/db/client';
import { appConfig } from '~/platform/config/config';
import { chooseBrand, type Brand } from '~/platform/rules/brand';
import { AppError } from '~/platform/http/errors';
import { CODE_FAIL } from '~/platform/config/constants';

export const MSG_DATABASE_UNAVAILABLE = '数据库不可用';

/** What middleware stores on `locals` for the rest of the request. */
export interface RequestServices {
  db?: Db;
}

/** The database on `locals`, or a 503 envelope when the middleware could not open one. */
export function requireDb(locals: RequestServices | undefined): Db {
  const db = locals?.db;
  if (!db) throw new AppError(CODE_FAIL, MSG_DATABASE_UNAVAILABLE, 503);
  return db;
}

/**
 * The brand a request is rendered for, by its host (a proxy's x-forwarded-host first). The
 * middleware and the server entry's page-cache answer (page-fast-path.ts) both call this, so the
 * two key a page alike.
 */
export function brandForHost(forwardedHost: string | null | undefined, host: string | null | undefined): Brand {
  const config = appConfig();
  return chooseBrand(forwardedHost ?? host, { aiMarker: config.BRAND_AI_HOST_MARKER, pinned: config.BRAND ?? null });
}
