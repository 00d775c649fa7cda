/**
 * The third-party website-login port (WeChat open platform "网站应用微信登录", QQ Connect), one
 * adapter per provider, chosen by the registry (../sign-in-providers.ts):
 *
 * - `sandbox` (./sandbox.ts): the QR encodes our /sandbox/qr/<scan_code> page, where a second
 *   browser stands in for the WeChat/QQ app and picks an identity.
 * - `live` (./wechat.ts, ./qq.ts): the provider's published OAuth2 authorization-code flow. The
 *   authorize URL carries `state` = the session's scan code; the provider sends the browser back to
 *   /api/v1/qr/<provider>/callback?code&state, where `exchangeCode` turns the code into the user's
 *   open id (docs/providers-sign-in.md).
 *
 * Either way the service (services/qr-login.ts) only ever learns an open id and does the rest
 * (find or make the user, confirm the session) itself; adapters import no service.
 */
import type { DbOrTx } from '~/platform/db/client';
import type { ThirdPartyProvider } from '~/platform/db/schema';

/** Who the provider says signed in. */
export interface ThirdPartyIdentity {
  /** The provider's id of the user for our app (≤ 64 characters: the column's width). */
  openId: string;
  /** WeChat's id across all apps of one open-platform account, when the provider gives it. */
  unionId?: string;
}

/** What the sandbox confirm page offers: a first-time identity or the seeded demo user. */
export type SandboxIdentityPick = 'new' | 'demo';

export interface SandboxLoginAdapter {
  kind: 'sandbox';
  provider: ThirdPartyProvider;
  /** The page the QR encodes: our stand-in for the provider's app. */
  scanUrl(input: { origin: string; scanCode: string }): string;
  /** The open id the page's pick stands for ('demo' links the seeded demo user to a fixed one). */
  sandboxOpenId(tx: DbOrTx, pick: SandboxIdentityPick, now: Date): Promise<string>;
}

export interface LiveLoginAdapter {
  kind: 'live';
  provider: ThirdPartyProvider;
  /** The provider's authorization page for the session whose scan code is `state`. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  /** Trades the callback's `code` for the identity; throws ThirdPartyLoginRefusedError when the provider says no. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<ThirdPartyIdentity>;
}

export type ThirdPartyLoginAdapter = SandboxLoginAdapter | LiveLoginAdapter;

/** The provider refused a code or answered something we cannot use; `providerCode` is its own error code. */
export class ThirdPartyLoginRefusedError extends Error {
  readonly provider: ThirdPartyProvider;
  readonly providerCode: string;
  constructor(provider: ThirdPartyProvider, providerCode: string, options?: ErrorOptions) {
    super(`${provider} login refused: ${providerCode}`, options);
    this.name = 'ThirdPartyLoginRefusedError';
    this.provider = provider;
    this.providerCode = providerCode;
  }
}

/** How long one call to the provider may take. */
export const OAUTH_CALL_TIMEOUT_MS = 10_000;
/** third_party_identities.open_id is varchar(64). */
const OPEN_ID_MAX_LENGTH = 64;

export function isUsableOpenId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= OPEN_ID_MAX_LENGTH;
}

/** GET `url` and parse JSON; network failures and non-JSON answers become a refusal with a code of ours. */
export async function getJson(provider: ThirdPartyProvider, url: string, doFetch: typeof fetch): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(OAUTH_CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new ThirdPartyLoginRefusedError(provider, 'UNREACHABLE', { cause: error });
  }
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through: not JSON
  }
  throw new ThirdPartyLoginRefusedError(provider, `BAD_ANSWER_HTTP_${response.status}`);
}
