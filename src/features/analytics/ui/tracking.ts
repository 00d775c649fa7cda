/**
 * Channels, activity reports and click batches in the browser (spec §1 visitor tracking, §3
 * Report record and local storage keys, §7 collector calls, §9 timings). page-chrome.ts loads this
 * chunk lazily on every page; the decisions (which parameters, when to report, what is malformed)
 * are the pure modules of src/features/analytics/tracking, wired here to the page, storage and the network.
 */
import { installClickTracking, type ClickPayload } from '~/features/analytics/click-tracker';
import { SESSION_ID_STORAGE_KEY } from '~/platform/config/constants';
import { ACTIVITY_REPORT_INTERVAL_MS, CLICK_FLUSH_MS, CLICK_QUEUE_MAX, HIDDEN_PAGE_SAVE_MS } from '~/features/analytics/constants';
import { createBatchQueue, type BatchQueue } from '~/features/analytics/tracking/batch-queue';
import { parseChannelParams, readStoredChannel, saveChannelParams, semOf } from '~/features/analytics/tracking/channel';
import { MSG_PENDING_FORMAT_ERROR, PENDING_REPORT_KEY, appendPendingReport, parsePendingReports, removePendingReport, type ReportRecord } from '~/features/analytics/tracking/pending-reports';
import { createReportScheduler, type ReportReason, type ReportScheduler, type TimerPort } from '~/features/analytics/tracking/report-timer';
import { $auth, currentToken } from '~/platform/stores/auth';
import { showError } from '~/platform/stores/ui';
import { captureInviteCode } from '~/features/sign-in/ui/invite-code';
import { ANALYTICS_ROUTES } from '~/features/analytics/routes';
import { hrefOf } from '~/platform/wire/route';

const ACTIVITY_URL = hrefOf(ANALYTICS_ROUTES.activity);
const USER_ACTIVITY_URL = hrefOf(ANALYTICS_ROUTES.userActivity);

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * POSTs JSON to the collector. While signed in it is fetch keepalive with the Bearer token (a
 * beacon cannot carry it); a visitor's last words on exit go by sendBeacon, else fetch keepalive.
 */
function post(url: string, body: unknown, exit: boolean): Promise<boolean> {
  const text = JSON.stringify(body);
  const token = currentToken();
  if (exit && !token && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([text], { type: 'application/json' }))) return Promise.resolve(true);
    } catch {
      // fall through to fetch
    }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: 'POST', body: text, headers, keepalive: true }).then(
    (response) => response.ok,
    () => false,
  );
}

/** spec §3 Report record for this page now. */
function buildRecord(stayS: number, action: string, value?: Record<string, unknown>): ReportRecord {
  const sessionId = storage('session')?.getItem(SESSION_ID_STORAGE_KEY) ?? undefined;
  const userId = $auth.get().user?.id;
  const record: ReportRecord = {
    kind: 'activity',
    title: document.title.slice(0, 128),
    time: stayS,
    pageTools: value === undefined ? { action: action.slice(0, 64) } : { action: action.slice(0, 64), value },
    userId: typeof userId === 'number' ? userId : null,
    sem: semOf(readStoredChannel(storage('local'))),
    prevPage: document.referrer ? document.referrer.slice(0, 512) : null,
    agent: navigator.userAgent,
    path: location.pathname.slice(0, 512),
  };
  const name = document.documentElement.dataset.route;
  if (name) record.name = name.slice(0, 64);
  if (sessionId && /^[A-Za-z0-9]{32}$/.test(sessionId)) record.sessionId = sessionId;
  return record;
}

/** spec §7 user-activity: what earlier pages saved under pendingReportData, sent as one batch. */
function sendPendingReports(store: Storage | null): void {
  if (!store) return;
  const raw = store.getItem(PENDING_REPORT_KEY);
  const read = parsePendingReports(raw);
  if (!read.ok) {
    store.removeItem(PENDING_REPORT_KEY);
    showError(MSG_PENDING_FORMAT_ERROR);
    return;
  }
  if (read.records.length === 0) return;
  // Removed before sending: a record is lost on a failed send rather than counted twice.
  store.removeItem(PENDING_REPORT_KEY);
  void post(USER_ACTIVITY_URL, read.records, false);
}

const port: TimerPort = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

let scheduler: ReportScheduler | null = null;
let clicks: BatchQueue<ClickPayload> | null = null;

function startScheduler(): ReportScheduler {
  const store = storage('local');
  let saved: ReportRecord | null = null;
  return createReportScheduler(
    port,
    {
      report: (reason: ReportReason, stayS, pageTools) => {
        void post(ACTIVITY_URL, buildRecord(stayS, pageTools?.action ?? reason, pageTools?.value), reason === 'exit');
      },
      save: (stayS) => {
        saved = buildRecord(stayS, 'hidden');
        try {
          store?.setItem(PENDING_REPORT_KEY, appendPendingReport(store.getItem(PENDING_REPORT_KEY), saved));
        } catch {
          // Storage full: this record is not kept.
        }
      },
      release: (send) => {
        if (!saved) return;
        const record = saved;
        saved = null;
        const left = removePendingReport(store?.getItem(PENDING_REPORT_KEY) ?? null, record);
        if (left === null) store?.removeItem(PENDING_REPORT_KEY);
        else store?.setItem(PENDING_REPORT_KEY, left);
        if (send) void post(USER_ACTIVITY_URL, [record], false);
      },
    },
    { intervalMs: ACTIVITY_REPORT_INTERVAL_MS, hiddenSaveMs: HIDDEN_PAGE_SAVE_MS, visible: document.visibilityState === 'visible' },
  );
}

/** spec §7 "manual" activity report: any script may call it (action names what happened). */
export function reportActivity(action: string, value?: Record<string, unknown>): void {
  scheduler?.manual(action, value);
}

let started = false;

/** Once per page: keep channel parameters and the invite code, send pending reports, start the timers and the click queue. */
export function startTracking(): void {
  if (started) return;
  started = true;
  const store = storage('local');
  saveChannelParams(parseChannelParams(location.search, location.hash), location.href, store);
  captureInviteCode(location.search, store);
  sendPendingReports(store);

  scheduler = startScheduler();
  clicks = createBatchQueue<ClickPayload>({
    send: (batch, exit) => void post(ACTIVITY_URL, batch, exit),
    setTimeout: port.setTimeout,
    clearTimeout: port.clearTimeout,
    flushMs: CLICK_FLUSH_MS,
    max: CLICK_QUEUE_MAX,
  });
  installClickTracking(document, {
    send: (payload) => {
      clicks?.push(payload);
      // A click that leaves the page sends the queue now, while the page is surely alive.
      if (payload.isJump) clicks?.flush(true);
    },
  });

  document.addEventListener('visibilitychange', () => scheduler?.visibility(document.visibilityState === 'visible'));
  addEventListener('pagehide', () => {
    clicks?.flush(true);
    scheduler?.exit();
  });
  // Back from the back/forward cache: the page lives again, so its timers do too.
  addEventListener('pageshow', (event) => {
    if (event.persisted) scheduler = startScheduler();
  });
  // Tests wait for it (as for data-chrome-ready); nothing else reads it.
  document.documentElement.setAttribute('data-tracking-ready', '');
}
