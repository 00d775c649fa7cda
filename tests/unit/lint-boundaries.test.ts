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

/** Any seed module (src/app/seed/). */
function seedModule(): string {
  const folder = `${ROOT}/src/app/seed`;
  const inFolder = existsSync(folder) ? readdirSync(folder).find((name) => /^[a-z-]+\.ts$/.test(name)) : undefined;
  if (inFolder) return `~/app/seed/${inFolder.replace(/\.ts$/, '')}`;
  throw new Error('no seed module found; update seedModule() in this test');
}

describe('import boundaries (ARCHITECTURE.md "Layout: one home per feature")', () => {
  it('a screen importing the database through the ~/ alias is an error', async () => {
    const errors = await boundaryErrors(
      'src/features/fixture/ui/Fixture.tsx',
      "import { getDb } from '~/platform/db/client';\nexport const x = getDb;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/run in the browser/);
  });

  it('a browser client importing a feature\'s server by a relative path is an error', async () => {
    const errors = await boundaryErrors(
      'src/features/fixture/client.ts',
      "import * as wallet from '../wallet/server/wallet';\nexport const x = wallet;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a type-only import from a feature\'s server into an island is an error too', async () => {
    const errors = await boundaryErrors(
      'src/features/fixture/ui/Fixture.tsx',
      "import type * as Wallet from '~/features/wallet/server/wallet';\nexport type X = typeof Wallet;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a rule may import other rules, platform/config/constants and npm packages', async () => {
    const errors = await boundaryErrors(
      'src/features/orders/rules/fixture.ts',
      [
        "import { z } from 'zod';",
        "import { MS_PER_HOUR } from '~/platform/config/constants';",
        "import { quoteRental } from './quote';",
        "import { formatShanghaiDate } from '~/platform/rules/shanghai-time';",
        'export const x = [z, MS_PER_HOUR, quoteRental, formatShanghaiDate];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('a rule importing code outside rules and constants is an error', async () => {
    const errors = await boundaryErrors(
      'src/features/orders/rules/fixture.ts',
      "import { ROUTES } from '~/platform/config/routes';\nimport { currentToken } from '~/platform/stores/auth';\nexport const x = [ROUTES, currentToken];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/Rules are pure/);
  });

  it('a feature\'s server importing the browser client or a store is an error; the wire pieces are shared', async () => {
    const errors = await boundaryErrors(
      'src/features/fixture/server/fixture.ts',
      "import { ApiError } from '~/platform/client/errors';\nimport { $auth } from '~/platform/stores/auth';\nimport { ID_MAX } from '~/platform/wire/common';\nexport const x = [ApiError, $auth, ID_MAX];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/server\/ knows no page/);
  });

  it('the data layer importing a feature\'s server or the seed is an error', async () => {
    const errors = await boundaryErrors(
      'src/platform/db/fixture.ts',
      `import * as wallet from '~/features/wallet/server/wallet';\nimport * as seed from '${seedModule()}';\nexport const x = [wallet, seed];\n`,
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/data layer/);
  });

  it('the schema barrel may gather a feature\'s tables; the rest of platform/db may not import them', async () => {
    const barrel = await boundaryErrors(
      'src/platform/db/schema.ts',
      "export * from '~/features/wallet/server/tables';\n",
    );
    expect(barrel).toEqual([]);
    const errors = await boundaryErrors(
      'src/platform/db/fixture.ts',
      "import { wallets } from '~/features/wallet/server/tables';\nexport const x = wallets;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/platform\/ knows no feature/);
  });

  it('a feature\'s tables importing a use case is an error; other tables, platform/db and contracts are not', async () => {
    const errors = await boundaryErrors(
      'src/features/wallet/server/tables.ts',
      [
        "import * as orders from '~/features/orders/server/orders';",
        "import { listings } from '~/features/catalog/server/tables';",
        "import { users } from '~/platform/db/tables';",
        "import { LEDGER_KINDS } from '~/features/wallet/contract/money';",
        'export const x = [orders, listings, users, LEDGER_KINDS];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/data layer/);
  });

  it('a provider importing a feature\'s server is an error', async () => {
    const errors = await boundaryErrors(
      'src/platform/providers/fixture.ts',
      "import * as wallet from '~/features/wallet/server/wallet';\nexport const x = wallet;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Providers are ports/);
  });

  it('platform/ importing a feature is an error; a type import is not', async () => {
    const errors = await boundaryErrors(
      'src/platform/ui/Fixture.tsx',
      "import type { PayChannel } from '~/features/wallet/contract/money';\nimport { opsGet } from '~/platform/client/console';\nimport { focusRing } from '~/features/orders/ui/order-helpers';\nexport const x: [PayChannel | null, unknown, string] = [null, opsGet, focusRing];\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/platform\/ knows no feature/);
  });

  it('a feature or platform/ importing app/ is an error', async () => {
    const fromFeature = await boundaryErrors(
      'src/features/fixture/server/fixture.ts',
      "import { appDatabase } from '~/app/boot';\nexport const x = appDatabase;\n",
    );
    const fromPlatform = await boundaryErrors(
      'src/platform/http/fixture.ts',
      "import { appDatabase } from '~/app/boot';\nexport const x = appDatabase;\n",
    );
    expect(fromFeature).toHaveLength(1);
    expect(fromFeature[0]).toMatch(/Features never import app/);
    expect(fromPlatform).toHaveLength(1);
    expect(fromPlatform[0]).toMatch(/never imports app/);
  });

  it('server code importing the islands\' stores is an error', async () => {
    const errors = await boundaryErrors(
      'src/platform/edge/fixture.ts',
      "import { $auth } from '~/platform/stores/auth';\nexport const x = $auth;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a feature\'s .astro component loading data from the server is an error; a type import is not', async () => {
    const errors = await boundaryErrors(
      'src/features/fixture/ui/Fixture.astro',
      [
        '---',
        "import type * as Wallet from '~/features/wallet/server';",
        "import { getDb } from '~/platform/db/client';",
        'type W = typeof Wallet;',
        'const rows: W | typeof getDb | null = null;',
        '---',
        '<p>{String(rows)}</p>',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Components only render/);
  });

  it('a route importing the database schema is an error; a page may use a feature\'s server and the database client', async () => {
    const schema = await boundaryErrors(
      'src/pages/api/v1/fixture.ts',
      "import { users } from '~/platform/db/schema';\nimport { wallets } from '~/features/wallet/server/tables';\nexport const x = [users, wallets];\n",
    );
    expect(schema).toHaveLength(2);
    expect(schema[0]).toMatch(/never import the database schema/);
    const errors = await boundaryErrors(
      'src/pages/fixture.astro',
      "---\nimport { getDb } from '~/platform/db/client';\nimport * as wallet from '~/features/wallet/server';\nconst x = [getDb, wallet];\n---\n<p>{x.length}</p>\n",
    );
    expect(errors).toEqual([]);
  });

  it('a page, app/ or another feature reaching past a feature\'s door (server/index.ts) is an error; the door is not', async () => {
    const page = await boundaryErrors('src/pages/api/v1/fixture.ts', "import { changeBalance } from '~/features/wallet/server/wallet';\nexport const x = changeBalance;\n");
    expect(page).toHaveLength(1);
    expect(page[0]).toMatch(/only through its door/);
    const app = await boundaryErrors('src/app/jobs/fixture.ts', "import { changeBalance } from '~/features/wallet/server/wallet';\nexport const x = changeBalance;\n");
    expect(app[0]).toMatch(/only through its door/);
    const feature = await boundaryErrors(
      'src/features/orders/server/fixture.ts',
      "import { changeBalance } from '~/features/wallet/server/wallet';\nimport { wallets } from '~/features/wallet/server/tables';\nexport const x = [changeBalance, wallets];\n",
    );
    expect(feature).toHaveLength(2);
    expect(feature[1]).toMatch(/tables only through its door/);
    const throughDoors = await boundaryErrors(
      'src/features/orders/server/fixture.ts',
      "import { changeBalance } from '~/features/wallet/server';\nimport { toOrderView } from '~/features/orders/server/order-view';\nexport const x = [changeBalance, toOrderView];\n",
    );
    expect(throughDoors).toEqual([]);
    const foreignKey = await boundaryErrors('src/features/orders/server/tables.ts', "import { users } from '~/features/account/server/tables';\nexport const x = users;\n");
    expect(foreignKey).toEqual([]);
  });

  it('a rule may read its feature\'s constants; a feature\'s constants import nothing but the platform\'s', async () => {
    const rule = await boundaryErrors('src/features/orders/rules/fixture.ts', "import { DAY_RENTAL_HOURS } from '~/features/orders/constants';\nexport const x = DAY_RENTAL_HOURS;\n");
    expect(rule).toEqual([]);
    const constants = await boundaryErrors('src/features/orders/constants.ts', "import { $auth } from '~/platform/stores/auth';\nimport { MS_PER_HOUR } from '~/platform/config/constants';\nexport const x = [$auth, MS_PER_HOUR];\n");
    expect(constants).toHaveLength(1);
    expect(constants[0]).toMatch(/plain values/);
  });
});
