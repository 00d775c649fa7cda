/**
 * Customer-service chat delivery across processes (issue 15): with 500 open conversations whose
 * users each hold a stream open on process B, senders post messages through process A and each
 * message is timed until it arrives on its user's stream on B (PostgreSQL NOTIFY, B's listener,
 * B's read of the row). Reported: messages delivered per second and p50/p95 delivery latency.
 *
 * Baseline, measured in the same run on the same two processes and users: the fastest delivery
 * that needs no push at all, a sender that writes through A and then reads the message back
 * through B (POST /chat/messages on A, then GET /chat/messages?after_id on B), back to back. A
 * polling client can never beat it (it is that read, minus the wait for the next poll), so the
 * ratio says what the live path costs over the plain write-then-read, which is the question a
 * skeptic asks of LISTEN/NOTIFY plus a stream per user. Both run with the same number of
 * concurrent senders, each waiting for its delivery before sending again.
 *
 * Needs a PostgreSQL server (DATABASE_URL_TEST, default postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created and dropped); skips with a message otherwise. Loopback only, bounded:
 * BENCH_SENDERS concurrent senders (default 20) for BENCH_SECONDS (default 5) per case after a 1 s
 * warm-up. Run: `npx tsx scripts/bench-chat.ts` (part of `npm run bench`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createSseParser } from '../src/features/chat/rules/chat';
import { closeDatabase, openDatabase } from '../src/platform/db/client';
import { rateLimitCounters } from '../src/platform/db/schema';
import { issueToken } from '../src/features/sign-in/server/tokens';
import { createUser } from '../src/features/account/server/users';
import { like } from 'drizzle-orm';
import { percentile } from './bench-lib';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed';
import { freePort, processEnv, stopManaged, waitForHealth, type ManagedProcess } from './multi-process';
import { postgresReachable } from './postgres-reachable';

const CONVERSATIONS = Number(process.env['BENCH_CONVERSATIONS'] ?? 500);
const SENDERS = Number(process.env['BENCH_SENDERS'] ?? 20);
const DURATION_MS = Number(process.env['BENCH_SECONDS'] ?? 5) * 1000;
const WARMUP_MS = 1000;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DELIVERY_TIMEOUT_MS = 10_000;

interface Figures {
  delivered: number;
  perSecond: number;
  p50: number;
  p95: number;
  failures: number;
}

interface User {
  id: number;
  bearer: string;
}

async function post(origin: string, user: User, text: string): Promise<number> {
  const response = await fetch(`${origin}/api/v1/chat/messages`, {
    method: 'POST',
    headers: { authorization: user.bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'text', text }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { message: { id: number } } };
  if (body.code !== 0) throw new Error(`send refused: ${response.status} ${body.msg}`);
  return body.data.message.id;
}

/** Streams on B, one per user; `waitFor(id)` resolves when message `id` arrives on its user's stream. */
async function openStreams(origin: string, users: User[]): Promise<{ waitFor(id: number): Promise<number>; close(): void }> {
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const controllers: AbortController[] = [];
  await Promise.all(
    users.map(async (user) => {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${origin}/api/v1/chat/stream`, { headers: { authorization: user.bearer, accept: 'text/event-stream' }, signal: controller.signal });
      if (response.status !== 200 || !response.body) throw new Error(`stream refused: ${response.status}`);
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => (ready = resolve));
      const parser = createSseParser((event) => {
        if (event.event === 'ready') ready();
        if (event.event !== 'message' || event.id === null) return;
        const id = Number(event.id);
        const at = performance.now();
        const wake = waiting.get(id);
        if (wake) {
          waiting.delete(id);
          wake(at);
        } else arrived.set(id, at);
      });
      void (async () => {
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        try {
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            parser.push(decoder.decode(chunk.value, { stream: true }));
          }
        } catch {
          // closed
        }
      })();
      await isReady;
    }),
  );
  return {
    waitFor(id) {
      const at = arrived.get(id);
      if (at !== undefined) {
        arrived.delete(id);
        return Promise.resolve(at);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`message ${id} not delivered within ${DELIVERY_TIMEOUT_MS} ms`));
        }, DELIVERY_TIMEOUT_MS);
        waiting.set(id, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    close() {
      for (const controller of controllers) controller.abort();
    },
  };
}

/** SENDERS loops, each: pick the next user round robin, deliver one message (by `deliver`), time it. */
async function run(users: User[], deliver: (user: User, text: string) => Promise<void>, durationMs: number): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (performance.now() < deadline) {
        const user = users[next++ % users.length]!;
        const t0 = performance.now();
        try {
          await deliver(user, `压测消息 ${next}`);
          latencies.push(performance.now() - t0);
        } catch (error) {
          failures += 1;
          if (failures === 1) console.error(`  first failure: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { delivered: latencies.length, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures };
}

function row(name: string, figures: Figures, baseline: Figures): string {
  return `| ${name} | ${figures.delivered} | ${figures.perSecond.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.failures} | ${(figures.perSecond / baseline.perSecond).toFixed(2)}× | ${(figures.p95 / baseline.p95).toFixed(2)}× |`;
}

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL_TEST'] ?? DEFAULT_PG_URL;
  if (!(await postgresReachable(serverUrl))) {
    console.log(`bench-chat: skipped (no PostgreSQL at ${serverUrl}; the chat's cross-process delivery needs one)`);
    return;
  }
  buildIfNeeded();
  const dbName = `zuhao_bench_chat_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const processes: ManagedProcess[] = [];
  let streams: Awaited<ReturnType<typeof openStreams>> | null = null;
  try {
    const env = { APP_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'error' };
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, [ENTRY], { cwd: ROOT, env: processEnv({ processes: 2, databaseUrl, env }, port), stdio: ['ignore', 'pipe', 'pipe'] });
      const output: string[] = [];
      child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      processes.push({ child, port, url: `http://127.0.0.1:${port}`, output });
      // One at a time: the first migrates, the second finds it done.
      await waitForHealth(processes[i]!);
    }
    const [A, B] = processes.map((managed) => managed.url) as [string, string];

    const db = await openDatabase({ databaseUrl, dataDir: '', migrationsDir: path.join(ROOT, 'drizzle') });
    const users: User[] = [];
    for (let i = 0; i < CONVERSATIONS; i += 1) {
      const id = await db.transaction((tx) => createUser(tx, { username: `bench_chat_${i}`, nickname: `压测${i}` }, new Date()));
      const { token } = await issueToken(db, id!, { now: new Date() });
      users.push({ id: id!, bearer: `Bearer ${token}` });
    }
    // Every user opens a conversation: CONVERSATIONS open (waiting) conversations.
    for (let i = 0; i < users.length; i += SENDERS) await Promise.all(users.slice(i, i + SENDERS).map((user) => post(A, user, '你好')));
    const resetLimits = () => db.delete(rateLimitCounters).where(like(rateLimitCounters.bucket, 'chat:%'));

    const lastSeen = new Map<number, number>();
    const writeThenRead = async (user: User, text: string): Promise<void> => {
      const id = await post(A, user, text);
      const after = lastSeen.get(user.id) ?? id - 1;
      const response = await fetch(`${B}/api/v1/chat/messages?after_id=${Math.min(after, id - 1)}&limit=100`, { headers: { authorization: user.bearer } });
      const body = (await response.json()) as { data: { messages: Array<{ id: number }> } };
      if (!body.data.messages.some((message) => message.id === id)) throw new Error(`message ${id} not read back on B`);
      lastSeen.set(user.id, id);
    };
    await resetLimits();
    await run(users, writeThenRead, WARMUP_MS);
    await resetLimits();
    const baseline = await run(users, writeThenRead, DURATION_MS);

    streams = await openStreams(B, users);
    const live = streams;
    const viaStream = async (user: User, text: string): Promise<void> => {
      const id = await post(A, user, text);
      await live.waitFor(id);
    };
    await resetLimits();
    await run(users, viaStream, WARMUP_MS);
    await resetLimits();
    const streamed = await run(users, viaStream, DURATION_MS);
    await closeDatabase();

    console.log(`\nChat delivery across two processes (issue 15): ${CONVERSATIONS} open conversations, ${CONVERSATIONS} streams on process B, ${SENDERS} senders posting through process A, ${DURATION_MS / 1000} s per case`);
    console.log('| case | delivered | per s | p50 ms | p95 ms | failures | rate vs baseline | p95 vs baseline |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(row('write on A, read back on B (baseline)', baseline, baseline));
    console.log(row('write on A, pushed to the stream on B', streamed, baseline));
  } finally {
    streams?.close();
    await Promise.all(processes.map((managed) => stopManaged(managed)));
    await closeDatabase().catch(() => undefined);
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await dropper.end();
  }
}

await main();
