import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only; Playwright owns tests/e2e/*.e2e.ts.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Database templates built once per run (tests/integration/global-setup.ts).
    globalSetup: ['tests/integration/global-setup.ts'],
    // Every answer an endpoint gives in a test is parsed with its route's answer schema (serve.ts).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', VALIDATE_ANSWERS: '1' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
