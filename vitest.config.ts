import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only; Playwright owns tests/e2e/*.e2e.ts.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    // Every answer an endpoint gives in a test is parsed with its route's answer schema (serve.ts).
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', VALIDATE_ANSWERS: '1' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Each file in a fresh module graph: the browser-side stores and clients keep state in
        // their modules, and these files stub globals (fetch, timers) around them.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Database templates built once per run (tests/integration/global-setup.ts).
          globalSetup: ['tests/integration/global-setup.ts'],
          // A worker keeps its modules from one file to the next: importing the server's module
          // graph again for every file cost a third of the run. Each file still opens its own
          // database (route-context.ts) and sets the process's database and configuration itself.
          isolate: false,
        },
      },
    ],
  },
});
