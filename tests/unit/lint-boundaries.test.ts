import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of ARCHITECTURE.md are enforced by eslint.config.js. A plugin upgrade or a
// resolver that stops understanding `~/` would make the rule silently pass everything, so these
// snippets lint virtual files (the importing file need not exist; its imports must) and assert
// each boundary still fires, and that what the architecture allows still passes.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY_RULE = 'boundaries/dependencies';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** Boundary messages raised when `code` is saved as `filePath` (relative to the repository). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`lint could not parse ${filePath}: ${fatal[0].message}`);
  return result.messages.filter((message) => message.ruleId === BOUNDARY_RULE).map((m) => m.message);
}

/** Any seed module: seeding moved from src/server/db/seed*.ts to src/server/seed/. */
function seedModule(): string {
  const folder = `${ROOT}/src/server/seed`;
  const inFolder = existsSync(folder) ? readdirSync(folder).find((name) => /^[a-z-]+\.ts$/.test(name)) : undefined;
  if (inFolder) return `~/server/seed/${inFolder.replace(/\.ts$/, '')}`;
  if (existsSync(`${ROOT}/src/server/db/seed.ts`)) return '~/server/db/seed';
  throw new Error('no seed module found; update seedModule() in this test');
}

describe('import boundaries (ARCHITECTURE.md)', () => {
  it('an island importing the database through the ~/ alias is an error', async () => {
    const errors = await boundaryErrors(
      'src/islands/fixture/Fixture.tsx',
      "import { db } from '~/server/db/client';\nexport const x = db;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/never import src\/server/);
  });

  it('browser code under src/lib importing the server by a relative path is an error', async () => {
    const errors = await boundaryErrors(
      'src/lib/stores/fixture.ts',
      "import * as wallet from '../../server/services/wallet';\nexport const x = wallet;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a type-only import from the server into an island is an error too', async () => {
    const errors = await boundaryErrors(
      'src/islands/fixture/Fixture.tsx',
      "import type * as Wallet from '~/server/services/wallet';\nexport type X = typeof Wallet;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a rule may import other rules, lib/config/constants and npm packages', async () => {
    const errors = await boundaryErrors(
      'src/lib/rules/fixture.ts',
      [
        "import { z } from 'zod';",
        "import { MS_PER_HOUR } from '../config/constants';",
        "import { quoteRental } from './quote';",
        'export const x = [z, MS_PER_HOUR, quoteRental];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('a rule importing app code outside rules and constants is an error', async () => {
    const errors = await boundaryErrors(
      'src/lib/rules/fixture.ts',
      "import { ROUTES } from '~/lib/routes';\nimport { currentToken } from '~/lib/stores/auth';\nexport const x = [ROUTES, currentToken];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/Rules are pure/);
  });

  it('the contract may import rules but not the HTTP client', async () => {
    const errors = await boundaryErrors(
      'src/lib/contract/fixture.ts',
      "import { MS_PER_HOUR } from '~/lib/config/constants';\nimport { quoteRental } from '~/lib/rules/quote';\nimport { ApiError } from '~/lib/api/errors';\nexport const x = [MS_PER_HOUR, quoteRental, ApiError];\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/wire contract/);
  });

  it('a service importing the browser client or a store is an error', async () => {
    const errors = await boundaryErrors(
      'src/server/services/fixture.ts',
      "import { ApiError } from '~/lib/api/errors';\nimport { $auth } from '~/lib/stores/auth';\nexport const x = [ApiError, $auth];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/Services know no page/);
  });

  it('the data layer importing a service or the seed is an error', async () => {
    const errors = await boundaryErrors(
      'src/server/db/fixture.ts',
      `import * as wallet from '~/server/services/wallet';\nimport * as seed from '${seedModule()}';\nexport const x = [wallet, seed];\n`,
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/data layer/);
  });

  it('a provider importing a service is an error', async () => {
    const errors = await boundaryErrors(
      'src/server/providers/fixture.ts',
      "import * as wallet from '~/server/services/wallet';\nexport const x = wallet;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Providers are ports/);
  });

  it('other server code importing the islands\' stores is an error', async () => {
    const errors = await boundaryErrors(
      'src/server/fixture.ts',
      "import { $auth } from '~/lib/stores/auth';\nexport const x = $auth;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a static .astro component loading data from the server is an error; a type import is not', async () => {
    const errors = await boundaryErrors(
      'src/components/Fixture.astro',
      [
        '---',
        "import type * as Wallet from '~/server/services/wallet';",
        "import { db } from '~/server/db/client';",
        'type W = typeof Wallet;',
        'const rows: W | typeof db | null = null;',
        '---',
        '<p>{String(rows)}</p>',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/load no data/);
  });

  it('a page may use services and the database', async () => {
    const errors = await boundaryErrors(
      'src/pages/fixture.astro',
      "---\nimport { db } from '~/server/db/client';\nimport * as wallet from '~/server/services/wallet';\nconst x = [db, wallet];\n---\n<p>{x.length}</p>\n",
    );
    expect(errors).toEqual([]);
  });
});
