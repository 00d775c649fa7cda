/**
 * Spec §1 brand by host: a host containing wbzuhao is the internet-cafe brand, one containing
 * aizuhao the AI brand, anything else the default; the title and the header logo follow it.
 */
import { expect, test } from '@playwright/test';
import { routeByName } from '../../src/platform/config/routes';
import { BRANDS, type BrandId } from '../../src/platform/rules/brand';
import { documentTitle } from '../../src/platform/rules/routing';
import { urlOnHost } from './support';

const CASES: Array<{ host: string; routeName: string; brand: BrandId }> = [
  { host: 'www.wbzuhao.test', routeName: 'home', brand: 'cafe' },
  { host: 'm.aizuhao.test', routeName: 'help', brand: 'ai' },
  { host: '127.0.0.1', routeName: 'home', brand: 'default' },
];

for (const { host, routeName, brand: brandId } of CASES) {
  const brand = BRANDS[brandId];
  const route = routeByName(routeName);
  test(`host ${host} shows the ${brandId} brand: title "${documentTitle(brand.title, route.title)}" and logo ${brand.logo}`, async ({ page, baseURL }) => {
    const response = await page.goto(urlOnHost(host, route.path, baseURL));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(documentTitle(brand.title, route.title));
    await expect(page.locator('html')).toHaveAttribute('data-brand', brandId);

    const logo = page.getByRole('banner').getByRole('link', { name: `${brand.name} 首页` }).getByRole('img');
    await expect(logo).toHaveAttribute('src', brand.logo);
    // The logo file exists and has been drawn.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
}
