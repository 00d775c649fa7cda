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
} from './client';
export { API_MESSAGES, ApiError, isApiError, type ApiErrorInit, type ApiErrorKind } from './errors';
export { toFormQuery, type QueryParams, type QueryValue } from './query';
export { SESSION_ID_STORAGE_KEY, getSessionId } from './session-id';
export { getHealth, type HealthStatus } from './system';
