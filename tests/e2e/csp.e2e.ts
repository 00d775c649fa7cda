/**
 * Issue 4: the token lives in the browser, so every page sends a strict Content-Security-Policy:
 * no inline script that is not hashed, no eval, nothing from another host. The pages must still
 * work under it: no violation is reported while they load, hydrate and open the login modal.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { waitForChrome } from './support';

const PAGES = ['/', '/zuhao.html', '/detail/1.html', '/tejia.html', '/dianpu', '/register', '/rstpwd', '/account/personal', '/404'];

/** Every CSP violation the page reports (securitypolicyviolation events and console errors). */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  for (const path of PAGES) {
    // The header is sent as the page starts streaming: a hash added too late would block its script.
    test(`${path} names the hash of every inline script it serves`, async ({ request }) => {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).filter((text) => text.length > 0);
      expect(inline.length).toBeGreaterThan(0);
      const missing = inline.filter((text) => !policy.includes(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`));
      expect(missing.map((text) => text.slice(0, 60))).toEqual([]);
    });

    test(`${path} sends a strict policy`, async ({ request }) => {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      const directives = new Map(
        policy
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [name, ...sources] = part.split(/\s+/);
            return [name!, sources] as const;
          }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      const scriptSrc = directives.get('script-src') ?? [];
      expect(scriptSrc[0]).toBe("'self'");
      // Only hashes besides 'self': no 'unsafe-inline', no 'unsafe-eval', no host.
      for (const source of scriptSrc.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toMatch(/https?:\/\//);
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
    });
  }

  test('pages load and hydrate without a single violation', async ({ page }) => {
    const violations = await collectViolations(page);
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  test('the login modal opens without a violation', async ({ page }) => {
    const violations = await collectViolations(page);
    await page.goto('/');
    await waitForChrome(page);
    await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
