/**
 * QR login (spec §4 "QR login states", §7 the WeChat / QQ / app scan calls, §9 timings;
 * docs/sign-in-api.md "QR login").
 *
 * A session has three secrets, each 32 random bytes in base64url:
 * - `id`: what the creating browser polls with (session_id / sessionId / qr_token);
 * - `scan_code`: what the QR encodes, for the second device (the phone) only;
 * - the browser secret: an HttpOnly cookie of the creating browser; only its SHA-256 is stored.
 * Polling and redeeming need the id AND the cookie, so someone who sees the id (a screenshot, a
 * log) still cannot collect the token. A wrong secret answers exactly like an unknown id (404).
 *
 * Every state change is one conditional UPDATE, so racing requests (two tabs, a double tap on the
 * phone, ten polls at once) cannot both win: the token is handed out once (`redeemed_at`).
 *
 * Who confirms a WeChat/QQ code is the login adapter's business (providers/oauth-login, through
 * the registry): the sandbox confirm page, or the live provider's callback with code and state =
 * the scan code (docs/providers-sign-in.md). Either way this module only learns an open id.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { BIND_TOKEN_LIFETIME_S, QR_LIFETIME_MS, QR_MIN_POLL_FRACTION, QR_SECRET_COOKIE } from '~/features/sign-in/constants';
import { QR_SCAN_RESULT_TEXT, qrPollIntervalMs, type AppQrStatus, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';
import { appConfig, sandboxPagesEnabled } from '~/platform/config/config';
import type { Db, DbOrTx } from '~/platform/db/client';
import { qrSessions, thirdPartyIdentities, users, type ThirdPartyProvider } from '~/platform/db/schema';
import { badRequest, notFound, rateLimited } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { ThirdPartyLoginRefusedError, type SandboxIdentityPick } from '~/platform/providers/oauth-login/port';
import { MSG_DEMO_USER_MISSING, SandboxDemoUserMissingError } from '~/platform/providers/oauth-login/sandbox';
import { signInProviders } from '~/platform/providers/sign-in-providers';
import { assertNotBanned, signInAnswer, type SignInAnswer } from '~/features/sign-in/server/sign-in';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server';

// Messages (shown to the user as toasts).
/** Unknown id, wrong or missing browser cookie, wrong platform: one answer, no oracle. */
export const MSG_QR_NOT_FOUND = '二维码不存在或已失效';
/** The code exists but is expired, cancelled or already confirmed. */
export const MSG_QR_INVALID = '二维码已失效';
export const MSG_QR_USED = '二维码已使用';
export const MSG_QR_NOT_CONFIRMED = '请先在手机上确认登录';
/** Spec §8 toast text, used when the QQ init call comes without its `uid` header (declared with the app QR's body). */
export { MSG_FINGERPRINT_MISSING } from '~/features/sign-in/wire';
/** The provider refused the callback's code (its own error code is in the server log). */
export const MSG_THIRD_PARTY_REFUSED = '授权失败，请刷新二维码后重试';

/** The QR secret cookie lives twice the code's life: long enough to collect a token confirmed at the last second. */
export const QR_SECRET_COOKIE_MAX_AGE_S = (2 * QR_LIFETIME_MS) / 1000;
/** A confirmed code can be redeemed until the cookie is gone (created_at + 120 s). */
const REDEEM_GRACE_MS = QR_LIFETIME_MS;
const SECRET_BYTES = 32;
/** 32 bytes in unpadded base64url: 43 characters. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const FINGERPRINT_MAX_LENGTH = 128;
/** States in which the code is still alive (can be scanned, confirmed, cancelled or expire). */
const OPEN_STATES = ['waiting', 'scanned', 'granting'] as const satisfies readonly QrState[];
const OPEN_STATE_SET: ReadonlySet<QrState> = new Set(OPEN_STATES);

const THIRD_PARTY_NAMES: Readonly<Record<ThirdPartyProvider, { usernamePrefix: string; nicknamePrefix: string }>> = {
  wechat: { usernamePrefix: 'wx_', nicknamePrefix: '微信用户' },
  qq: { usernamePrefix: 'qq_', nicknamePrefix: 'QQ用户' },
};
const RANDOM_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

// ---------------------------------------------------------------------------------------------
// helpers

function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** True when `value` could be an id, scan code or browser secret made here. */
export function isWellFormedQrSecret(value: string | null | undefined): value is string {
  return typeof value === 'string' && SECRET_SHAPE.test(value);
}

function randomName(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  // 256 % 36 leaves a slight bias; harmless for a display name, and the unique index settles clashes.
  for (const byte of bytes) out += RANDOM_NAME_ALPHABET[byte % RANDOM_NAME_ALPHABET.length];
  return out;
}

const notFoundQr = (why: string): Error => notFound(MSG_QR_NOT_FOUND, { cause: new Error(why) });
const invalidQr = (why: string): Error => badRequest(MSG_QR_INVALID, { cause: new Error(why) });

/**
 * Where a live provider sends the browser back: PUBLIC_BASE_URL (the address registered with
 * WeChat/QQ, which must not depend on the Host a request came with) or, unset, the request's origin.
 */
export function thirdPartyCallbackUrl(origin: string, provider: ThirdPartyProvider): string {
  return `${(appConfig().PUBLIC_BASE_URL ?? origin).replace(/\/+$/, '')}/api/v1/qr/${provider}/callback`;
}

/**
 * What the QR encodes, per platform (docs/sign-in-api.md "Second device"): our app page for the
 * app; for WeChat/QQ the login adapter's page: the sandbox confirm page, or the provider's
 * authorize URL with state = the scan code (docs/providers-sign-in.md). `live` says which.
 */
function qrTarget(origin: string, platform: QrPlatform, scanCode: string): { url: string; live: boolean } {
  if (platform === 'app') return { url: `${origin}/qr/app/${scanCode}`, live: false };
  const adapter = signInProviders().login[platform];
  if (adapter.kind === 'sandbox') return { url: adapter.scanUrl({ origin, scanCode }), live: false };
  return { url: adapter.authorizeUrl({ state: scanCode, redirectUri: thirdPartyCallbackUrl(origin, platform) }), live: true };
}

/** `data:image/svg+xml;base64,...` of a QR code encoding `text`. */
export function qrImageDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderSVG(text), 'utf8').toString('base64')}`;
}

// ---------------------------------------------------------------------------------------------
// the browser-secret cookie (HTTP edge helpers, kept beside the session they guard)

/**
 * The Set-Cookie value of the browser secret: HttpOnly (no script reads it), SameSite=Strict (no
 * other site's page makes the browser send it), Path=/api/v1/qr (sent to the QR calls only).
 */
export function qrSecretSetCookie(secret: string, secure: boolean): string {
  const attributes = [`${QR_SECRET_COOKIE}=${secret}`, 'Path=/api/v1/qr', `Max-Age=${QR_SECRET_COOKIE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The browser secret from the request's Cookie header; null when absent or not of our shape. */
export function qrSecretFromRequest(request: Request): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== QR_SECRET_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isWellFormedQrSecret(value)) return value;
  }
  return null;
}

/** A fingerprint as the column takes it (trimmed, 1-128 characters); else null. */
export function normaliseFingerprint(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > FINGERPRINT_MAX_LENGTH) return null;
  return trimmed;
}

// ---------------------------------------------------------------------------------------------
// the creating browser

export interface CreateQrSessionInput {
  platform: QrPlatform;
  fingerprint?: string | null;
  /** The site origin the scan URL points at (the request's own origin). */
  origin: string;
  /**
   * The secret the browser already holds (its qr_secret cookie), reused so that two QR codes shown
   * at once in one browser (two tabs) both stay pollable; a new one is made when absent.
   */
  browserSecret?: string | null;
}

export interface CreatedQrSession {
  id: string;
  scanCode: string;
  /** The raw secret for the cookie; never stored. */
  browserSecret: string;
  /** What the QR encodes. */
  scanUrl: string;
  /** True when scanUrl is a live provider's authorize page (WeChat's must be opened by the browser itself). */
  live: boolean;
  expiresAt: Date;
}

/** A new waiting session that expires QR_LIFETIME_MS after `now` (spec §4/§9: a code lives 60 s). */
export async function createQrSession(db: DbOrTx, input: CreateQrSessionInput, now: Date): Promise<CreatedQrSession> {
  const id = newSecret();
  const scanCode = newSecret();
  const browserSecret = isWellFormedQrSecret(input.browserSecret) ? input.browserSecret : newSecret();
  const expiresAt = new Date(now.getTime() + QR_LIFETIME_MS);
  await db.insert(qrSessions).values({
    id,
    platform: input.platform,
    scanCode,
    browserSecretHash: sha256Hex(browserSecret),
    fingerprint: normaliseFingerprint(input.fingerprint),
    status: 'waiting',
    createdAt: now,
    expiresAt,
  });
  const target = qrTarget(input.origin, input.platform, scanCode);
  return { id, scanCode, browserSecret, scanUrl: target.url, live: target.live, expiresAt };
}

export interface QrPollInput {
  id: string;
  browserSecret: string | null | undefined;
  platform: QrPlatform;
}

export interface QrPoll {
  state: QrState;
  /** What redeeming would hand out now: set only when confirmed and not yet redeemed. */
  due: 'token' | 'temp_token' | null;
}

/**
 * One poll of the creating browser. Spec §9 polls every 500 ms (WeChat, QQ) or 2000 ms (app); a
 * poll sooner than QR_MIN_POLL_FRACTION of that after the previous one gets 429 with Retry-After.
 * One conditional UPDATE both claims the poll slot and writes `expired` for a code past its life,
 * so concurrent polls get exactly one answer and the rest 429.
 */
export async function pollQrSession(db: Db, input: QrPollInput, now: Date): Promise<QrPoll> {
  if (!isWellFormedQrSecret(input.id) || !isWellFormedQrSecret(input.browserSecret)) {
    throw notFoundQr('malformed session id or browser secret');
  }
  const minGapMs = qrPollIntervalMs(input.platform) * QR_MIN_POLL_FRACTION;
  const pollableBefore = new Date(now.getTime() - minGapMs);
  const owned = and(
    eq(qrSessions.id, input.id),
    eq(qrSessions.browserSecretHash, sha256Hex(input.browserSecret)),
    eq(qrSessions.platform, input.platform),
  );
  const [row] = await db
    .update(qrSessions)
    .set({
      lastPolledAt: now,
      // spec §4: a code still open when its 60 s are over is expired (written, so the phone sees it too).
      status: sql`case when ${qrSessions.status} in ('waiting', 'scanned', 'granting') and ${qrSessions.expiresAt} <= ${now.toISOString()} then 'expired' else ${qrSessions.status} end`,
    })
    .where(and(owned, or(isNull(qrSessions.lastPolledAt), lte(qrSessions.lastPolledAt, pollableBefore))))
    .returning({ status: qrSessions.status, userId: qrSessions.userId, needsBind: qrSessions.needsBind, redeemedAt: qrSessions.redeemedAt });

  if (!row) {
    const [existing] = await db.select({ lastPolledAt: qrSessions.lastPolledAt }).from(qrSessions).where(owned).limit(1);
    if (!existing) throw notFoundQr('no session with this id, secret and platform');
    const waitMs = existing.lastPolledAt ? existing.lastPolledAt.getTime() + minGapMs - now.getTime() : minGapMs;
    const retryAfterMs = Math.max(1, Math.ceil(waitMs));
    // data.retry_after is whole seconds (the contract); retry_after_ms is the real wait.
    throw rateLimited(retryAfterMs / 1000, undefined, { data: { retry_after: Math.max(1, Math.ceil(retryAfterMs / 1000)), retry_after_ms: retryAfterMs } });
  }

  const due = row.status === 'logined' && row.userId !== null && row.redeemedAt === null ? (row.needsBind ? 'temp_token' : 'token') : null;
  return { state: row.status, due };
}

export interface QrRedeemInput {
  id: string;
  browserSecret: string | null | undefined;
}

/**
 * What a confirmed session hands out, once: the token answer, or (a third-party identity with no
 * phone yet, spec §6) a temp_token good only for binding a phone.
 */
export type QrRedemption = { kind: 'token'; answer: SignInAnswer } | { kind: 'temp_token'; temp_token: string; expires_time: number };

/**
 * Redeems a confirmed session exactly once (one conditional UPDATE of redeemed_at, in the same
 * transaction as the token it pays for, so a failure to issue leaves the session redeemable).
 */
export async function redeemQrSession(db: Db, input: QrRedeemInput, now: Date, userAgent?: string | null): Promise<QrRedemption> {
  if (!isWellFormedQrSecret(input.id) || !isWellFormedQrSecret(input.browserSecret)) {
    throw notFoundQr('malformed session id or browser secret');
  }
  const owned = and(eq(qrSessions.id, input.id), eq(qrSessions.browserSecretHash, sha256Hex(input.browserSecret)));
  const redeemableAfter = new Date(now.getTime() - REDEEM_GRACE_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(qrSessions)
      .set({ redeemedAt: now })
      .where(
        and(
          owned,
          eq(qrSessions.status, 'logined'),
          isNull(qrSessions.redeemedAt),
          isNotNull(qrSessions.userId),
          gt(qrSessions.expiresAt, redeemableAfter),
        ),
      )
      .returning({ userId: qrSessions.userId, needsBind: qrSessions.needsBind });

    if (!row || row.userId === null) {
      const [existing] = await tx
        .select({ status: qrSessions.status, redeemedAt: qrSessions.redeemedAt, expiresAt: qrSessions.expiresAt })
        .from(qrSessions)
        .where(owned)
        .limit(1);
      if (!existing) throw notFoundQr('no session with this id and secret');
      if (existing.redeemedAt) throw badRequest(MSG_QR_USED, { cause: new Error('session already redeemed') });
      if (existing.status === 'logined') throw invalidQr('confirmed session past its redeem window');
      if (OPEN_STATE_SET.has(existing.status) && existing.expiresAt.getTime() > now.getTime()) {
        throw badRequest(MSG_QR_NOT_CONFIRMED, { cause: new Error(`session is ${existing.status}`) });
      }
      throw invalidQr(`session is ${existing.status}`);
    }

    if (row.needsBind) {
      await assertNotBanned(tx, row.userId);
      const bind = await issueToken(tx, row.userId, { now, userAgent, purpose: 'bind', ttlS: BIND_TOKEN_LIFETIME_S });
      return { kind: 'temp_token', temp_token: bind.token, expires_time: bind.expires_time };
    }
    // A QR sign-in never makes an account that can sign in at once: a new third-party user has no
    // phone and goes through /bind (whose answer carries is_new_user), so this is an existing user.
    return { kind: 'token', answer: await signInAnswer(tx, row.userId, { now, userAgent, isNewUser: false }) };
  });
}

/** spec §4 app QR statuses as our app endpoint sends them (APP_QR_STATUSES; the browser maps back with appQrState). */
export function appQrStatusOf(state: QrState): AppQrStatus {
  switch (state) {
    case 'waiting':
      return 'pending';
    case 'scanned':
    case 'granting':
      return 'scanned';
    case 'logined':
      return 'confirmed';
    case 'expired':
    case 'cancelled':
    case 'error':
      return state;
  }
}

/** WeChat statuses of docs/sign-in-api.md (pending|success|cancelled|expired; error for our own failure). */
export type WechatQrStatus = 'pending' | 'success' | 'cancelled' | 'expired' | 'error';

export function wechatQrStatusOf(state: QrState): WechatQrStatus {
  switch (state) {
    case 'waiting':
    case 'scanned':
    case 'granting':
      return 'pending';
    case 'logined':
      return 'success';
    case 'cancelled':
    case 'expired':
    case 'error':
      return state;
  }
}

/** spec §4 QQ numeric states: 0 logined, 1 waiting, 2 scanned, 3 cancelled, 4 granting, 5 expired, 6 error. */
const QQ_CODE: Readonly<Record<QrState, number>> = {
  logined: 0,
  waiting: 1,
  scanned: 2,
  cancelled: 3,
  granting: 4,
  expired: 5,
  error: 6,
};

export function qqQrCodeOf(state: QrState): number {
  return QQ_CODE[state];
}

// ---------------------------------------------------------------------------------------------
// the second device (by scan code)

export interface QrScanView {
  platform: QrPlatform;
  state: QrState;
}

/**
 * What the second-device page shows for `scanCode`: the platform and the state at `now` (a code
 * past its life reads as expired); null for an unknown code. Read only.
 */
async function describeQrScan(db: Db, scanCode: string, now: Date): Promise<QrScanView | null> {
  if (!isWellFormedQrSecret(scanCode)) return null;
  const [row] = await db
    .select({ platform: qrSessions.platform, status: qrSessions.status, expiresAt: qrSessions.expiresAt })
    .from(qrSessions)
    .where(eq(qrSessions.scanCode, scanCode))
    .limit(1);
  if (!row) return null;
  const expired = OPEN_STATE_SET.has(row.status) && row.expiresAt.getTime() <= now.getTime();
  return { platform: row.platform, state: expired ? 'expired' : row.status };
}

/** What a second-device page shows: the answer form while the code is open, else why not. */
export type QrScanPage = { open: true; platform: QrPlatform } | { open: false; text: string; invalid: boolean };

/**
 * The second-device page for `scanCode`: the app page takes app codes, the sandbox page WeChat and
 * QQ codes (a code of the other kind is as unknown as a made-up one). A code already answered says
 * so (a reload after confirming); anything else is simply gone (二维码已失效).
 */
export async function qrScanPage(db: Db, scanCode: string, page: 'app' | 'third-party', now: Date): Promise<QrScanPage> {
  const found = await describeQrScan(db, scanCode, now);
  // A WeChat/QQ code served by the live provider is answered on the provider's side, never here.
  const standIn = found?.platform === 'app' || (found && signInProviders().login[found.platform].kind === 'sandbox');
  const scan = found && standIn && (found.platform === 'app') === (page === 'app') ? found : null;
  if (scan && OPEN_STATE_SET.has(scan.state)) return { open: true, platform: scan.platform };
  if (scan?.state === 'logined') return { open: false, text: QR_SCAN_RESULT_TEXT.confirmed, invalid: false };
  if (scan?.state === 'cancelled') return { open: false, text: QR_SCAN_RESULT_TEXT.cancelled, invalid: false };
  return { open: false, text: MSG_QR_INVALID, invalid: true };
}

/**
 * Why an action on an open code did not happen: 404 for an unknown code (or one of another
 * platform), else 400 二维码已失效 (writing `expired` for a code whose life is over).
 */
async function refusalFor(db: DbOrTx, scanCode: string, now: Date, platforms: readonly QrPlatform[]): Promise<Error> {
  const [row] = await db
    .select({ platform: qrSessions.platform, status: qrSessions.status, expiresAt: qrSessions.expiresAt })
    .from(qrSessions)
    .where(eq(qrSessions.scanCode, scanCode))
    .limit(1);
  if (!row || !platforms.includes(row.platform)) return notFoundQr('no session with this scan code for this platform');
  if (OPEN_STATE_SET.has(row.status) && row.expiresAt.getTime() <= now.getTime()) {
    await db
      .update(qrSessions)
      .set({ status: 'expired' })
      .where(and(eq(qrSessions.scanCode, scanCode), inArray(qrSessions.status, OPEN_STATES)));
  }
  return invalidQr(`session is ${row.status}, expires ${row.expiresAt.toISOString()}`);
}

/** The condition of a code that can still be acted on: open and inside its 60 s. */
function isOpenAt(scanCode: string, now: Date, platforms: readonly QrPlatform[]) {
  return and(
    eq(qrSessions.scanCode, scanCode),
    inArray(qrSessions.platform, platforms),
    inArray(qrSessions.status, OPEN_STATES),
    gt(qrSessions.expiresAt, now),
  );
}

const ALL_PLATFORMS: readonly QrPlatform[] = ['wechat', 'qq', 'app'];
const THIRD_PARTY_PLATFORMS: readonly QrPlatform[] = ['wechat', 'qq'];

/**
 * The phone opened the code's page: waiting → scanned (spec §4; QQ reports it as 2). Opening it
 * again is harmless (scanned stays scanned).
 */
export async function markScanned(db: Db, input: { scanCode: string }, now: Date): Promise<QrScanView> {
  if (!isWellFormedQrSecret(input.scanCode)) throw notFoundQr('malformed scan code');
  const [row] = await db
    .update(qrSessions)
    .set({ status: sql`case when ${qrSessions.status} = 'waiting' then 'scanned' else ${qrSessions.status} end` })
    .where(isOpenAt(input.scanCode, now, ALL_PLATFORMS))
    .returning({ platform: qrSessions.platform, status: qrSessions.status });
  if (!row) throw await refusalFor(db, input.scanCode, now, ALL_PLATFORMS);
  return { platform: row.platform, state: row.status };
}

export type SandboxIdentity = SandboxIdentityPick;

export interface QrConfirmation {
  platform: QrPlatform;
  state: 'logined';
  /** The redeeming browser gets a temp_token for /bind instead of a token (spec §6). */
  needsBind: boolean;
}

/**
 * Confirms the open WeChat/QQ session `scanCode` of `provider` as the user of `openId` (made, phone-
 * less, on first sight), in `tx`. A session changed meanwhile (confirmed, cancelled, expired) is
 * refused, and the caller's transaction rolls back the user it may have made.
 */
async function confirmThirdParty(
  tx: DbOrTx,
  input: { scanCode: string; provider: ThirdPartyProvider; openId: string },
  now: Date,
): Promise<QrConfirmation> {
  const platforms: readonly QrPlatform[] = [input.provider];
  const user = (await identityUser(tx, input.provider, input.openId)) ?? (await newIdentityUser(tx, input.provider, input.openId, now));
  const needsBind = user.mobile === null;
  const [updated] = await tx
    .update(qrSessions)
    .set({ status: 'logined', userId: user.id, needsBind })
    .where(isOpenAt(input.scanCode, now, platforms))
    .returning({ platform: qrSessions.platform });
  if (!updated) throw await refusalFor(tx, input.scanCode, now, platforms);
  return { platform: updated.platform, state: 'logined', needsBind };
}

/**
 * The sandbox stand-in for the WeChat/QQ app confirming (docs/sign-in-api.md "Second device"):
 * the sandbox login adapter turns the page's pick into an open id ('demo': renter01's fixed one;
 * 'new': a first-time one, which makes a phone-less user who must bind a phone before getting a
 * token). Everything happens in one transaction, so a confirm that loses the race leaves no orphan
 * user behind. 404 when the session's provider is live: there is no stand-in then.
 */
export async function confirmSandbox(
  db: Db,
  input: { scanCode: string; identity: SandboxIdentity },
  now: Date,
): Promise<QrConfirmation> {
  if (!isWellFormedQrSecret(input.scanCode)) throw notFoundQr('malformed scan code');
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ platform: qrSessions.platform })
      .from(qrSessions)
      .where(isOpenAt(input.scanCode, now, THIRD_PARTY_PLATFORMS))
      .limit(1);
    if (!session) throw await refusalFor(tx, input.scanCode, now, THIRD_PARTY_PLATFORMS);
    const provider = session.platform as ThirdPartyProvider;
    const adapter = signInProviders().login[provider];
    if (adapter.kind !== 'sandbox') throw notFoundQr(`${provider} login is live: no sandbox confirm`);
    let openId: string;
    try {
      openId = await adapter.sandboxOpenId(tx, input.identity, now);
    } catch (error) {
      if (error instanceof SandboxDemoUserMissingError) throw badRequest(MSG_DEMO_USER_MISSING, { cause: error });
      throw error;
    }
    return confirmThirdParty(tx, { scanCode: input.scanCode, provider, openId }, now);
  });
}

export interface ThirdPartyCallbackInput {
  provider: ThirdPartyProvider;
  /** Absent when the user refused on the provider's page. */
  code: string | null;
  /** Our scan code, handed to the provider in the authorize URL. */
  state: string;
  /** The callback URL the authorize request named (QQ checks it matches). */
  redirectUri: string;
}

/**
 * The live provider sent the browser back (docs/providers-sign-in.md): `state` names the session,
 * `code` is traded for the open id, and the session is confirmed as that identity; the creating
 * browser's polling then redeems it as for the sandbox. Refusals: 404 for a state that is no open
 * or closed session of this provider; 400 二维码已失效 for a session no longer open (expired,
 * cancelled, or already confirmed: a replayed callback) checked before the provider is called; no
 * code (the user said no) cancels the session; a code the provider refuses marks it `error`.
 */
export async function completeThirdPartyCallback(db: Db, input: ThirdPartyCallbackInput, now: Date): Promise<QrConfirmation | QrScanView> {
  const adapter = signInProviders().login[input.provider];
  // Another provider's state, or this one still on its sandbox: as unknown as a made-up state.
  if (adapter.kind !== 'live' || !isWellFormedQrSecret(input.state)) throw notFoundQr('no live session for this state');
  const platforms: readonly QrPlatform[] = [input.provider];
  const [open] = await db.select({ id: qrSessions.id }).from(qrSessions).where(isOpenAt(input.state, now, platforms)).limit(1);
  if (!open) throw await refusalFor(db, input.state, now, platforms);

  if (!input.code) {
    const [row] = await db
      .update(qrSessions)
      .set({ status: 'cancelled' })
      .where(isOpenAt(input.state, now, platforms))
      .returning({ platform: qrSessions.platform });
    if (!row) throw await refusalFor(db, input.state, now, platforms);
    return { platform: row.platform, state: 'cancelled' };
  }

  let openId: string;
  try {
    ({ openId } = await adapter.exchangeCode({ code: input.code, redirectUri: input.redirectUri }));
  } catch (error) {
    if (!(error instanceof ThirdPartyLoginRefusedError)) throw error;
    // The provider's own code only: never the code or tokens of the exchange.
    log.warn('third-party login refused', { provider: input.provider, providerCode: error.providerCode });
    await db.update(qrSessions).set({ status: 'error' }).where(isOpenAt(input.state, now, platforms));
    throw badRequest(MSG_THIRD_PARTY_REFUSED, { cause: error });
  }
  // The exchange took a network round trip: the session may have closed meanwhile, which
  // confirmThirdParty's conditional update refuses (and rolls back a user it made).
  return db.transaction((tx) => confirmThirdParty(tx, { scanCode: input.state, provider: input.provider, openId }, now));
}

interface IdentityUser {
  id: number;
  mobile: string | null;
}

/** The user linked to (provider, openId), if any: the identity decides who signs in. */
async function identityUser(tx: DbOrTx, provider: ThirdPartyProvider, openId: string): Promise<IdentityUser | null> {
  const [linked] = await tx
    .select({ id: users.id, mobile: users.mobile })
    .from(thirdPartyIdentities)
    .innerJoin(users, eq(users.id, thirdPartyIdentities.userId))
    .where(and(eq(thirdPartyIdentities.provider, provider), eq(thirdPartyIdentities.openId, openId)))
    .limit(1);
  return linked ?? null;
}

/** Random usernames tried for a first-time identity before giving up (36^8 names: a clash is rare). */
const NEW_IDENTITY_NAME_ATTEMPTS = 5;

/**
 * A first-time open id: a new phone-less user (wx_xxxxxxxx / 微信用户xxxx, qq_... / QQ用户xxxx),
 * made by createUser (invite code, welcome red envelopes) and linked to `openId`; a random
 * username already taken is drawn again.
 */
async function newIdentityUser(tx: DbOrTx, provider: ThirdPartyProvider, openId: string, now: Date): Promise<IdentityUser> {
  const names = THIRD_PARTY_NAMES[provider];
  for (let attempt = 0; attempt < NEW_IDENTITY_NAME_ATTEMPTS; attempt += 1) {
    const suffix = randomName(8);
    const userId = await createUser(
      tx,
      { username: `${names.usernamePrefix}${suffix}`, nickname: `${names.nicknamePrefix}${suffix.slice(0, 4)}` },
      now,
    );
    if (userId === null) continue;
    await tx.insert(thirdPartyIdentities).values({ provider, openId, userId, createdAt: now });
    return { id: userId, mobile: null };
  }
  throw new Error(`no free username for a new ${provider} identity after ${NEW_IDENTITY_NAME_ATTEMPTS} attempts`);
}

/** Our app, signed in as `userId` on the phone, confirms the code (spec §4 app: confirmed). */
export async function confirmApp(db: Db, input: { scanCode: string; userId: number }, now: Date): Promise<QrConfirmation> {
  if (!isWellFormedQrSecret(input.scanCode)) throw notFoundQr('malformed scan code');
  const [row] = await db
    .update(qrSessions)
    .set({ status: 'logined', userId: input.userId, needsBind: false })
    .where(isOpenAt(input.scanCode, now, ['app']))
    .returning({ platform: qrSessions.platform });
  if (!row) throw await refusalFor(db, input.scanCode, now, ['app']);
  return { platform: row.platform, state: 'logined', needsBind: false };
}

/** The phone said no (spec §4: cancelled). Cancelling a cancelled code again is harmless. */
export async function cancelQrSession(db: Db, input: { scanCode: string }, now: Date): Promise<QrScanView> {
  if (!isWellFormedQrSecret(input.scanCode)) throw notFoundQr('malformed scan code');
  const [row] = await db
    .update(qrSessions)
    .set({ status: 'cancelled' })
    .where(isOpenAt(input.scanCode, now, ALL_PLATFORMS))
    .returning({ platform: qrSessions.platform });
  if (row) return { platform: row.platform, state: 'cancelled' };
  const current = await describeQrScan(db, input.scanCode, now);
  if (current?.state === 'cancelled') return current;
  throw await refusalFor(db, input.scanCode, now, ALL_PLATFORMS);
}

/**
 * `{ sandbox_scan_url }` outside production: the page the QR encodes, so a demo on one computer
 * can open the second-device page without a phone (docs/sign-in-api.md). Nothing in production.
 */
export function sandboxScanLink(scanUrl: string): { sandbox_scan_url?: string } {
  return sandboxPagesEnabled() ? { sandbox_scan_url: scanUrl } : {};
}

/**
 * The extra link of a WeChat/QQ init answer: `authorize_url` when a live provider serves the
 * session (WeChat's qrconnect page shows WeChat's own QR, so the browser must open it; a QQ page
 * can be opened too), else the sandbox link above.
 */
export function thirdPartyScanLinks(session: Pick<CreatedQrSession, 'scanUrl' | 'live'>): { sandbox_scan_url?: string; authorize_url?: string } {
  return session.live ? { authorize_url: session.scanUrl } : sandboxScanLink(session.scanUrl);
}
