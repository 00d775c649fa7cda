import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

// End-to-end tests run against the production build (dist/main.mjs) with a fresh embedded database.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI: a 2-core machine running the server, two browsers and the runners at once
  // can miss a timeout; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // A browser that has seen the demo popups, so they do not cover the page (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    storageState: 'tests/e2e/.state/popups-seen.json',
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace screencasts and snapshots every action of every test, passing or not; CI
    // keeps only the printed error, so it records none there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // Brand-by-host tests reach this server under internet-cafe and AI host names.
            '--host-resolver-rules=MAP *.wbzuhao.test 127.0.0.1, MAP *.aizuhao.test 127.0.0.1',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npm run build && rm -rf .e2e-data && node dist/main.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Every spec reaches the server from 127.0.0.1, as if all users shared one address: the per-IP
    // limits are raised as for an internet café (README), the per-account and per-phone ones stay.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.e2e-data', LOG_LEVEL: 'warn', APP_ENV: 'test', IP_RATE_LIMIT_FACTOR: '20' },
  },
});
