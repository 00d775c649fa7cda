import { defineMiddleware, sequence } from 'astro:middleware';
import { redirectsHome } from '~/platform/rules/routing';
import { readCatalogVersion, servePageCache } from '~/platform/edge/cached-pages';
import { edgeVersionPublished } from '~/platform/edge/edge-version';
import { log } from '~/platform/config/log';
import { appConfig } from '~/platform/config/config';
import { customerServiceDesk } from '~/platform/providers/customer-service';
import { captchaPageSources } from '~/platform/providers/captcha/page-sources';
import { isCrossSiteFormPost, MSG_CROSS_SITE } from '~/platform/http/origin-check';
import { brandForHost } from '~/platform/http/request-context';
import { resolveRequestDb } from '~/app/boot';
import { fail } from '~/platform/http/http';
import { badRequest, forbidden } from '~/platform/http/errors';
import { MSG_NUL_IN_INPUT, NUL } from '~/platform/wire/common';

const config = appConfig();
const captchaSources = captchaPageSources(config);

/** Refusals before anything runs, answered in the JSON envelope like every other error. */
const refuseUnsafeRequests = defineMiddleware((context, next) => {
  const requestId = crypto.randomUUID();
  // PostgreSQL text cannot hold NUL; a path or query carrying one is never a real page.
  if (hasNulInUrl(context.url)) return fail(badRequest(MSG_NUL_IN_INPUT), requestId);
  if (isCrossSiteFormPost(context.request, context.url)) return fail(forbidden(MSG_CROSS_SITE), requestId);
  return next();
});

function hasNulInUrl(url: URL): boolean {
  try {
    return decodeURIComponent(url.pathname + url.search).includes(NUL);
  } catch {
    return url.href.includes('%00');
  }
}

/** The request context: pages read Astro.locals.db, endpoints ctx.db (platform/http/request-context.ts). */
const provideContext = defineMiddleware(async (context, next) => {
  const db = await resolveRequestDb();
  if (db) context.locals.db = db;
  return next();
});

/**
 * Behind nginx's page cache (edge-version.ts): after a request that may have changed the catalogue
 * committed, the version is read (and so published for nginx) before its answer leaves. Whoever
 * changed a listing through the site then never gets the old page from nginx on the next request.
 */
const publishAfterWrites = defineMiddleware(async (context, next) => {
  const response = await next();
  const { method } = context.request;
  if (method === 'GET' || method === 'HEAD' || !edgeVersionPublished() || !context.locals.db) return response;
  try {
    await readCatalogVersion(context.locals.db);
  } catch (error) {
    log.warn('edge version not published after a write', { error: error instanceof Error ? error.message : String(error) });
  }
  return response;
});

const resolveBrand = defineMiddleware((context, next) => {
  const { pathname } = context.url;
  // Spec §2: a path containing index.html goes to home.
  if (redirectsHome(pathname)) return context.redirect('/', 301);

  context.locals.brand = brandForHost(context.request.headers.get('x-forwarded-host'), context.request.headers.get('host'));
  context.locals.apiBase = config.PUBLIC_API_BASE;
  context.locals.captchaSources = captchaSources;
  const desk = customerServiceDesk();
  context.locals.desk = { kind: desk.kind, redirectUrl: desk.redirectUrl };
  return next();
});

export const onRequest = sequence(refuseUnsafeRequests, provideContext, publishAfterWrites, resolveBrand, servePageCache);
