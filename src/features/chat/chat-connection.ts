/**
 * The browser's live line to the chat: server-sent events read with fetch (EventSource
 * cannot send the Bearer header), resumed after the last message id it saw (Last-Event-ID), with
 * backoff on failure, and polling once the stream has failed CHAT_STREAM_FAILURES_BEFORE_POLLING
 * times in a row (a proxy that buffers or cuts streams, a flaky network); while polling it tries
 * the stream again every CHAT_STREAM_RETRY_AFTER_POLLING_MS. Nothing here touches the DOM: the
 * store (stores/chat.ts) and the console island give it their callbacks, tests give it a fake fetch.
 */
import { CHAT_POLL_MS, CHAT_STREAM_FAILURES_BEFORE_POLLING, CHAT_STREAM_RETRY_AFTER_POLLING_MS } from '~/features/chat/constants';
import { createSseParser, reconnectDelayMs, shouldPoll, type SseEvent } from '~/features/chat/rules/chat';

export type ChatLinkStatus = 'connecting' | 'live' | 'polling' | 'stopped';

export interface ChatConnectionOptions {
  url: string;
  /** Request headers of each attempt (the current token; the resume point is added here). */
  headers(): Record<string, string>;
  /** The id to resume after (the newest message the caller holds), or null for "from now". */
  resumeAfter(): number | null;
  onEvent(event: SseEvent): void;
  onStatus(status: ChatLinkStatus): void;
  /** One poll while the stream is down (fetch what came after resumeAfter()). */
  poll(): Promise<void>;
  /** A 401/403/404 answer: the caller signs out or gives up; the connection stops. */
  onRefused?(status: number): void;
  fetch?: typeof fetch;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface ChatConnection {
  start(): void;
  stop(): void;
  readonly status: ChatLinkStatus;
}

export function createChatConnection(options: ChatConnectionOptions): ChatConnection {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let status: ChatLinkStatus = 'stopped';
  let failures = 0;
  let abort: AbortController | null = null;
  let timer: unknown = null;
  let pollTimer: unknown = null;
  let streamRetryAt = 0;
  let running = false;

  const setStatus = (next: ChatLinkStatus): void => {
    if (status === next) return;
    status = next;
    options.onStatus(next);
  };

  const schedule = (run: () => void, ms: number): void => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      run();
    }, ms);
  };

  const stopPolling = (): void => {
    if (pollTimer !== null) clearTimer(pollTimer);
    pollTimer = null;
  };

  const pollLoop = (): void => {
    if (!running) return;
    setStatus('polling');
    void options.poll().catch(() => undefined).finally(() => {
      if (!running || status !== 'polling') return;
      if (Date.now() >= streamRetryAt) {
        stopPolling();
        connect();
        return;
      }
      pollTimer = setTimer(pollLoop, CHAT_POLL_MS);
    });
  };

  const failed = (): void => {
    if (!running) return;
    failures += 1;
    if (shouldPoll(failures, CHAT_STREAM_FAILURES_BEFORE_POLLING)) {
      streamRetryAt = Date.now() + CHAT_STREAM_RETRY_AFTER_POLLING_MS;
      pollLoop();
      return;
    }
    setStatus('connecting');
    schedule(connect, reconnectDelayMs(failures, random()));
  };

  function connect(): void {
    if (!running) return;
    setStatus(status === 'polling' ? 'polling' : 'connecting');
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers() };
    const after = options.resumeAfter();
    if (after !== null) headers['last-event-id'] = String(after);
    void (async () => {
      let sawData = false;
      try {
        const response = await doFetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
        if ([401, 403, 404].includes(response.status)) {
          running = false;
          setStatus('stopped');
          options.onRefused?.(response.status);
          return;
        }
        if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          throw new Error(`stream answered ${response.status}`);
        }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const parser = createSseParser((event) => {
          if (!sawData) {
            sawData = true;
            failures = 0;
            stopPolling();
            setStatus('live');
          }
          options.onEvent(event);
        });
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          parser.push(decoder.decode(chunk.value, { stream: true }));
        }
      } catch {
        // network error, abort, or a refused answer: handled below
      }
      if (controller.signal.aborted || !running) return;
      // The server ended the stream (a restart, a cut): reconnect at once if it had been live.
      if (sawData) {
        failures = 0;
        setStatus('connecting');
        schedule(connect, reconnectDelayMs(1, random()));
        return;
      }
      failed();
    })();
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      connect();
    },
    stop() {
      running = false;
      abort?.abort();
      abort = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
      stopPolling();
      setStatus('stopped');
    },
    get status() {
      return status;
    },
  };
}
