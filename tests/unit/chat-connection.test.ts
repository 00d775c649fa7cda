/**
 * The browser's live line to the chat (features/chat/chat-connection.ts, issue 15) against a fake fetch:
 * live on the first event, resumes with Last-Event-ID, backs off, falls back to polling after
 * repeated failures and tries the stream again later, stops on a refusal.
 */
import { describe, expect, it, vi } from 'vitest';
import { CHAT_STREAM_FAILURES_BEFORE_POLLING } from '~/features/chat/constants';
import { createChatConnection, type ChatLinkStatus } from '~/features/chat/chat-connection';
import type { SseEvent } from '~/features/chat/rules/chat';

function streamResponse(chunks: string[], keepOpen = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function harness(fetchImpl: typeof fetch, resumeAfter: () => number | null = () => null) {
  const events: SseEvent[] = [];
  const statuses: ChatLinkStatus[] = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const poll = vi.fn(async () => undefined);
  const refused = vi.fn();
  const connection = createChatConnection({
    url: '/api/v1/chat/stream',
    headers: () => ({ authorization: 'Bearer t' }),
    resumeAfter,
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    poll,
    onRefused: refused,
    fetch: fetchImpl,
    random: () => 0,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const runTimers = async (): Promise<void> => {
    for (const timer of timers.splice(0)) timer.run();
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { connection, events, statuses, timers, poll, refused, runTimers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('chat connection', () => {
  it('goes live on the first event, sends the token and resumes after the newest id it holds', async () => {
    const fetchImpl = vi.fn(async (_input: unknown, _init?: RequestInit) => streamResponse(['retry: 3000\n\nevent: ready\ndata: {}\n\n', 'id: 9\nevent: message\ndata: {"id":9}\n\n'], true));
    const h = harness(fetchImpl as unknown as typeof fetch, () => 8);
    h.connection.start();
    await settle();
    expect(h.statuses).toEqual(['connecting', 'live']);
    expect(h.events.map((e) => e.event)).toEqual(['ready', 'message']);
    const init = fetchImpl.mock.calls[0]![1] as RequestInit;
    expect(init.headers).toMatchObject({ authorization: 'Bearer t', 'last-event-id': '8', accept: 'text/event-stream' });
    h.connection.stop();
    expect(h.connection.status).toBe('stopped');
  });

  it('reconnects at once (1 s) when a live stream ends, resuming after what it got', async () => {
    let last = 0;
    const fetchImpl = vi.fn(async (_input: unknown, _init?: RequestInit) => streamResponse(['id: 3\nevent: message\ndata: {"id":3}\n\n']));
    const h = harness(fetchImpl as unknown as typeof fetch, () => last);
    const original = h.connection;
    original.start();
    await settle();
    last = 3;
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    await h.runTimers();
    expect((fetchImpl.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ 'last-event-id': '3' });
    original.stop();
  });

  it(`backs off on failures and polls after ${CHAT_STREAM_FAILURES_BEFORE_POLLING} in a row`, async () => {
    const fetchImpl = vi.fn(async (_input: unknown, _init?: RequestInit) => new Response('buffered by a proxy', { status: 200, headers: { 'content-type': 'text/html' } }));
    const h = harness(fetchImpl as unknown as typeof fetch);
    h.connection.start();
    await settle();
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    await h.runTimers();
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    await h.runTimers();
    expect(h.poll).toHaveBeenCalledTimes(1);
    expect(h.statuses.at(-1)).toBe('polling');
    h.connection.stop();
  });

  it('stops without retrying when the server refuses (401)', async () => {
    const fetchImpl = vi.fn(async (_input: unknown, _init?: RequestInit) => new Response('{}', { status: 401 }));
    const h = harness(fetchImpl as unknown as typeof fetch);
    h.connection.start();
    await settle();
    expect(h.refused).toHaveBeenCalledWith(401);
    expect(h.timers).toHaveLength(0);
    expect(h.connection.status).toBe('stopped');
  });
});
