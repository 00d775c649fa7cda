/**
 * Campaign fan-outs at scale (issue 15 "make the fan-out safe for a large user table"), on
 * PostgreSQL with BENCH_USERS users (default 100,000), each against the baseline a skeptic would
 * pick, measured in the same run:
 *   - broadcast to every user (the service: claim the request key, one INSERT ... SELECT with the
 *     dedupe key, count) against a bare INSERT ... SELECT of the same rows into notifications;
 *   - the confirm's recipient count against `select count(*) from users`;
 *   - a double submit (the replay: nothing sent) against the same count;
 *   - a red-envelope grant to every user (per-user limit check, envelopes and 红包到账 messages in one
 *     statement) against a bare INSERT ... SELECT of the envelopes alone;
 *   - an exchange-code batch of 10,000 codes (random draw, SHA-256, AES-GCM seal, inserts) against
 *     inserting 10,000 rows of random hex.
 * Each figure is the median of BENCH_ROUNDS (default 3) rounds; each round works on rows of its own.
 *
 * Run: `npx tsx scripts/bench-campaigns.ts` (part of `npm run bench`). DATABASE_URL_TEST (default
 * postgres://postgres@127.0.0.1:5432/test) must allow CREATE DATABASE; without a reachable server the
 * bench says so and exits 0.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { adminQuery, closeDatabase, openDatabase, type Db } from '../src/platform/db/client';
import { countSegmentUsers } from '../src/features/notifications/server/notifications';
import { sendOpsBroadcast } from '../src/features/campaigns/server/ops-campaign-broadcasts';
import { createBatch } from '../src/features/campaigns/server/ops-exchange-codes';
import { createOperator } from '../src/features/console/server/operators';
import { createTemplate, grantTemplate } from '../src/features/campaigns/server/ops-red-packet-campaigns';
import type { OperatorActor } from '../src/features/console/server/operators';
import { ROOT } from './build-if-needed';
import { postgresReachable } from './postgres-reachable';

const PG_URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env['BENCH_USERS'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CODES = 10_000;


async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function rounds(work: (round: number) => Promise<unknown>): Promise<number> {
  const figures: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) figures.push(await timed(() => work(round)));
  return median(figures);
}

if (!(await postgresReachable(PG_URL))) {
  console.log(`bench-campaigns: no PostgreSQL at ${PG_URL.replace(/:[^:@/]+@/, ':***@')}; skipped`);
  process.exit(0);
}

const dbName = `zuhao_bench_campaigns_${Date.now().toString(36)}`;
await adminQuery(PG_URL, `CREATE DATABASE "${dbName}"`);
const url = new URL(PG_URL);
url.pathname = `/${dbName}`;
let db: Db | null = null;
try {
  db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', migrationsDir: `${ROOT}/drizzle` });
  const setup = await timed(() => db!.execute(sql`insert into users (username, nickname) select 'bench_c_' || g, '活动' || g from generate_series(1, ${USERS}) g`));
  await db.execute(sql`analyze`);
  const operator = await createOperator(db, { username: 'bench_ops', password: 'bench_password_1', role: 'operations', displayName: '压测' });
  const actor: OperatorActor = { operatorId: operator.id, username: 'bench_ops', displayName: '压测', role: 'operations', sessionId: 0 };
  const now = new Date();

  const rows: [string, number, string, number][] = [];
  const add = (name: string, ms: number, baselineName: string, baselineMs: number): void => void rows.push([name, ms, baselineName, baselineMs]);

  // Broadcast to everyone vs the bare INSERT ... SELECT of the same rows.
  const bareNotifications = await rounds(async (round) => {
    await db!.execute(sql`
      insert into notifications (user_id, notification_type, title, content, params, popup, dedupe_key, created_at)
      select u.id, 'broadcast', '压测', '基线', '{}'::jsonb, true, ${`bare:${round}`}, now() from users u where u.status = 'active'`);
  });
  const keys: string[] = [];
  const broadcastMs = await rounds(async (round) => {
    const key = randomUUID();
    keys.push(key);
    const result = await sendOpsBroadcast(db!, actor, { title: `压测群发${round}`, content: '压测内容', segment: 'all', popup: true, request_key: key }, now);
    if (result.broadcast.recipients !== USERS) throw new Error(`broadcast reached ${result.broadcast.recipients}, not ${USERS}`);
  });
  add(`broadcast to all (${USERS} rows)`, broadcastMs, 'bare INSERT … SELECT of the same rows', bareNotifications);

  const countUsers = await rounds(() => db!.execute(sql`select count(*) from users`));
  add('recipient count (the confirm)', await rounds(() => countSegmentUsers(db!, 'all', now)), 'select count(*) from users', countUsers);
  add(
    'double submit of a sent broadcast (replay)',
    await rounds(() => sendOpsBroadcast(db!, actor, { title: '压测群发0', content: '压测内容', segment: 'all', popup: true, request_key: keys[0]! }, now)),
    'select count(*) from users',
    countUsers,
  );

  // Grant to everyone vs the bare envelope insert.
  const bareEnvelopes = await rounds(async () => {
    await db!.execute(sql`
      insert into red_packets (user_id, name, type, min_order_amount_fen, discount_amount_fen, status, source, received_at, expires_at)
      select u.id, '基线红包', 2, 1000, 300, 1, 'bench', now(), now() + interval '7 days' from users u where u.status = 'active'`);
  });
  const grantMs = await rounds(async (round) => {
    const template = await createTemplate(db!, actor, { name: `压测红包${round}`, type: 2, min_order_amount_fen: 1000, discount_amount_fen: 300, valid_days: 7, per_user_limit: 1, total_limit: null }, now);
    const result = await grantTemplate(db!, actor, { template_id: template.id, target: 'segment', segment: 'all', request_key: randomUUID() }, now);
    if (result.grant.recipients !== USERS) throw new Error(`grant reached ${result.grant.recipients}, not ${USERS}`);
  });
  add(`red-envelope grant to all (${USERS} envelopes + messages)`, grantMs, 'bare INSERT … SELECT of the envelopes alone', bareEnvelopes);

  // 10,000 codes vs 10,000 rows of random hex.
  await db.execute(sql`create table bench_codes (id serial primary key, code_hash varchar(64) not null unique, code_cipher text not null)`);
  const bareCodes = await rounds(async () => {
    const values = Array.from({ length: CODES }, () => sql`(${randomBytes(32).toString('hex')}, ${randomBytes(40).toString('base64url')})`);
    for (let at = 0; at < values.length; at += 500) await db!.execute(sql`insert into bench_codes (code_hash, code_cipher) values ${sql.join(values.slice(at, at + 500), sql`, `)}`);
  });
  add(
    `exchange-code batch of ${CODES} codes`,
    await rounds(() => createBatch(db!, actor, { name: '压测批次', reward_kind: 'gold', gold_coins: 10, count: CODES, uses_per_code: 1, per_user_limit: 1, expires_at: new Date(now.getTime() + 86_400_000), request_key: randomUUID() }, now)),
    `insert ${CODES} rows of random hex`,
    bareCodes,
  );

  console.log(`\n## Campaign fan-outs on PostgreSQL (${USERS} users; ${os.cpus().length} cores shared with PostgreSQL; median of ${ROUNDS}; set-up ${setup.toFixed(0)} ms)\n`);
  console.log('| operation | ms | baseline (same run) | baseline ms | ratio |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, ms, baselineName, baselineMs] of rows) {
    console.log(`| ${name} | ${ms.toFixed(0)} | ${baselineName} | ${baselineMs.toFixed(0)} | ${(ms / baselineMs).toFixed(2)}× |`);
  }
} finally {
  if (db) await closeDatabase();
  await adminQuery(PG_URL, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
}
