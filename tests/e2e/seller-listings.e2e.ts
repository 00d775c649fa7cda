/**
 * Issue 13 "Listing an account", end to end: the demo seller owner01 publishes a listing with two
 * images through the form (game first, then platform, zone and attributes; the suggested prices
 * beside the rental kinds), lands on the list with the success toast, sees the row and takes it
 * off the shelf.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn, waitForHydration } from './support';

test.describe.configure({ timeout: 90_000 });

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
  await form.getByLabel('段位').fill('最强王者');
  await form.getByLabel('皮肤数量').fill('150');

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
  await expect(row.getByText('出租中')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/uploads\/\d+-[0-9a-f]{12}\/detail\.webp$/);

  await row.getByRole('button', { name: '下架' }).click();
  await expect(page.getByText('已下架').first()).toBeVisible();
  await expect(row.getByText('已下架')).toBeVisible();
  await expect(row.getByRole('button', { name: '上架' })).toBeVisible();

  // The off-shelf tab lists it.
  await page.getByRole('tab', { name: '已下架' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});
