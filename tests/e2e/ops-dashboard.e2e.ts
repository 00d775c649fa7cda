/**
 * Issue 15 "The numbers": a visitor's page views reach the console overview. A fresh visitor opens
 * the hall and an account's detail page; ops01 then opens /ops and finds today's visits counted
 * in the traffic chart's table, the funnel's hall and detail steps above zero, and every chart
 * named by its title. A date range in the address is kept in the form. At 1280 and 390 px, with
 * no sideways scroll (a day chart scrolls inside its own box).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatShanghaiDate } from '../../src/platform/rules/shanghai-time';
import { OPERATORS, signInOperator } from './support';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const number = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

for (const width of [1280, 390]) {
  test(`ops01 sees the overview charts with a visitor's views counted (${width} px)`, async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    // A visitor of its own browser context: a session id of its own, counted as one more visit.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/zuhao.html');
    const card = visitor.locator('a[href^="/detail/"]').first();
    await visitor.goto((await card.getAttribute('href'))!);
    await expect(visitor.locator('h1').first()).toBeVisible();
    await visitorContext.close();

    await page.setViewportSize({ width, height: 900 });
    await signInOperator(page, OPERATORS.admin.username, OPERATORS.admin.password);
    await expect(page).toHaveURL(/\/ops$/);
    await expect(page.getByRole('heading', { name: '数据概览' })).toBeVisible();
    await expect(page.getByText('此页面的功能还在开发中')).toHaveCount(0);

    for (const title of ['每日访问次数与独立访客', '每日成交额、佣金与退款', '每日租赁订单']) {
      await expect(page.getByRole('img', { name: title })).toBeVisible();
    }
    for (const caption of ['浏览 → 详情 → 下单 → 支付', '各渠道访问次数与注册转化', '成交额最高的游戏', '租出次数最多的账号', '投诉率最高的卖家']) {
      await expect(page.getByRole('figure').filter({ hasText: caption }).first()).toBeVisible();
    }

    // The collector answers a beacon once its rows are committed; reload until they are in.
    await expect
      .poll(async () => {
        await page.reload();
        return number(await page.locator('[data-kpi="浏览量"]').textContent());
      }, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    expect(number(await page.locator('[data-kpi="访问次数"]').textContent())).toBeGreaterThanOrEqual(1);

    // Today's row of the traffic table: at least this visitor's visit and two page views.
    const traffic = page.getByRole('table', { name: '每日访问次数与独立访客' });
    await page.getByRole('figure', { name: '每日访问次数与独立访客' }).getByText('查看数据表').click();
    const today = traffic.getByRole('row').filter({ has: page.getByRole('rowheader', { name: formatShanghaiDate(new Date()) }) });
    const cells = today.getByRole('cell');
    expect(number(await cells.nth(0).textContent())).toBeGreaterThanOrEqual(1);
    expect(number(await cells.nth(2).textContent())).toBeGreaterThanOrEqual(2);

    const funnel = page.getByRole('table', { name: '浏览 → 详情 → 下单 → 支付' });
    expect(number(await funnel.getByRole('row').filter({ hasText: '浏览租号大厅' }).getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    expect(number(await funnel.getByRole('row').filter({ hasText: '查看账号详情' }).getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`ops-dashboard-${width}.png`), fullPage: true });

    // A range in the address stays in the form and the charts cover exactly those days.
    await page.goto('/ops?from=2026-01-01&to=2026-01-07');
    await expect(page.getByLabel('开始日期')).toHaveValue('2026-01-01');
    await expect(page.getByLabel('结束日期')).toHaveValue('2026-01-07');
    await page.getByRole('figure', { name: '每日租赁订单' }).getByText('查看数据表').click();
    await expect(page.getByRole('table', { name: '每日租赁订单' }).getByRole('rowheader')).toHaveCount(7);
  });
}
