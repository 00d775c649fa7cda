/**
 * One process, one module graph (ARCHITECTURE): the server entry and Astro's pages and endpoints
 * share every module instance, so state such as the collector's writers, the chat hubs, the page
 * cache and the provider registries exists once per process, and the shutdown flushes the copy the
 * endpoints wrote to. A second copy of a module shows in the build as a second definition of its
 * functions in another file; this reads the build the suite runs against (dist/server) and fails on
 * any module of ours held by two built files, or a function of process state defined twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The build without the browser's files (dist/client): the entry and the server chunks. */
const BUILT = path.join(ROOT, 'dist');
/** Modules with process state; each must be found in the build exactly once. */
const PROCESS_STATE_ANCHORS = ['changeBalance', 'flushActivityWriters', 'closeChatHubs', 'sharedPageCache', 'appConfig', 'getDb', 'listenToChannel'];

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .map((entry) => ({ entry, file: path.join(entry.parentPath, entry.name) }))
    .filter(({ entry, file }) => entry.isFile() && keep(file))
    .map(({ file }) => file);
}

interface BuiltServer {
  /** Function name -> the built files that define it. */
  definitions: Map<string, Set<string>>;
  /** Source module (the bundler's `// src/...` marker) -> the built files that hold it. */
  modules: Map<string, Set<string>>;
}

function add(map: Map<string, Set<string>>, key: string, file: string): void {
  const files = map.get(key) ?? new Set<string>();
  files.add(file);
  map.set(key, files);
}

function readBuiltServer(): BuiltServer {
  const clientDir = path.join(BUILT, 'client') + path.sep;
  const files = filesUnder(BUILT, (file) => file.endsWith('.mjs') && !file.startsWith(clientDir));
  expect(files.length).toBeGreaterThan(10);
  const built: BuiltServer = { definitions: new Map(), modules: new Map() };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = path.relative(ROOT, file);
    for (const match of text.matchAll(/\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/g)) add(built.definitions, match[1]!, name);
    for (const match of text.matchAll(/^\/\/(?:#region)? ?(src\/\S+\.(?:ts|tsx|astro))$/gm)) add(built.modules, match[1]!, name);
  }
  return built;
}

test('every server module exists once in the built server', () => {
  const { definitions, modules } = readBuiltServer();
  expect(modules.size).toBeGreaterThan(300);
  expect([...modules.keys()]).toEqual(expect.arrayContaining(['src/app/main.ts', 'src/features/wallet/server/wallet.ts']));
  const twice = [...modules].filter(([, files]) => files.size > 1).map(([module, files]) => `${module}: ${[...files].join(', ')}`);
  expect(twice).toEqual([]);
  for (const anchor of PROCESS_STATE_ANCHORS) expect([...(definitions.get(anchor) ?? [])], anchor).toHaveLength(1);
});
