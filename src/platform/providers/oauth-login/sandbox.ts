/**
 * The sandbox stand-in for the WeChat and QQ apps (docs/sign-in-api.md "Second device"): the QR
 * encodes our /sandbox/qr/<scan_code> page, where a tester in a second browser picks who "signs
 * in": a first-time identity (a new open id, so a new phone-less user who must bind a phone) or
 * the seeded demo user, reached through the fixed open id sandbox-<provider>-renter01.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';
import { thirdPartyIdentities, users, type ThirdPartyProvider } from '~/platform/db/schema';
import type { SandboxLoginAdapter } from '~/platform/providers/oauth-login/port';

/** The demo user the sandbox 演示用户 identity signs in as (src/app/seed/demo.ts DEMO_USERS.renter). */
export const SANDBOX_DEMO_USERNAME = 'renter01';

/** What the sandbox confirm page (never served in production) is told when the demo user is missing. */
export const MSG_DEMO_USER_MISSING = '演示用户不存在';

/** Thrown when the demo user is missing (no seed): the service answers MSG_DEMO_USER_MISSING. */
export class SandboxDemoUserMissingError extends Error {
  constructor() {
    super(`seed user ${SANDBOX_DEMO_USERNAME} missing`);
    this.name = 'SandboxDemoUserMissingError';
  }
}

/** renter01's fixed open id, linked to renter01 on first use. */
async function demoOpenId(tx: DbOrTx, provider: ThirdPartyProvider, now: Date): Promise<string> {
  const [demo] = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.username, SANDBOX_DEMO_USERNAME))
    .limit(1);
  if (!demo || demo.status === 'deleted') throw new SandboxDemoUserMissingError();
  const openId = `sandbox-${provider}-${SANDBOX_DEMO_USERNAME}`;
  await tx
    .insert(thirdPartyIdentities)
    .values({ provider, openId, userId: demo.id, createdAt: now })
    .onConflictDoNothing({ target: [thirdPartyIdentities.provider, thirdPartyIdentities.openId] });
  return openId;
}

export function createSandboxLoginAdapter(provider: ThirdPartyProvider): SandboxLoginAdapter {
  return {
    kind: 'sandbox',
    provider,
    scanUrl: ({ origin, scanCode }) => `${origin}/sandbox/qr/${scanCode}`,
    // 'new': 24 random bytes in base64url is 32 characters, so the open id stays inside varchar(64).
    sandboxOpenId: (tx, pick, now) =>
      pick === 'demo' ? demoOpenId(tx, provider, now) : Promise.resolve(`sandbox-${provider}-${randomBytes(24).toString('base64url')}`),
  };
}
