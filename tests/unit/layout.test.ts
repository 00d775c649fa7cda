/**
 * The layout of ARCHITECTURE.md "Layout: one home per feature", as far as files and imports show
 * it (the import rules themselves are eslint.config.js's, proven in lint-boundaries.test.ts):
 * rooms stay small, imports name their module from src, and the booking guard is written once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const SOURCE = /\.(ts|tsx|astro|js)$/;
const MAX_FILES_PER_FOLDER = 30;

function sourceFiles(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('the layout of src/', () => {
  const files = sourceFiles();

  it(`no folder but src/pages holds more than ${MAX_FILES_PER_FOLDER} source files directly`, () => {
    const perFolder = new Map<string, number>();
    for (const file of files) {
      if (file.startsWith('src/pages/')) continue;
      perFolder.set(path.dirname(file), (perFolder.get(path.dirname(file)) ?? 0) + 1);
    }
    const crowded = [...perFolder].filter(([, n]) => n > MAX_FILES_PER_FOLDER).map(([folder, n]) => `${folder} (${n})`);
    expect(crowded).toEqual([]);
  });

  it('no import climbs three folders up (imports name their module from src through ~/)', () => {
    const climbing = files.filter((file) => /(?:from\s*|import\s*\(\s*|import\s+)['"](?:\.\.\/){3,}/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(climbing).toEqual([]);
  });

  it('every feature keeps its rooms: rules/, server/ and ui/ hold only what their names say', () => {
    const misplaced = files.filter((file) => {
      const match = /^src\/features\/[^/]+\/(rules|server|ui)\//.exec(file);
      if (!match) return false;
      if (match[1] === 'rules' || match[1] === 'server') return !/\.ts$/.test(file);
      return !/\.(tsx?|astro|js)$/.test(file);
    });
    expect(misplaced).toEqual([]);
  });

  it('the booking guard is called from one place: the orders feature\'s booking sequence', () => {
    const guard = /\b(?:lockListingForRental|refuseOwnListing|assertRentable)\(/;
    const callers = files.filter((file) => guard.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(callers).toEqual(['src/features/orders/server/booking.ts']);
    const booking = files.filter((file) => /\bbookListing\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    // Ordinary orders, free rentals and wanted-board offers.
    expect(booking.sort()).toEqual([
      'src/features/free/server/free-orders.ts',
      'src/features/orders/server/orders.ts',
      'src/features/tasks/server/wanted-tasks.ts',
    ]);
  });

  it('no endpoint builds or imports a request schema outside its route declaration (its feature\'s wire.ts)', () => {
    const endpoints = files.filter((file) => file.startsWith('src/pages/api/') && /\.ts$/.test(file));
    const offending = endpoints.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const found: string[] = [];
      if (/from\s+['"]zod['"]/.test(text)) found.push(`${file}: imports zod`);
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
        if (/^~\/features\/[a-z-]+\/wire$/.test(match[2]!)) continue;
        for (const name of match[1]!.split(',').map((item) => item.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, ''))) {
          if (/Schema$/.test(name)) found.push(`${file}: ${name} from ${match[2]}`);
        }
      }
      return found;
    });
    expect(offending).toEqual([]);
  });

  it('no browser file names an API path: calls go through declared routes', () => {
    // Where a route becomes a URL: the prefix, the clients' call functions and the link builder.
    const CALL_BUILDERS = ['src/platform/config/constants.ts', 'src/platform/wire/route.ts', 'src/platform/client/client.ts', 'src/platform/client/console.ts', 'src/platform/client/public-get.ts'];
    const browser = files.filter((file) => !file.startsWith('src/pages/api/') && !/^src\/(app|platform\/(http|edge|db|providers)|features\/[a-z-]+\/server)\//.test(file) && !CALL_BUILDERS.includes(file));
    const pathCall = /\b(?:apiGet|apiPost|publicGet|opsGet|opsPost|opsUpload)\s*(?:<[^>]*>)?\s*\(/;
    const naming = browser.filter((file) => {
      // Comments may name a path (an endpoint's doc says what it calls); code may not.
      const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      return pathCall.test(text) || /API_PREFIX|['"`]\/api\/v1\//.test(text);
    });
    expect(naming).toEqual([]);
  });

  it('a constant only one feature uses lives in that feature\'s constants.ts, not in platform/config/constants.ts', () => {
    const shared = readFileSync(path.join(SRC, 'platform/config/constants.ts'), 'utf8');
    const names = [...shared.matchAll(/^export (?:const|type|function|interface) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]!);
    const users = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]~\/platform\/config\/constants['"]/g)) {
        const room = /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? (/^src\/(pages|app)\//.test(file) ? null : 'platform');
        for (const item of match[1]!.split(',')) {
          const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
          if (room !== null) users.get(name)?.add(room);
        }
      }
    }
    const ownedByOne = [...users].filter(([, rooms]) => rooms.size === 1 && !rooms.has('platform')).map(([name, rooms]) => `${name} (${[...rooms][0]})`);
    expect(ownedByOne).toEqual([]);
  });
});
