/**
 * spec §7 activity reports (every 60 s, manual, on exit) and §9 timings (activity report 60 s,
 * hidden-page save 5 min) on a fake clock; the click batch queue of issue 14.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_REPORT_INTERVAL_MS, HIDDEN_PAGE_SAVE_MS } from '~/features/analytics/constants';
import { createBatchQueue } from '~/features/analytics/tracking/batch-queue';
import { createReportScheduler, type TimerPort } from '~/features/analytics/tracking/report-timer';

/** A clock that only moves when told, with the timers it owes. */
function fakeClock(start = 1_700_000_000_000): TimerPort & { advance: (ms: number) => void; pending: () => number } {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    pending: () => timers.size,
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
}

function recorder() {
  const events: string[] = [];
  return {
    events,
    hooks: {
      report: (reason: string, stayS: number, tools?: { action: string }) => void events.push(`report:${reason}:${stayS}${tools ? `:${tools.action}` : ''}`),
      save: (stayS: number) => void events.push(`save:${stayS}`),
      release: (send: boolean) => void events.push(`release:${send ? 'send' : 'drop'}`),
    },
  };
}

const options = { intervalMs: ACTIVITY_REPORT_INTERVAL_MS, hiddenSaveMs: HIDDEN_PAGE_SAVE_MS, visible: true };

describe('activity report scheduler (spec §7, §9)', () => {
  it('the constants are the spec\'s: 60 s and 5 min', () => {
    expect(ACTIVITY_REPORT_INTERVAL_MS).toBe(60_000);
    expect(HIDDEN_PAGE_SAVE_MS).toBe(300_000);
  });

  it('reports every 60 s while the page is visible, and not before', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    createReportScheduler(clock, hooks, options);
    clock.advance(59_999);
    expect(events).toEqual([]);
    clock.advance(1);
    expect(events).toEqual(['report:interval:60']);
    clock.advance(120_000);
    expect(events).toEqual(['report:interval:60', 'report:interval:120', 'report:interval:180']);
  });

  it('sends nothing on the timer while hidden, and restarts the 60 s count when shown again', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    clock.advance(30_000);
    scheduler.visibility(false);
    clock.advance(120_000);
    expect(events).toEqual([]);
    scheduler.visibility(true);
    clock.advance(59_000);
    expect(events).toEqual([]);
    clock.advance(1_000);
    expect(events).toEqual(['report:interval:210']);
  });

  it('a page hidden for 5 minutes saves its record once; hidden 4:59 saves nothing', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    scheduler.visibility(false);
    clock.advance(HIDDEN_PAGE_SAVE_MS - 1);
    expect(events).toEqual([]);
    clock.advance(1);
    expect(events).toEqual(['save:300']);
    clock.advance(HIDDEN_PAGE_SAVE_MS * 3);
    expect(events).toEqual(['save:300']);
    expect(scheduler.state.saved).toBe(true);
  });

  it('shown again after the save, the saved record is sent at once and the timer resumes', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    scheduler.visibility(false);
    clock.advance(HIDDEN_PAGE_SAVE_MS + 10_000);
    scheduler.visibility(true);
    expect(events).toEqual(['save:300', 'release:send']);
    clock.advance(60_000);
    expect(events.at(-1)).toBe('report:interval:370');
  });

  it('hidden then shown within 5 minutes: no save and no release', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    scheduler.visibility(false);
    clock.advance(HIDDEN_PAGE_SAVE_MS - 1_000);
    scheduler.visibility(true);
    clock.advance(HIDDEN_PAGE_SAVE_MS);
    expect(events.filter((e) => !e.startsWith('report:interval'))).toEqual([]);
  });

  it('exit sends one last report with the stay, stops the timers and ignores what comes after', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    clock.advance(75_000);
    scheduler.exit();
    scheduler.exit();
    scheduler.manual('late');
    scheduler.visibility(false);
    clock.advance(HIDDEN_PAGE_SAVE_MS * 2);
    expect(events).toEqual(['report:interval:60', 'report:exit:75']);
    expect(clock.pending()).toBe(0);
  });

  it('exit after a save drops the saved record: the exit report replaces it', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    scheduler.visibility(false);
    clock.advance(HIDDEN_PAGE_SAVE_MS);
    scheduler.exit();
    expect(events).toEqual(['save:300', 'release:drop', 'report:exit:300']);
  });

  it('a manual report goes out at once with its action', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler(clock, hooks, options);
    clock.advance(5_400);
    scheduler.manual('share', { id: 1 });
    expect(events).toEqual(['report:manual:5:share']);
  });

  it('a page that starts hidden (prerender, background tab) arms the save, not the interval', () => {
    const clock = fakeClock();
    const { events, hooks } = recorder();
    createReportScheduler(clock, hooks, { ...options, visible: false });
    clock.advance(HIDDEN_PAGE_SAVE_MS);
    expect(events).toEqual(['save:300']);
  });

  it('a clock stepped back never gives a negative stay', () => {
    let now = 10_000;
    const clock = fakeClock();
    const { events, hooks } = recorder();
    const scheduler = createReportScheduler({ ...clock, now: () => now }, hooks, options);
    now = 5_000;
    scheduler.exit();
    expect(events).toEqual(['report:exit:0']);
  });
});

describe('click batch queue (issue 14: a few seconds, not one request per click)', () => {
  function queue(max = 3) {
    const clock = fakeClock();
    const sent: Array<{ batch: number[]; exit: boolean }> = [];
    const q = createBatchQueue<number>({
      send: (batch, exit) => void sent.push({ batch, exit }),
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      flushMs: 5_000,
      max,
    });
    return { clock, sent, q };
  }

  it('holds records until flushMs after the first one, then sends them together', () => {
    const { clock, sent, q } = queue(10);
    q.push(1);
    clock.advance(2_000);
    q.push(2);
    clock.advance(2_999);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toEqual([{ batch: [1, 2], exit: false }]);
    expect(q.size).toBe(0);
  });

  it('sends at once when max records wait', () => {
    const { sent, q } = queue(3);
    q.push(1);
    q.push(2);
    q.push(3);
    expect(sent).toEqual([{ batch: [1, 2, 3], exit: false }]);
  });

  it('flush on exit sends what waits as an exit batch and cancels the timer', () => {
    const { clock, sent, q } = queue();
    q.push(7);
    q.flush(true);
    clock.advance(10_000);
    expect(sent).toEqual([{ batch: [7], exit: true }]);
  });

  it('an empty flush sends nothing', () => {
    const { sent, q } = queue();
    q.flush(true);
    expect(sent).toEqual([]);
  });
});
