/**
 * Builds the site when the sources are newer than the last build (used by `npm start` and
 * `npm run bench`). Runs on Node 24 with type stripping: no TypeScript-only syntax here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ENTRY = path.join(ROOT, 'dist', 'main.mjs');
const SOURCES = ['src', 'public', 'drizzle', 'astro.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

export function needsBuild(): boolean {
  if (!existsSync(ENTRY)) return true;
  const built = statSync(ENTRY).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

export function buildIfNeeded(): void {
  if (!needsBuild()) return;
  console.log('Building the site (sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
