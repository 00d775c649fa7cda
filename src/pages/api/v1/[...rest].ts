/**
 * Any /api/v1/* path no endpoint claims: a JSON 404 envelope for every method, so API callers never
 * receive the HTML 404 page. Astro ranks this catch-all below every concrete route.
 */
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import { handle } from '~/platform/http/http';

export const ALL = handle(async () => {
  throw notFound(MSG_API_NOT_FOUND);
});
