/**
 * Chat delivery across processes (issue 15): two production processes A and B (dist/main.mjs) on
 * one PostgreSQL database (a scratch database on DATABASE_URL_TEST's server). A message posted
 * through A reaches a stream held open on B, through PostgreSQL LISTEN/NOTIFY and B's own read; a
 * stream through nginx gets it too (nothing buffers it); a stream reopened with Last-Event-ID gets
 * what was sent while it was closed; stopping a process ends its streams instead of holding them.
 *
 * Skipped, saying why, where no PostgreSQL server is named (DATABASE_URL_TEST). No browser.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createSseParser, type SseEvent } from '../../src/features/chat/rules/chat';
import { closeDatabase, openDatabase, type Db } from '../../src/platform/db/client';
import { issueToken } from '../../src/features/sign-in/server/tokens';
import { createUser } from '../../src/features/account/server/users';
import { spawn } from 'node:child_process';
import { ENTRY } from '../../scripts/build-if-needed.ts';
import { findNginx, freePort, processEnv, startMultiProcess, stopManaged, waitForHealth, type ManagedProcess, type MultiProcessDeployment } from '../../scripts/multi-process.ts';

const ROOT = process.cwd();
const pgUrl = process.env['DATABASE_URL_TEST'];

interface OpenStream {
  next(event: string, predicate?: (data: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<{ id: string | null; data: Record<string, unknown> }>;
  ended(): Promise<void>;
  close(): void;
}

/** Opens a chat stream with fetch, as the browser does, and collects its events. */
async function openStream(origin: string, bearer: string, lastEventId?: number): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: bearer, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(`${origin}/api/v1/chat/stream`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('content-encoding'), 'an event stream is never compressed').toBeNull();
  const events: SseEvent[] = [];
  let wake = null as (() => void) | null;
  const parser = createSseParser((event) => {
    events.push(event);
    wake?.();
  });
  let done = false;
  const finished = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        parser.push(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // aborted
    }
    done = true;
    wake?.();
  })();
  let consumed = 0;
  return {
    async next(event, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (consumed < events.length) {
          const candidate = events[consumed++]!;
          const data = JSON.parse(candidate.data) as Record<string, unknown>;
          if (candidate.event === event && predicate(data)) return { id: candidate.id, data };
        }
        if (done) throw new Error(`stream ended before a ${event} event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${event} event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    ended: () => finished,
    close: () => controller.abort(),
  };
}

async function send(origin: string, bearer: string, text: string): Promise<{ id: number; conversation_id: number }> {
  const response = await fetch(`${origin}/api/v1/chat/messages`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'text', text }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { message: { id: number; conversation_id: number } } };
  expect(body.msg).toBe('ok');
  return body.data.message;
}

test.describe.serial('chat delivery across two processes on one PostgreSQL database', () => {
  test.setTimeout(120_000);
  let deployment: MultiProcessDeployment | null = null;
  let processes: ManagedProcess[] = [];
  let A: string;
  let B: string;
  let db: Db;
  let dbName = '';
  let serial = 0;

  async function bearerFor(): Promise<string> {
    serial += 1;
    const id = await db.transaction((tx) => createUser(tx, { username: `chat_mp_${serial}_${Date.now() % 100000}`, nickname: '跨进程' }, new Date()));
    const { token } = await issueToken(db, id!, { now: new Date() });
    return `Bearer ${token}`;
  }

  test.beforeAll(async () => {
    test.skip(!pgUrl, 'needs DATABASE_URL_TEST (a PostgreSQL server): the processes share one database and its LISTEN/NOTIFY');
    test.setTimeout(240_000);
    dbName = `zuhao_chat_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();
    const env = { APP_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    if (findNginx()) {
      // The deployment as an operator runs it: two processes behind nginx.
      deployment = await startMultiProcess({ processes: 2, databaseUrl, env });
      processes = deployment.processes;
    } else {
      // Without nginx the two processes alone still prove the cross-process delivery.
      for (let i = 0; i < 2; i += 1) {
        const port = await freePort();
        const child = spawn(process.execPath, [ENTRY], { cwd: ROOT, env: processEnv({ processes: 2, databaseUrl, env }, port), stdio: ['ignore', 'pipe', 'pipe'] });
        const output: string[] = [];
        child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
        processes.push({ child, port, url: `http://127.0.0.1:${port}`, output });
      }
      await Promise.all(processes.map((managed) => waitForHealth(managed)));
    }
    [A, B] = processes.map((managed) => managed.url) as [string, string];
    db = await openDatabase({ databaseUrl, dataDir: '', migrationsDir: path.join(ROOT, 'drizzle') });
  });

  test.afterAll(async () => {
    if (deployment) await deployment.stop();
    else await Promise.all(processes.map((managed) => stopManaged(managed)));
    await closeDatabase();
    if (dbName) {
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await dropper.end();
    }
  });

  test('a message posted through process A reaches a stream held open on process B', async () => {
    const bearer = await bearerFor();
    const stream = await openStream(B, bearer);
    await stream.next('ready');
    const sent = await send(A, bearer, '从进程 A 发出');
    const got = await stream.next('message', (data) => data['id'] === sent.id);
    expect(got.id).toBe(String(sent.id));
    expect(got.data).toMatchObject({ text: '从进程 A 发出', sender: 'user', conversation_id: sent.conversation_id });
    await stream.next('state', (data) => (data['conversation'] as { status?: string } | null)?.status === 'waiting');
    stream.close();
  });

  test('a stream through nginx receives each event as it is sent (not buffered)', async () => {
    test.skip(!deployment, 'needs nginx (apt-get install -y nginx; .ci/run installs it)');
    const bearer = await bearerFor();
    const stream = await openStream(deployment!.url, bearer);
    await stream.next('ready');
    for (const process of [A, B]) {
      const sent = await send(process, bearer, `经 nginx ${process}`);
      await stream.next('message', (data) => data['id'] === sent.id, 5_000);
    }
    stream.close();
  });

  test('a stream reopened on the other process with Last-Event-ID gets what was sent while it was closed, in order', async () => {
    const bearer = await bearerFor();
    const first = await openStream(B, bearer);
    await first.next('ready');
    const seen = await send(A, bearer, '第一条');
    await first.next('message', (data) => data['id'] === seen.id);
    first.close();
    const missed = [await send(B, bearer, '断开时 1'), await send(A, bearer, '断开时 2')];
    const again = await openStream(A, bearer, seen.id);
    for (const message of missed) expect((await again.next('message')).id).toBe(String(message.id));
    again.close();
  });

  test('stopping a process ends its open streams at once (the browser reconnects elsewhere)', async () => {
    const bearer = await bearerFor();
    const stream = await openStream(B, bearer);
    await stream.next('ready');
    const started = Date.now();
    await stopManaged(processes[1]!);
    await stream.ended();
    expect(Date.now() - started, 'closed by the shutdown, not by the 5 s cut').toBeLessThan(4_000);
    // A still delivers its own streams.
    const survivor = await openStream(A, bearer);
    await survivor.next('ready');
    const sent = await send(A, bearer, '仍在服务');
    await survivor.next('message', (data) => data['id'] === sent.id);
    survivor.close();
  });
});
