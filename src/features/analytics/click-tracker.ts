/**
 * Spec §2 click tracker and §3 "Click tracking record". The record logic is pure (clock and
 * sender injected); installClickTracking wires it to the page with one delegated listener:
 *
 *   <a href="/detail/9.html" data-track="card_click" data-track-value='{"productId":9,"productName":"..."}'>
 */
import { SESSION_ID_STORAGE_KEY } from '~/platform/config/constants';
import { ANALYTICS_ROUTES } from '~/features/analytics/routes';
import { hrefOf } from '~/platform/wire/route';

export type ClickValue =
  | { gameId: number | string; gameName: string }
  | { productId: number | string; productName: string }
  | { id: number | string; name: string };

export interface ClickRecord {
  action: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** The click leaves the page (follows a link). */
  isJump: boolean;
  value: ClickValue;
  /** Whole seconds since the previous record of this tracker; 0 for the first. */
  time: number;
}

export type TrackClick = (action: string, value: ClickValue, isJump?: boolean) => ClickRecord;

export function createClickTracker(send: (record: ClickRecord) => void, clock: () => number = () => Date.now()): TrackClick {
  let previous: number | null = null;
  return (action, value, isJump = false) => {
    const now = clock();
    // A clock that steps back (manual change, sync) must not produce a negative gap.
    const time = previous === null ? 0 : Math.max(0, Math.round((now - previous) / 1000));
    previous = now;
    const record: ClickRecord = { action, now, isJump, value, time };
    send(record);
    return record;
  };
}

const isId = (v: unknown): v is number | string => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '');

/** Reads a data-track-value attribute: JSON holding one of the spec's three id/name pairs. */
export function parseClickValue(json: string | null | undefined): ClickValue | null {
  if (!json) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const v = raw as Record<string, unknown>;
  if (isId(v.gameId) && typeof v.gameName === 'string') return { gameId: v.gameId, gameName: v.gameName };
  if (isId(v.productId) && typeof v.productName === 'string') return { productId: v.productId, productName: v.productName };
  if (isId(v.id) && typeof v.name === 'string') return { id: v.id, name: v.name };
  return null;
}

export interface ClickPayload {
  kind: 'click';
  action: string;
  value: ClickValue;
  isJump: boolean;
  /** The click's own clock (spec §3 click record "now"), milliseconds since the epoch. */
  now: number;
  time: number;
  path: string;
  /** The session key onlyuser (spec §3); absent when the visit has none yet. */
  sessionId?: string;
}

export function buildClickPayload(record: ClickRecord, path: string, sessionId: string | null): ClickPayload {
  const payload: ClickPayload = {
    kind: 'click',
    action: record.action,
    value: record.value,
    isJump: record.isJump,
    now: record.now,
    time: record.time,
    path,
  };
  if (sessionId) payload.sessionId = sessionId;
  return payload;
}

/** Where the element's click goes: an explicit data-track-jump wins, else "inside a real link". */
export function resolveIsJump(trackJump: string | null, insideLink: boolean): boolean {
  if (trackJump === 'true' || trackJump === '') return true;
  if (trackJump === 'false') return false;
  return insideLink;
}

export const CLICK_COLLECTOR_PATH = hrefOf(ANALYTICS_ROUTES.activity);

function readSessionId(): string | null {
  try {
    return sessionStorage.getItem(SESSION_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** sendBeacon survives the page unloading after a link click; fetch keepalive is the fallback. */
function beacon(url: string, body: string): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
      () => undefined,
    );
  } catch {
    // Tracking must never break a click.
  }
}

export interface ClickTrackingOptions {
  /** Collector URL; the API base of another host may be prefixed here. */
  endpoint?: string;
  clock?: () => number;
  /** Where each payload goes instead of its own beacon (the page's batch queue, src/features/analytics/ui/tracking.ts). */
  send?: (payload: ClickPayload) => void;
}

const installed = new WeakMap<Document, () => void>();

/**
 * Listens once per document for clicks on [data-track] elements and reports each one.
 * Returns a function that removes the listener. Calling it twice for one document is harmless.
 */
export function installClickTracking(root: Document, options: ClickTrackingOptions = {}): () => void {
  const existing = installed.get(root);
  if (existing) return existing;
  const endpoint = options.endpoint ?? CLICK_COLLECTOR_PATH;
  const send = options.send ?? ((payload: ClickPayload) => beacon(endpoint, JSON.stringify(payload)));
  const track = createClickTracker((record) => {
    const path = root.location?.pathname ?? '/';
    send(buildClickPayload(record, path, readSessionId()));
  }, options.clock);

  const onClick = (event: Event): void => {
    const target = event.target as Element | null;
    const element = target && typeof target.closest === 'function' ? target.closest('[data-track]') : null;
    if (!element) return;
    const action = element.getAttribute('data-track');
    const value = parseClickValue(element.getAttribute('data-track-value'));
    if (!action || !value) {
      // Spec §8: a markup mistake is logged, never shown to the renter.
      console.warn('click tracking: data-track needs an action and a data-track-value JSON id/name pair', element);
      return;
    }
    const link = target!.closest('a[href]');
    const insideLink = link !== null && !(link.getAttribute('href') ?? '').startsWith('#');
    track(action, value, resolveIsJump(element.getAttribute('data-track-jump'), insideLink));
  };

  // Capture phase: the record is sent even when a handler below stops propagation.
  root.addEventListener('click', onClick, true);
  const uninstall = (): void => {
    root.removeEventListener('click', onClick, true);
    installed.delete(root);
  };
  installed.set(root, uninstall);
  return uninstall;
}
