/**
 * Password logins per second (issue 4 "Measure"), password hashing cost included: each login is
 * the full server path the browser drives (getSign challenge, signed body with X-Sign, RSA-OAEP
 * password, nonce spent, rate limits, -410 counter, scrypt verify, token issued). The baseline,
 * measured in the same run at the same concurrency, is scrypt verification alone (the cost a
 * login cannot avoid), so the ratio says how much the rest of the login adds.
 *
 * Runs on PGlite (in memory) and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL database.
 * Each login uses its own bench user and client IP, so rate limits (which are per name and IP)
 * never refuse a bench login. Run: `npx tsx scripts/bench-login.ts` (part of `npm run bench`).
 */
import { constants, publicEncrypt } from 'node:crypto';
import { type Db, type DbDriver } from '../src/platform/db/client';
import { openTestDatabase } from '../src/app/seed/test-database';
import { users } from '../src/platform/db/schema';
import { hashPassword, verifyPassword } from '../src/features/sign-in/server/password';
import { loginWithPassword } from '../src/features/sign-in/server/password-login';
import { computeRequestSignature, issueSignChallenge, verifySignedRequest } from '../src/features/sign-in/server/request-signing';
import { percentile } from './bench-lib';

const CONCURRENCY = Number(process.env['BENCH_LOGIN_CONCURRENCY'] ?? 8);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const USERS = 2_000;
const PASSWORD = 'bench_pass01';

interface Figures {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}


/** `CONCURRENCY` loops calling `work(n)` back to back for SECONDS; n counts calls across loops. */
async function run(work: (n: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError = '';
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const n = next++;
        const t0 = performance.now();
        try {
          await work(n);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ||= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, perSecond: latencies.length / elapsedS, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError };
}

/** One login exactly as the browser makes it, through the service the endpoint calls. */
async function browserLogin(db: Db, n: number): Promise<void> {
  const now = new Date();
  const challenge = await issueSignChallenge(db, now);
  const payload = JSON.stringify({ password: PASSWORD, challenge: challenge.nonce_str, ts: challenge.timestamp });
  const ciphertext = publicEncrypt(
    { key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(payload, 'utf8'),
  ).toString('base64');
  const username = `bench${n % USERS}`;
  const body = JSON.stringify({ username, password: ciphertext, fingerprint: 'bench' });
  const headers = new Headers({
    'x-timestamp': String(challenge.timestamp),
    'x-nonce-str': challenge.nonce_str,
    'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, body),
  });
  const verified = await verifySignedRequest(db, headers, body, now);
  await loginWithPassword(db, { username, passwordCiphertext: ciphertext, challenge: verified, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }, now);
}

async function benchDriver(driver: DbDriver): Promise<void> {
  const database = await openTestDatabase({ driver });
  try {
    const db = database.db;
    const hash = await hashPassword(PASSWORD);
    for (let start = 0; start < USERS; start += 500) {
      await db.insert(users).values(
        Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({ username: `bench${start + i}`, nickname: `压测${start + i}`, passwordHash: hash })),
      );
    }
    await browserLogin(db, USERS - 1); // warm-up: RSA key pair created, JIT, statements prepared

    const scryptOnly = await run(async () => {
      if (!(await verifyPassword(PASSWORD, hash))) throw new Error('verify failed');
    });
    const logins = await run((n) => browserLogin(db, n));
    const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const [what, figures] of [['scrypt verify alone (baseline)', scryptOnly], ['full signed password login', logins]] as const) {
      console.log(
        `| ${label} | ${what} | ${figures.perSecond.toFixed(1)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.errors} | ${(figures.perSecond / scryptOnly.perSecond).toFixed(2)} |`,
      );
      if (figures.errors > 0) {
        console.log(`  ERRORS: ${figures.firstError}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await database.close();
  }
}

console.log(`\n## Password logins per second (${CONCURRENCY} concurrent, ${SECONDS} s each)\n`);
console.log('| database | what | per second | p50 ms | p95 ms | errors | ratio to scrypt alone |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
await benchDriver('pglite');
if (process.env['DATABASE_URL_TEST']) await benchDriver('postgres');
else console.log('| PostgreSQL | skipped: set DATABASE_URL_TEST | | | | | |');
