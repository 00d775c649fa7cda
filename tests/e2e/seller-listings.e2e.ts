/**
 * Issue 13 "Listing an account" and issue 28 "the seller with 100+ listings", end to end: the demo
 * seller owner01 publishes a listing with two images through the form (game first, then platform,
 * zone and the game's own rank choices; the suggested prices beside the rental kinds; a
 * description the detail page shows), lands on the list with the success toast, sees the row and
 * takes it off the shelf. merchant01 (123 listings) searches, filters by game and state, takes
 * rows off and on the shelf and reprices them in bulk, and meets the 删除 confirmation; a refused
 * form focuses its first invalid field and scrolls it into view.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, signIn, waitForHydration } from './support';

// Each test signs in and walks several screens; the machine the suite runs on may be shared.
test.describe.configure({ timeout: 180_000 });

const picture = async (colour: string): Promise<Buffer> =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).png().toBuffer();

test('owner01 publishes an account with two images, sees it in the list and takes it off the shelf', async ({ page }) => {
  const title = `【最强王者】e2e上架${Date.now()} 全英雄`;
  await page.goto('/seller/listings/new');
  await signIn(page, 'owner01', 'owner_pass01');
  await waitForHydration(page, 'ListingForm');
  const form = page.getByRole('form', { name: '发布账号' });

  await form.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await form.getByRole('combobox', { name: '平台', exact: true }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: '区服', exact: true }).selectOption({ index: 1 });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('角色名').fill('峡谷之巅');
  // The game's own choices (games.listing_attrs): 段位 is one of 王者荣耀's ranks, the counts have bounds.
  await form.getByLabel('段位').selectOption('最强王者');
  await form.getByLabel('英雄数量').fill('110');
  await form.getByLabel('皮肤数量').fill('150');
  await form.getByLabel('账号描述').fill('全英雄，国服典藏皮肤\n晚上可续租');
  // The daily window is a 24-hour clock: 00-23 and 00-59.
  const from = form.getByRole('combobox', { name: '每日可租开始', exact: true });
  await expect(from.locator('option')).toHaveCount(24);
  await expect(from.locator('option').last()).toHaveText('23');
  await from.selectOption('18');

  await form.getByLabel('选择图片文件').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await picture('#c33') },
    { name: 'two.png', mimeType: 'image/png', buffer: await picture('#36c') },
  ]);
  const images = form.getByRole('list', { name: '已上传的图片' }).getByRole('img');
  await expect(images).toHaveCount(2);
  await expect(form.getByText('封面', { exact: true })).toBeVisible();

  await form.getByLabel('时租价格（元/小时）').fill('3.5');
  await form.getByRole('checkbox', { name: '10小时' }).check();
  // spec §9: ten hours at 3.5 yuan an hour, a day 24 ×.
  await expect(form.getByText('建议 ¥35（10小时）')).toBeVisible();
  await expect(form.getByText('建议 ¥84（24小时）')).toBeVisible();

  // An inline message before anything is sent.
  await form.getByRole('button', { name: '发布账号' }).click();
  await expect(form.getByText('请填写登录账号', { exact: true })).toBeVisible();
  await form.getByLabel('登录账号').fill('e2e_wzry_account');
  await form.getByLabel('登录密码').fill('e2e-Secret-1');
  await form.getByRole('button', { name: '发布账号' }).click();

  await expect(page).toHaveURL(/\/seller\/listings$/);
  await expect(page.getByText('发布成功').first()).toBeVisible();
  await waitForHydration(page, 'SellerListings');
  const row = page.getByRole('article', { name: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('已上架')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/uploads\/\d+-[0-9a-f]{12}\/detail\.webp$/);

  await row.getByRole('button', { name: '下架' }).click();
  await expect(row.getByText('已下架')).toBeVisible();
  await expect(row.getByRole('button', { name: '上架' })).toBeVisible();

  // The 已下架 filter lists it.
  await page.getByRole('combobox', { name: '状态', exact: true }).selectOption({ label: '已下架' });
  await expect(page).toHaveURL(/state=off_shelf/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // Back on the shelf: said so, and the list under the 已下架 filter reloads without it (waiting for
  // the row's 下架 button raced that reload).
  await page.getByRole('article', { name: title }).getByRole('button', { name: '上架' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已上架' }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  // The detail page shows the description as written.
  const mine = await apiAs<{ list: { id: number; title: string; rental_time?: string }[] }>(page, 'GET', `/seller/listings?q=${encodeURIComponent(title)}`);
  const listingId = mine.list.find((listing) => listing.title === title)!.id;
  await page.goto(`/detail/${listingId}.html`);
  await expect(page.getByText('全英雄，国服典藏皮肤')).toBeVisible();
  await expect(page.locator('[data-attrs]').getByText('18:00-23:59')).toBeVisible();
});

/** merchant01 on 我的出租, signed in and hydrated. */
async function openAsMerchant(page: Page): Promise<void> {
  await page.goto('/seller/listings');
  await signIn(page, 'merchant01', 'merchant_pass01');
  await waitForHydration(page, 'SellerListings');
  await expect(page.getByRole('article').first()).toBeVisible();
}

test('merchant01 searches 123 listings by login account and 编号, and filters by game and state, paged on the server', async ({ page }) => {
  await openAsMerchant(page);
  await expect(page.getByText('共 123 个账号')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);

  const first = (await apiAs<{ list: { id: number; title: string; login_account: string }[] }>(page, 'GET', '/seller/listings?page=3&page_size=10')).list[4]!;
  const search = page.getByRole('searchbox', { name: '搜索标题、登录账号或编号' });
  await search.fill(first.login_account);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${first.login_account}`));
  await expect(page.getByRole('article', { name: first.title })).toBeVisible();
  await expect(page.getByText(`账号 ${first.login_account}`)).toBeVisible();

  await search.fill(String(first.id));
  await page.getByRole('search', { name: '搜索账号' }).getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('article', { name: first.title })).toBeVisible();

  await search.fill('没有这样的账号');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的账号')).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(page.getByText('共 123 个账号')).toBeVisible();

  await page.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await expect(page).toHaveURL(/game=\d+/);
  const articles = page.getByRole('article');
  await expect(articles.first()).toContainText('王者荣耀');
  for (const text of await articles.allTextContents()) expect(text).toContain('王者荣耀');

  // Every game again, only the rows a rental runs on now (merchant01 has a couple of dozen).
  await page.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '全部游戏' });
  await page.getByRole('combobox', { name: '状态', exact: true }).selectOption({ label: '租赁中' });
  await expect(page).toHaveURL(/state=rented/);
  await expect(page).not.toHaveURL(/game=/);
  await expect(articles.first()).toContainText('租赁中');
  for (const text of await articles.allTextContents()) expect(text).toContain('租赁中');
  // Each row's figures: views, rentals and the rating (or 暂无).
  await expect(articles.first().getByText('浏览')).toBeVisible();
  await expect(articles.first().getByText(/^\d+次$/)).toBeVisible();
});

test('merchant01 takes two rows off the shelf, puts them back and reprices them in bulk', async ({ page }) => {
  await openAsMerchant(page);
  await page.getByRole('combobox', { name: '状态', exact: true }).selectOption({ label: '已上架' });
  await expect(page).toHaveURL(/state=on_shelf/);
  const rows = page.getByRole('article');
  await expect(rows).toHaveCount(10);
  const titles = [await rows.nth(0).getAttribute('aria-label'), await rows.nth(1).getAttribute('aria-label')] as string[];
  const bulk = page.getByRole('toolbar', { name: '批量操作' });
  await expect(bulk.getByRole('button', { name: '批量下架' })).toBeDisabled();

  for (const title of titles) await page.getByRole('checkbox', { name: `选择 ${title}` }).check();
  await expect(bulk.getByText('已选 2 个')).toBeVisible();
  await bulk.getByRole('button', { name: '批量下架' }).click();
  await expect(page.getByText('已下架2个账号').first()).toBeVisible();
  // They leave the 已上架 filter; under 已下架 they are there.
  for (const title of titles) await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.getByRole('combobox', { name: '状态', exact: true }).selectOption({ label: '已下架' });
  for (const title of titles) await expect(page.getByRole('article', { name: title })).toBeVisible();

  for (const title of titles) await page.getByRole('checkbox', { name: `选择 ${title}` }).check();
  await bulk.getByRole('button', { name: '批量改价' }).click();
  const dialog = page.getByRole('dialog', { name: '批量改价' });
  await dialog.getByLabel(/新的时租价格/).fill('abc');
  await dialog.getByRole('button', { name: '确认改价' }).click();
  await expect(page.getByText(/时租价格/).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/新的时租价格/).fill('7.5');
  await dialog.getByRole('button', { name: '确认改价' }).click();
  await expect(page.getByText('已改价2个账号').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const title of titles) await expect(page.getByRole('article', { name: title }).getByText('¥7.50/小时')).toBeVisible();

  await bulk.getByRole('checkbox', { name: '全选本页' }).check();
  await expect(bulk.getByText(/已选 \d+ 个/)).not.toHaveText('已选 0 个');
  await bulk.getByRole('button', { name: '批量上架' }).click();
  await expect(page.getByText(/^已上架\d+个账号/).first()).toBeVisible();
  for (const title of titles) await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});

test('删除 is a danger action that asks first: 取消 keeps the row, 确认删除 removes it', async ({ page }) => {
  // Any row: the other tests here move rows between the shelves.
  await openAsMerchant(page);
  const row = page.getByRole('article').first();
  const title = (await row.getAttribute('aria-label'))!;
  await row.getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog', { name: '删除账号' });
  await expect(dialog).toContainText(title);
  await expect(dialog).toContainText('删除后不可恢复');
  // Styled as danger: red, unlike the row's neutral 编辑.
  const colour = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((element) => getComputedStyle(element).color);
  expect(await colour(row.getByRole('button', { name: '删除' }))).not.toBe(await colour(row.getByRole('link', { name: '编辑' })));
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  await page.getByRole('article', { name: title }).getByRole('button', { name: '删除' }).click();
  await dialog.getByRole('button', { name: '确认删除' }).click();
  await expect(page.getByText(/账号已删除|已为您下架/).first()).toBeVisible();
});

test('a refused form focuses its first invalid field and scrolls it into view', async ({ page }) => {
  await page.goto('/seller/listings/new');
  await signIn(page, 'merchant01', 'merchant_pass01');
  await waitForHydration(page, 'ListingForm');
  const form = page.getByRole('form', { name: '发布账号' });
  await form.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await form.getByRole('combobox', { name: '平台', exact: true }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: '区服', exact: true }).selectOption({ index: 1 });
  await form.getByLabel('标题').fill('【荣耀王者】焦点测试');
  // 角色名 left empty; 皮肤数量 beyond the game's bound further down.
  await form.getByLabel('皮肤数量').fill('999');
  const submit = form.getByRole('button', { name: '发布账号' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const roleName = form.getByLabel('角色名');
  await expect(roleName).toBeFocused();
  await expect(roleName).toBeInViewport();
  await expect(form.getByText('请填写角色名', { exact: true })).toBeVisible();
  await expect(form.getByText('皮肤数量应在0到420之间', { exact: true })).toBeVisible();

  // Fixed, the next refusal moves on to the next field in reading order: the game's required 段位.
  await roleName.fill('焦点');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const rank = form.getByLabel('段位');
  await expect(rank).toBeFocused();
  await expect(rank).toBeInViewport();
});

/** Controls of the seller's island wider than the screen, or smaller than 44 px both ways (a thumb). */
async function phoneProblems(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const island = document.querySelector(selector);
    if (!island) return ['island missing'];
    for (const element of island.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('.sr-only')) continue;
      const name = `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 20)}`;
      if (box.right > width + 0.5 || box.left < -0.5) problems.push(`${name} runs off the screen (${Math.round(box.left)}..${Math.round(box.right)})`);
      const tappable = element.matches('a[href], button, select, input:not([type=checkbox]):not([type=file]), textarea, label:has(> input[type=checkbox])');
      if (tappable && box.width < 44 && box.height < 44) problems.push(`${name} is ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return problems;
  }, root);
}

test('on a 390 px phone nothing on 我的出租 or the form is wider than the screen, and every control is at least 44 px one way', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsMerchant(page);
  await page.getByRole('article').first().getByRole('checkbox').check();
  expect(await phoneProblems(page, 'astro-island[component-url*="/SellerListings."]')).toEqual([]);

  await page.goto('/seller/listings/new');
  await waitForHydration(page, 'ListingForm');
  const form = page.getByRole('form', { name: '发布账号' });
  await form.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await expect(form.getByLabel('段位')).toBeVisible();
  expect(await phoneProblems(page, 'astro-island[component-url*="/ListingForm."]')).toEqual([]);
});
