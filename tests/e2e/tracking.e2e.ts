/**
 * Issue 14 channels, conversions and activity reports in the browser: spec §1 visitor tracking,
 * §3 local storage keys (channelInfo, baidu_bd_vid, qhclickid, pendingReportData, the invite
 * code), §7 collector calls (activity, user-activity, upload-convert-data), §8 暂存存储格式错误,
 * §9 activity report 60 s and hidden-page save 5 min.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { phoneFor, smsCodeFor, solveSlider } from './support';

const ACTIVITY = '/api/v1/collector/activity';
const USER_ACTIVITY = '/api/v1/collector/userActivity';
const CONVERT = '/api/v1/collector/uploadConvertData';

interface Posted {
  kind?: string;
  action?: string;
  time?: number;
  path?: string;
  pageTools?: { action: string };
  value?: Record<string, unknown>;
}

interface Answered {
  request: Request;
  status: number;
  json: { code: number; data: unknown };
}

/**
 * Beacon bodies are readable only through a route (see page-view.e2e.ts), and the answer of a
 * keepalive request only there too: the route fetches it, keeps it and passes it on unchanged.
 * On the context, so a report sent while a page unloads is seen as well.
 */
let answered: Answered[] = [];
test.beforeEach(async ({ context }) => {
  answered = [];
  for (const path of [ACTIVITY, USER_ACTIVITY, CONVERT]) {
    await context.route(`**${path}`, async (route) => {
      try {
        const response = await route.fetch();
        const text = await response.text();
        answered.push({ request: route.request(), status: response.status(), json: JSON.parse(text || 'null') as Answered['json'] });
        await route.fulfill({ response, body: text });
      } catch {
        // The test ended (page closed) while the call was in flight.
      }
    });
  }
});

/** The first answered collector call matching `match`, waiting for it. */
async function answerOf(match: (request: Request) => boolean): Promise<Answered> {
  await expect.poll(() => answered.some((a) => match(a.request)), { timeout: 15_000 }).toBe(true);
  return answered.find((a) => match(a.request))!;
}

const isPost = (request: Request, path: string): boolean => request.method() === 'POST' && new URL(request.url()).pathname === path;
const bodyOf = (request: Request): unknown => {
  try {
    return request.postDataJSON() as unknown;
  } catch {
    return null;
  }
};
const records = (request: Request): Posted[] => {
  const body = bodyOf(request);
  return (Array.isArray(body) ? body : [body]).filter((r): r is Posted => typeof r === 'object' && r !== null);
};

async function waitForTracking(page: Page): Promise<void> {
  await expect(page.locator('html[data-tracking-ready]')).toBeAttached();
}

const stored = (page: Page, key: string): Promise<string | null> => page.evaluate((k) => localStorage.getItem(k), key);

/** Makes the page report itself hidden (or visible) and fires visibilitychange, as a tab switch does. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('channel parameters of the landing URL land in localStorage under the spec keys and stay', async ({ page }) => {
  await page.goto('/?a=toutiao&b=net7&c=u42&bd_vid=BD77&qhclickid=QH9&invite=INV123');
  await waitForTracking(page);
  expect(JSON.parse((await stored(page, 'channelInfo'))!)).toEqual({ channel: 'toutiao', netId: 'net7', uid: 'u42' });
  expect(await stored(page, 'baidu_bd_vid')).toBe('BD77');
  expect(await stored(page, 'qhclickid')).toBe('QH9');
  expect(await stored(page, 'inviteCode')).toBe('INV123');

  await page.goto('/help');
  await waitForTracking(page);
  expect(JSON.parse((await stored(page, 'channelInfo'))!)).toMatchObject({ channel: 'toutiao' });
  expect(await stored(page, 'channelLanding')).toContain('a=toutiao');
});

test('a channel in a hash route is kept too (sourceid stands in for a)', async ({ page }) => {
  await page.goto('/help#/register?sourceid=sogou&c=77');
  await waitForTracking(page);
  expect(JSON.parse((await stored(page, 'channelInfo'))!)).toEqual({ channel: 'sogou', netId: '', uid: '77' });
});

test('registering after a channel visit posts the conversion once, type 6 with the landing URL', async ({ page, context }, testInfo) => {
  const conversions: Request[] = [];
  page.on('request', (request) => {
    if (isPost(request, CONVERT)) conversions.push(request);
  });
  await page.goto('/?a=baidu_sem&bd_vid=BDREG1');
  await waitForTracking(page);

  const phone = phoneFor(14_700 + testInfo.workerIndex);
  await page.goto('/register');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('main');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码', { exact: true }).fill('channel_pass_2026');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await solveSlider(page);
  await form.getByLabel('验证码').fill(await smsCodeFor(context, phone));
  await form.getByLabel(/我已阅读并同意/).check();
  await form.getByRole('button', { name: '注册', exact: true }).click();
  const response = await answerOf((request) => isPost(request, CONVERT));

  expect(response.status).toBe(200);
  expect(response.json).toMatchObject({ code: 0, data: { counted: true } });
  const body = bodyOf(response.request) as Record<string, unknown>;
  expect(body).toMatchObject({ conversion_type: 6, channel: 'baidu_sem', bd_vid: 'BDREG1' });
  expect(String(body.landing_url)).toMatch(/\/\?a=baidu_sem&bd_vid=BDREG1$/);
  expect(String(body.token)).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Signed in now: later pages post no second conversion, and the server counts a repeat once.
  await page.goto('/help');
  await waitForTracking(page);
  await page.waitForLoadState('networkidle');
  expect(conversions).toHaveLength(1);
  const repeat = await page.request.post(CONVERT, { data: body });
  expect(await repeat.json()).toMatchObject({ code: 0, data: { counted: false } });
});

test('an activity report goes out every 60 s while visible, none while hidden', async ({ page }) => {
  await page.clock.install();
  await page.goto('/help');
  await waitForTracking(page);

  const first = page.waitForRequest((request) => isPost(request, ACTIVITY) && records(request).some((r) => r.pageTools?.action === 'interval'));
  await page.clock.runFor(60_000);
  const report = records(await first)[0]!;
  expect(report).toMatchObject({ kind: 'activity', name: 'help', path: '/help', time: 60, pageTools: { action: 'interval' } });
  expect(report).toHaveProperty('title', await page.title());

  let hiddenReports = 0;
  page.on('request', (request) => {
    if (isPost(request, ACTIVITY) && records(request).some((r) => r.pageTools?.action === 'interval')) hiddenReports++;
  });
  await setHidden(page, true);
  await page.clock.runFor(180_000);
  expect(hiddenReports).toBe(0);
});

test('leaving a page sends its exit report by beacon', async ({ page }) => {
  // Playwright does not see requests a page sends while it unloads, so the page's own beacon calls
  // are logged (body, and whether the browser accepted them) where the next page can read them.
  await page.addInitScript(() => {
    const texts = new WeakMap<Blob, string>();
    const NativeBlob = Blob;
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        texts.set(this, (parts ?? []).map((part) => (typeof part === 'string' ? part : '')).join(''));
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const accepted = send(url, data);
      const log = JSON.parse(localStorage.getItem('e2eBeacons') ?? '[]') as unknown[];
      log.push({ from: location.pathname, url: String(url), accepted, body: data instanceof Blob ? texts.get(data) : String(data) });
      localStorage.setItem('e2eBeacons', JSON.stringify(log));
      return accepted;
    };
  });
  await page.goto('/help');
  await waitForTracking(page);
  await page.goto('/ContactUs');
  const beacons = JSON.parse((await stored(page, 'e2eBeacons')) ?? '[]') as Array<{ from: string; url: string; accepted: boolean; body: string }>;
  const exits = beacons.filter((b) => b.from === '/help' && new URL(b.url, 'http://x').pathname === ACTIVITY && b.body.includes('"exit"'));
  expect(exits).toHaveLength(1);
  expect(exits[0]!.accepted).toBe(true);
  expect(JSON.parse(exits[0]!.body)).toMatchObject({ kind: 'activity', name: 'help', path: '/help', pageTools: { action: 'exit' } });
});

test('a page hidden 5 minutes saves its record under pendingReportData; shown again it is sent as user-activity', async ({ page }) => {
  await page.clock.install();
  await page.goto('/help');
  await waitForTracking(page);
  await setHidden(page, true);
  await page.clock.runFor(4 * 60_000);
  expect(await stored(page, 'pendingReportData')).toBeNull();
  await page.clock.runFor(60_000);
  const saved = JSON.parse((await stored(page, 'pendingReportData'))!) as Posted[];
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ path: '/help', time: 300, pageTools: { action: 'hidden' } });

  const sent = page.waitForRequest((request) => isPost(request, USER_ACTIVITY));
  await setHidden(page, false);
  expect(records(await sent)).toMatchObject([{ path: '/help', pageTools: { action: 'hidden' } }]);
  expect(await stored(page, 'pendingReportData')).toBeNull();
});

test('records left in pendingReportData are sent as one user-activity batch on the next load', async ({ page }) => {
  await page.goto('/help');
  await waitForTracking(page);
  const left = [1, 2].map((i) => ({ kind: 'activity', name: 'zuhao', title: '租号大厅', time: 300 + i, pageTools: { action: 'hidden' }, userId: null, sem: null, prevPage: null, agent: 'x', path: '/zuhao.html' }));
  await page.evaluate((value) => localStorage.setItem('pendingReportData', value), JSON.stringify(left));
  await page.reload();
  const response = await answerOf((request) => isPost(request, USER_ACTIVITY));
  expect(records(response.request).map((r) => r.time)).toEqual([301, 302]);
  expect(response.json).toMatchObject({ code: 0, data: { ids: [expect.any(Number), expect.any(Number)] } });
  expect(await stored(page, 'pendingReportData')).toBeNull();
});

test('a malformed pendingReportData shows 暂存存储格式错误 and is dropped', async ({ page }) => {
  await page.goto('/help');
  await waitForTracking(page);
  await page.evaluate(() => localStorage.setItem('pendingReportData', '{not a list'));
  let sent = 0;
  page.on('request', (request) => {
    if (isPost(request, USER_ACTIVITY)) sent++;
  });
  await page.reload();
  await expect(page.getByText('暂存存储格式错误')).toBeVisible();
  expect(await stored(page, 'pendingReportData')).toBeNull();
  expect(sent).toBe(0);
});

test('a tagged game tile click reaches the collector in a batch, with its value and isJump', async ({ page }) => {
  await page.goto('/');
  await waitForTracking(page);
  const tile = page.getByRole('list', { name: '热门游戏' }).getByRole('link').first();
  const value = JSON.parse((await tile.getAttribute('data-track-value'))!) as { gameId: number; gameName: string };
  expect(value).toEqual({ gameId: expect.any(Number), gameName: expect.any(String) });
  await tile.click();
  const batch = await answerOf((request) => isPost(request, ACTIVITY) && Array.isArray(bodyOf(request)) && records(request).some((r) => r.kind === 'click'));
  const [click] = records(batch.request).filter((r) => r.kind === 'click');
  expect(click).toMatchObject({ action: 'game_tile', value, isJump: true, path: '/' });
  expect(batch.json).toMatchObject({ code: 0, data: { ids: [expect.any(Number)] } });
});

test('clicks that stay on the page wait in the queue and go out together a few seconds later', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await waitForTracking(page);
  // Two tagged buttons that do not navigate (isJump false), as 立即租号 and 确认支付 are.
  await page.evaluate(() => {
    for (const [id, name] of [[1, '甲'], [2, '乙']] as const) {
      const button = document.createElement('button');
      button.textContent = `测试按钮${name}`;
      button.dataset.track = 'rent_button';
      button.dataset.trackValue = JSON.stringify({ productId: id, productName: name });
      document.body.prepend(button);
    }
  });
  await page.getByRole('button', { name: '测试按钮甲' }).click();
  await page.clock.runFor(2_000);
  await page.getByRole('button', { name: '测试按钮乙' }).click();
  await page.clock.runFor(2_000);
  const clickCalls = () => answered.filter((a) => isPost(a.request, ACTIVITY) && records(a.request).some((r) => r.kind === 'click'));
  expect(clickCalls()).toHaveLength(0);
  await page.clock.runFor(1_500);
  await expect.poll(() => clickCalls().length).toBe(1);
  const batch = records(clickCalls()[0]!.request);
  expect(batch.map((r) => [r.action, r.value?.productName, (r as { isJump?: boolean }).isJump, r.time])).toEqual([
    ['rent_button', '甲', false, 0],
    ['rent_button', '乙', false, 2],
  ]);
});

test('the rent button of a listing and its card carry their click tags', async ({ page }) => {
  await page.goto('/zuhao.html');
  const card = page.locator('[data-listing-card] a').first();
  const cardValue = JSON.parse((await card.getAttribute('data-track-value'))!) as { productId: number; productName: string };
  expect(await card.getAttribute('data-track')).toBe('listing_card');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/detail/${cardValue.productId}\\.html$`));
  const rent = page.locator('[data-track="rent_button"]');
  await expect(rent).toBeAttached();
  expect(JSON.parse((await rent.getAttribute('data-track-value'))!)).toEqual(cardValue);
});
