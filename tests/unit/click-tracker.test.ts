import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildClickPayload,
  CLICK_COLLECTOR_PATH,
  createClickTracker,
  installClickTracking,
  parseClickValue,
  resolveIsJump,
  type ClickRecord,
} from '~/features/analytics/click-tracker';

/** A clock that returns the given instants in turn. */
function clockAt(...instants: number[]): () => number {
  let i = 0;
  return () => instants[Math.min(i++, instants.length - 1)]!;
}

const game = { gameId: 12, gameName: '三角洲行动' };
const product = { productId: 'A9', productName: '王者荣耀V8账号' };

describe('click tracking record (spec §3)', () => {
  it('the first record has time 0 and carries action, now, isJump and value', () => {
    const sent: ClickRecord[] = [];
    const track = createClickTracker((r) => sent.push(r), clockAt(1_700_000_000_000));
    const record = track('hall_game', game, true);
    expect(record).toEqual({ action: 'hall_game', now: 1_700_000_000_000, isJump: true, value: game, time: 0 });
    expect(sent).toEqual([record]);
  });

  it('time is the whole seconds since the previous record', () => {
    const track = createClickTracker(() => undefined, clockAt(10_000, 12_400, 72_400, 72_900));
    expect(track('a', game).time).toBe(0);
    expect(track('b', product).time).toBe(2);
    expect(track('c', { id: 1, name: '首页' }).time).toBe(60);
    expect(track('d', game).time).toBe(1);
  });

  it('isJump defaults to false', () => {
    const track = createClickTracker(() => undefined, clockAt(0));
    expect(track('x', game).isJump).toBe(false);
  });

  it('a clock that steps back gives 0, never a negative gap', () => {
    const track = createClickTracker(() => undefined, clockAt(50_000, 40_000));
    track('a', game);
    expect(track('b', game).time).toBe(0);
  });

  it('each tracker keeps its own previous record', () => {
    const one = createClickTracker(() => undefined, clockAt(0, 5_000));
    const two = createClickTracker(() => undefined, clockAt(5_000));
    one('a', game);
    expect(two('b', game).time).toBe(0);
    expect(one('c', game).time).toBe(5);
  });
});

describe('data-track-value parsing', () => {
  it.each([
    ['{"gameId":12,"gameName":"三角洲行动"}', game],
    ['{"productId":"A9","productName":"王者荣耀V8账号"}', product],
    ['{"id":3,"name":"特价"}', { id: 3, name: '特价' }],
  ])('accepts %s', (json, value) => {
    expect(parseClickValue(json)).toEqual(value);
  });

  it('keeps only the id/name pair', () => {
    expect(parseClickValue('{"gameId":1,"gameName":"g","extra":"x"}')).toEqual({ gameId: 1, gameName: 'g' });
  });

  it.each([null, '', 'not json', '42', 'null', '{"gameId":1}', '{"name":"n"}', '{"id":"","name":"n"}'])(
    'rejects %s',
    (json) => {
      expect(parseClickValue(json)).toBeNull();
    },
  );
});

describe('collector payload', () => {
  const record: ClickRecord = { action: 'rent', now: 1, isJump: false, value: product, time: 3 };

  it('is kind click with the record, the path and the onlyuser session id', () => {
    expect(buildClickPayload(record, '/detail/9.html', 'a'.repeat(32))).toEqual({
      kind: 'click',
      action: 'rent',
      value: product,
      isJump: false,
      now: 1,
      time: 3,
      path: '/detail/9.html',
      sessionId: 'a'.repeat(32),
    });
  });

  it('leaves sessionId out when the visit has none', () => {
    expect(buildClickPayload(record, '/', null)).not.toHaveProperty('sessionId');
  });

  it('isJump follows data-track-jump, else whether the click is inside a link', () => {
    expect(resolveIsJump('true', false)).toBe(true);
    expect(resolveIsJump('', false)).toBe(true);
    expect(resolveIsJump('false', true)).toBe(false);
    expect(resolveIsJump(null, true)).toBe(true);
    expect(resolveIsJump(null, false)).toBe(false);
  });
});

/** Just enough of Element for the delegated listener: attributes and closest(). */
interface FakeElement {
  attrs: Record<string, string>;
  parent: FakeElement | null;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}

function fakeElement(attrs: Record<string, string>, parent: FakeElement | null = null): FakeElement {
  const el: FakeElement = {
    attrs,
    parent,
    getAttribute: (name: string) => attrs[name] ?? null,
    closest(selector: string): unknown {
      for (let node: FakeElement | null = el; node; node = node.parent) {
        if (selector === '[data-track]' && 'data-track' in node.attrs) return node;
        if (selector === 'a[href]' && node.attrs.tag === 'a' && 'href' in node.attrs) return node;
      }
      return null;
    },
  };
  return el;
}

function fakeDocument(pathname = '/zuhao.html') {
  let listener: ((event: Event) => void) | null = null;
  const doc = {
    location: { pathname },
    addEventListener: vi.fn((_type: string, fn: (event: Event) => void) => {
      listener = fn;
    }),
    removeEventListener: vi.fn(() => {
      listener = null;
    }),
    click(target: unknown) {
      listener?.({ target } as unknown as Event);
    },
  };
  return doc;
}

describe('installClickTracking', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('beacons a JSON click record for a [data-track] element, with one delegated listener', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => (key === 'onlyuser' ? 'S'.repeat(32) : null) });
    const doc = fakeDocument('/zuhao/12.html');
    const uninstall = installClickTracking(doc as unknown as Document, { clock: clockAt(1_000, 4_000) });
    expect(installClickTracking(doc as unknown as Document)).toBe(uninstall);
    expect(doc.addEventListener).toHaveBeenCalledTimes(1);

    const link = fakeElement({ tag: 'a', href: '/detail/9.html' });
    const card = fakeElement({ 'data-track': 'card_click', 'data-track-value': JSON.stringify(product) }, link);
    const title = fakeElement({}, card);
    doc.click(title);
    doc.click(fakeElement({ 'data-track': 'filter', 'data-track-value': JSON.stringify(game) }));

    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(CLICK_COLLECTOR_PATH);
    expect(url).toBe('/api/v1/collector/activity');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      kind: 'click',
      action: 'card_click',
      value: product,
      isJump: true,
      now: 1_000,
      time: 0,
      path: '/zuhao/12.html',
      sessionId: 'S'.repeat(32),
    });
    const second = JSON.parse(await sendBeacon.mock.calls[1]![1].text());
    expect(second).toMatchObject({ action: 'filter', value: game, isJump: false, now: 4_000, time: 3 });

    uninstall();
    expect(doc.removeEventListener).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks outside tracked elements and only logs a bad data-track-value', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = fakeDocument();
    const uninstall = installClickTracking(doc as unknown as Document);
    doc.click(fakeElement({}));
    doc.click(null);
    doc.click(fakeElement({ 'data-track': 'x', 'data-track-value': '{oops' }));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('falls back to fetch keepalive when the beacon is refused', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    vi.stubGlobal('fetch', fetchMock);
    const doc = fakeDocument();
    const uninstall = installClickTracking(doc as unknown as Document, { endpoint: 'https://api.example.test/c' });
    doc.click(fakeElement({ 'data-track': 'x', 'data-track-value': '{"id":1,"name":"n"}' }));
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.test/c', expect.objectContaining({ method: 'POST', keepalive: true }));
    uninstall();
  });
});
