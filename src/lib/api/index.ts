export {
  API_HEADERS,
  SYSTEM_NAME,
  apiGet,
  apiPost,
  configureApi,
  dropPending,
  flushPendingAfterLogin,
  isEnvelope,
  resolveUrl,
  type ApiConfig,
  type ApiEnvelope,
  type PostBody,
  type RequestOptions,
} from '~/lib/api/client';
export { API_MESSAGES, ApiError, isApiError, type ApiErrorInit, type ApiErrorKind } from '~/lib/api/errors';
export { toFormQuery, type QueryParams, type QueryValue } from '~/lib/api/query';
export { SESSION_ID_STORAGE_KEY, getSessionId } from '~/lib/api/session-id';
export { getHealth, type HealthStatus } from '~/lib/api/system';
