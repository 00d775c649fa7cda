import { defineMiddleware, sequence } from 'astro:middleware';
import { chooseBrand } from './lib/rules/brand';
import { redirectsHome } from './lib/rules/routing';
import { servePageCache } from './server/cached-pages';
import { loadConfig } from './server/config';
import { isCrossSiteFormPost, MSG_CROSS_SITE } from './server/origin-check';
import { resolveRequestDb } from './server/request-context';

const config = loadConfig();

const refuseCrossSiteForms = defineMiddleware((context, next) => {
  if (isCrossSiteFormPost(context.request, context.url)) return new Response(MSG_CROSS_SITE, { status: 403 });
  return next();
});

/** The request context: pages read Astro.locals.db, endpoints ctx.db (server/request-context.ts). */
const provideContext = defineMiddleware(async (context, next) => {
  const db = await resolveRequestDb();
  if (db) context.locals.db = db;
  return next();
});

const resolveBrand = defineMiddleware((context, next) => {
  const { pathname } = context.url;
  // Spec §2: a path containing index.html goes to home.
  if (redirectsHome(pathname)) return context.redirect('/', 301);

  const host = context.request.headers.get('x-forwarded-host') ?? context.request.headers.get('host');
  context.locals.brand = chooseBrand(host, { aiMarker: config.BRAND_AI_HOST_MARKER, pinned: config.BRAND ?? null });
  context.locals.apiBase = config.PUBLIC_API_BASE;
  return next();
});

export const onRequest = sequence(refuseCrossSiteForms, provideContext, resolveBrand, servePageCache);
