import { defineMiddleware, sequence } from 'astro:middleware';
import { redirectsHome } from '~/platform/rules/routing';
import { servePageCache } from '~/platform/edge/cached-pages';
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

export const onRequest = sequence(refuseUnsafeRequests, provideContext, resolveBrand, servePageCache);
