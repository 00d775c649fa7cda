import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EDGE_CURRENT_LINK, EdgeVersionLink, versionOfTarget } from '~/platform/edge/edge-version';
import { answerPage, EDGE_EXPIRES_HEADER, edgeExpiresValue, storedPage } from '~/platform/edge/page-cache';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'edge-version-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What nginx's $realpath_root of `<dir>/current` gives. */
const resolved = (): string => path.basename(realpathSync(path.join(dir, EDGE_CURRENT_LINK)));

describe('the version link nginx keys its page cache on', () => {
  it('names the first version published, then each newer one', async () => {
    const link = new EdgeVersionLink(dir);
    expect(link.linkedVersion()).toBeNull();
    await link.publish(41);
    expect(resolved()).toBe('v41');
    await link.publish(42);
    expect(resolved()).toBe('v42');
    expect(readlinkSync(path.join(dir, EDGE_CURRENT_LINK))).toBe('v42');
  });

  it('never moves back: a process that learned of an older version late leaves the newer one', async () => {
    const first = new EdgeVersionLink(dir);
    const late = new EdgeVersionLink(dir);
    await first.publish(8);
    await late.publish(7);
    expect(resolved()).toBe('v8');
    await late.publish(8);
    expect(resolved()).toBe('v8');
  });

  it('many processes publishing at once end on the highest version', async () => {
    const links = Array.from({ length: 4 }, () => new EdgeVersionLink(dir));
    await Promise.all(links.flatMap((link, i) => [3, 9, 5, 12, 1].map((version) => link.publish(version + i))));
    expect(resolved()).toBe('v15');
  });

  it('keeps only the folder just left beside the current one', async () => {
    const link = new EdgeVersionLink(dir);
    for (const version of [1, 2, 3, 4]) await link.publish(version);
    expect(readdirSync(dir).filter((name) => versionOfTarget(name) !== null).sort()).toEqual(['v3', 'v4']);
  });

  it('takes over a lock left by a process that died holding it', async () => {
    const lock = path.join(dir, '.swing.lock');
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await new EdgeVersionLink(dir).publish(5);
    expect(resolved()).toBe('v5');
  });

  it('refuses nonsense versions', async () => {
    const link = new EdgeVersionLink(dir);
    await link.publish(Number.NaN);
    await link.publish(-1);
    expect(link.linkedVersion()).toBeNull();
  });
});

describe('what a process lets nginx keep', () => {
  const page = storedPage(200, [['content-type', 'text/html; charset=utf-8']], new TextEncoder().encode('<p>hi</p>').buffer, 1, 1_000_000);

  it('nothing when it does not publish the version', () => {
    expect(answerPage(page, { acceptEncoding: null, ifNoneMatch: null }, 'hit').headers.find(([name]) => name === EDGE_EXPIRES_HEADER)).toBeUndefined();
  });

  it('until its own entry expires, rounded down to the second', () => {
    expect(edgeExpiresValue(1_010_999)).toBe('@1010');
    const answer = answerPage(page, { acceptEncoding: null, ifNoneMatch: null }, 'miss', 1_010_999);
    expect(answer.headers).toContainEqual([EDGE_EXPIRES_HEADER, '@1010']);
  });
});
