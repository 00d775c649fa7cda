/**
 * When activity reports go out (spec §7 "on first entry, route change, manual, every 60 s, on
 * exit"; §9 activity report 60 s, hidden-page save 5 min), as a pure state machine: the clock and
 * the timers are injected, so tests drive it with a fake clock and nothing here touches the DOM.
 *
 * - First entry and route change: in this multi-page app every navigation is a page load, and the
 *   inline page view (src/layouts/scripts/page-view.inline.js) is that report; the scheduler starts after it.
 * - Every `intervalMs` while the page is visible (the count restarts when it shows again).
 * - Hidden for `hiddenSaveMs`: the record is saved (pendingReportData) because a background tab
 *   may be discarded without a pagehide; shown again, the saved record is sent at once instead.
 * - Exit (pagehide): one last report; a record saved meanwhile is dropped, the exit report replaces it.
 */

export type ReportReason = 'interval' | 'manual' | 'exit';

export interface TimerPort {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface ReportHooks {
  /** Send a report now; `stayS` is whole seconds since the page started. */
  report: (reason: ReportReason, stayS: number, pageTools?: { action: string; value?: Record<string, unknown> }) => void;
  /** Save the record for the next load (hidden too long). */
  save: (stayS: number) => void;
  /** The saved record is no longer needed: send it now (`send` true) or just forget it. */
  release: (send: boolean) => void;
}

export interface ReportScheduler {
  /** The page became visible (true) or hidden (false). */
  visibility: (visible: boolean) => void;
  /** spec §7 "manual": a report the page asks for. */
  manual: (action: string, value?: Record<string, unknown>) => void;
  /** pagehide: the last report; the scheduler stops. */
  exit: () => void;
  /** Test view of the state. */
  readonly state: { visible: boolean; saved: boolean; stopped: boolean };
}

export interface SchedulerOptions {
  intervalMs: number;
  hiddenSaveMs: number;
  /** Whether the page is visible when the scheduler starts. */
  visible: boolean;
}

export function createReportScheduler(port: TimerPort, hooks: ReportHooks, options: SchedulerOptions): ReportScheduler {
  const startedAt = port.now();
  const state = { visible: options.visible, saved: false, stopped: false };
  let intervalTimer: unknown = null;
  let hiddenTimer: unknown = null;
  // A clock stepped back (manual change) must not give a negative stay.
  const stayS = (): number => Math.max(0, Math.round((port.now() - startedAt) / 1000));

  const clear = (): void => {
    if (intervalTimer !== null) port.clearTimeout(intervalTimer);
    if (hiddenTimer !== null) port.clearTimeout(hiddenTimer);
    intervalTimer = hiddenTimer = null;
  };
  const armInterval = (): void => {
    intervalTimer = port.setTimeout(() => {
      intervalTimer = null;
      if (state.stopped || !state.visible) return;
      hooks.report('interval', stayS());
      armInterval();
    }, options.intervalMs);
  };
  const armHidden = (): void => {
    hiddenTimer = port.setTimeout(() => {
      hiddenTimer = null;
      if (state.stopped || state.visible) return;
      state.saved = true;
      hooks.save(stayS());
    }, options.hiddenSaveMs);
  };

  if (state.visible) armInterval();
  else armHidden();

  return {
    state,
    visibility(visible) {
      if (state.stopped || visible === state.visible) return;
      state.visible = visible;
      clear();
      if (visible) {
        if (state.saved) {
          state.saved = false;
          hooks.release(true);
        }
        armInterval();
      } else {
        armHidden();
      }
    },
    manual(action, value) {
      if (state.stopped) return;
      hooks.report('manual', stayS(), value === undefined ? { action } : { action, value });
    },
    exit() {
      if (state.stopped) return;
      state.stopped = true;
      clear();
      if (state.saved) {
        state.saved = false;
        hooks.release(false);
      }
      hooks.report('exit', stayS());
    },
  };
}
