/**
 * Demo operators: one of each role, so the console can be shown and tried on a fresh
 * install. Seeded with the rest of the demo only (SEED_DEMO); a production install has none and
 * creates its first admin with `npm run ops:create-admin` (scripts/ops-create-admin.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { operators } from '~/platform/db/schema';
import { createOperator, enrolTotpWithSecret, type NewOperator } from '~/features/console/server';

/**
 * Documented in the README for testers; never used outside the demo seed. The admin and finance
 * roles require TOTP, so their demo operators come enrolled with these fixed base32 secrets: add
 * one to an authenticator app by hand (or compute codes with `otpauth`, as tests/e2e/support.ts
 * does). Being published, they protect nothing: which is why the demo never runs in production.
 */
export const DEMO_OPERATORS = {
  admin: { username: 'ops01', password: 'ops_pass01', role: 'admin', displayName: '演示管理员', totpSecret: 'OPSADMINDEMOTOTPSECRETAAAAAAAAAA' },
  operations: { username: 'yy01', password: 'yy_pass01', role: 'operations', displayName: '演示运营' },
  service: { username: 'kf01', password: 'kf_pass01', role: 'service', displayName: '演示客服' },
  finance: { username: 'cw01', password: 'cw_pass01', role: 'finance', displayName: '演示财务', totpSecret: 'CWFINANCEDEMOTOTPSECRETBBBBBBBBB' },
} as const satisfies Record<string, NewOperator & { totpSecret?: string }>;

/** Inserts the demo operators when there are none yet; returns whether it inserted anything. */
export async function seedDemoOperators(db: Db, now: Date): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${operators} in share row exclusive mode`);
    if ((await tx.select({ id: operators.id }).from(operators).limit(1)).length > 0) return { seeded: false };
    for (const operator of Object.values(DEMO_OPERATORS)) {
      const row = await createOperator(tx, operator, now);
      if ('totpSecret' in operator) await enrolTotpWithSecret(tx, row.id, operator.totpSecret, now);
    }
    return { seeded: true };
  });
}
