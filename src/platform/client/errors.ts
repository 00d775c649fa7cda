import { CODE_FAIL } from '~/platform/config/constants';

export { API_MESSAGES } from '~/platform/wire/messages';
import { DEBOUNCE_FAILURE_TEXT } from '~/platform/wire/messages';

/**
 * Why a call failed.
 * - business: HTTP 2xx but envelope code is nonzero
 * - http: the server answered with a non-2xx status (401, 303, 502 ...)
 * - timeout: no answer within REQUEST_TIMEOUT_MS
 * - cancelled: the caller aborted (or dropPending() gave up on a request parked after a 401)
 * - network: no response at all
 * - format: HTTP 2xx with a body that is not an envelope
 */
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'cancelled' | 'network' | 'format';

export interface ApiErrorInit<D = unknown> {
  kind: ApiErrorKind;
  msg: string;
  /** Envelope code when the body had one; CODE_FAIL otherwise. */
  code?: number;
  httpStatus?: number;
  data?: D;
  cause?: unknown;
}

/** The one error shape of the HTTP client: every rejection of apiGet/apiPost is an ApiError. */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** Envelope code (spec §9: success 0, fail 1); CODE_FAIL when the body carried none. */
  readonly code: number;
  /** The text shown to the user (or that would have been shown, for silent failures). */
  readonly msg: string;
  /** HTTP status, undefined when no response arrived. */
  readonly httpStatus: number | undefined;
  /** Envelope data, or the raw body when the body was not an envelope. */
  readonly data: D | undefined;

  constructor(init: ApiErrorInit<D>) {
    super(init.msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code ?? CODE_FAIL;
    this.msg = init.msg;
    this.httpStatus = init.httpStatus;
    this.data = init.data;
  }

  /** spec §8: a cancelled request is silent; callers should ignore it too. */
  get cancelled(): boolean {
    return this.kind === 'cancelled';
  }

  get timedOut(): boolean {
    return this.kind === 'timeout';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * What a form says when its call failed: the server's own message (a refusal, a timeout, the
 * network), or `fallback` for anything else, which is a bug of ours and has no better words.
 */
export function failureText(error: unknown, fallback: string = DEBOUNCE_FAILURE_TEXT): string {
  return isApiError(error) ? error.msg : fallback;
}
