/**
 * The catalogue version nginx keys its page cache on (issue 27, deploy/nginx/zuhao.conf.template).
 * nginx cannot ask the database, so the processes publish the version on the disk nginx reads:
 * `<EDGE_VERSION_DIR>/current` is a symbolic link to `<EDGE_VERSION_DIR>/v<version>`, and nginx's
 * cache key holds `$realpath_root` of a root set to that link, i.e. the link resolved afresh on
 * every request. A newer version swings the link, after which no entry stored under the old one is
 * ever looked up again: invalidation without a purge module, on every nginx worker at once.
 *
 * Every process publishes (any of them may be the first to learn of a commit); the link only ever
 * moves forward: a process that learned of version 7 late must not swing it back from 8, which
 * would bring version 7's pages back. A swing therefore happens under a lock (an atomic mkdir) and
 * compares with what the link names first. The link itself is replaced by rename(2), so nginx sees
 * the old target or the new one, never nothing.
 */
import { mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, rmdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The link nginx's root names. */
export const EDGE_CURRENT_LINK = 'current';
const LOCK_NAME = '.swing.lock';
/** A lock older than this was left by a process that died while holding it (a swing takes microseconds). */
const STALE_LOCK_MS = 5_000;
const LOCK_RETRY_MS = 2;
/** Waiting longer than this for the lock means something is wrong with the folder: say so. */
const LOCK_GIVE_UP_MS = 10_000;
const VERSION_DIR = /^v(\d+)$/;

/** The version a target folder name stands for (`v42` → 42), or null for anything else. */
export function versionOfTarget(target: string): number | null {
  const match = VERSION_DIR.exec(path.basename(target));
  return match ? Number(match[1]) : null;
}

export class EdgeVersionLink {
  /** The highest version this process knows the link names (or has passed). */
  #published = -1;

  constructor(readonly dir: string) {}

  /** The version the link names now, or null when there is no link yet. */
  linkedVersion(): number | null {
    try {
      return versionOfTarget(readlinkSync(path.join(this.dir, EDGE_CURRENT_LINK)));
    } catch {
      return null;
    }
  }

  /**
   * Makes the link name `version` unless it already names that or a newer one; resolves once
   * nginx's next request sees it. Cheap when nothing is newer (no file system call).
   */
  async publish(version: number): Promise<void> {
    if (!Number.isSafeInteger(version) || version < 0 || version <= this.#published) return;
    const began = Date.now();
    while (!this.#tryLock()) {
      if (Date.now() - began > LOCK_GIVE_UP_MS) throw new Error(`could not take ${path.join(this.dir, LOCK_NAME)} within ${LOCK_GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      // Another swing may have published it (or more) while we waited.
      if (version <= this.#published) return;
    }
    try {
      const linked = this.linkedVersion();
      if (linked !== null && linked >= version) {
        this.#published = Math.max(this.#published, linked);
        return;
      }
      const target = `v${version}`;
      mkdirSync(path.join(this.dir, target), { recursive: true });
      const temporary = path.join(this.dir, `.link-${process.pid}-${version}`);
      rmSync(temporary, { force: true });
      symlinkSync(target, temporary);
      renameSync(temporary, path.join(this.dir, EDGE_CURRENT_LINK));
      this.#published = version;
      this.#removeOldTargets(version, linked);
    } finally {
      this.#unlock();
    }
  }

  #tryLock(): boolean {
    const lock = path.join(this.dir, LOCK_NAME);
    try {
      mkdirSync(lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmdirSync(lock);
      } catch {
        // released meanwhile: the next try takes it
      }
      return false;
    }
  }

  #unlock(): void {
    rmdirSync(path.join(this.dir, LOCK_NAME));
  }

  /**
   * The folders are empty (they exist so that nginx's realpath of the link succeeds); the one just
   * left stays, for a request that resolved it a moment ago.
   */
  #removeOldTargets(current: number, previous: number | null): void {
    for (const name of readdirSync(this.dir)) {
      const version = versionOfTarget(name);
      if (version !== null && version !== current && version !== previous) rmSync(path.join(this.dir, name), { recursive: true, force: true });
    }
  }
}

let link: EdgeVersionLink | null = null;

/** Turns publishing on for this process (main.ts, when EDGE_VERSION_DIR is set). */
export function useEdgeVersionLink(dir: string): EdgeVersionLink {
  mkdirSync(dir, { recursive: true });
  link = new EdgeVersionLink(dir);
  return link;
}

/** Whether nginx keys its cache on the version this process publishes (so it may store pages). */
export function edgeVersionPublished(): boolean {
  return link !== null;
}

/** Publishes `version` for nginx when this process does so; a no-op otherwise. */
export function publishEdgeVersion(version: number): Promise<void> {
  return link ? link.publish(version) : Promise.resolve();
}

/** Tests: publishing off again. */
export function stopEdgeVersionLink(): void {
  link = null;
}
