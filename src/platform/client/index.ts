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
} from '~/platform/client/client';
export { API_MESSAGES, ApiError, failureText, isApiError, type ApiErrorInit, type ApiErrorKind } from '~/platform/client/errors';
export { toFormQuery, type QueryParams, type QueryValue } from '~/platform/client/query';
export { SESSION_ID_STORAGE_KEY, getSessionId } from '~/platform/client/session-id';
export { getHealth, type HealthStatus } from '~/platform/client/system';
