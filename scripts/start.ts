/**
 * `npm start`: build when the sources are newer than the last build, then run the production
 * entry. Runs on Node 24 (type stripping), so keep this file free of TypeScript-only syntax.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist', 'main.mjs');
const SOURCES = ['src', 'public', 'drizzle', 'astro.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (needsBuild()) {
  console.log('Building the site (sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Same process, so SIGTERM and SIGINT reach the server's own shutdown (closes the database).
process.chdir(root);
await import(pathToFileURL(entry).href);
