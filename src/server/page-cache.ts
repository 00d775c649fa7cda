/**
 * A short-lived cache of rendered catalogue pages (issue 3). Server-rendered HTML carries no
 * per-user data (the token lives in the browser), so one URL renders the same for every visitor
 * of a brand. An entry is served only while the catalogue version it was rendered under is still
 * current and it is younger than its time-to-live: a listing that is rented bumps the version
 * (database triggers), so no visitor sees it as free, on any process.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
  /** Catalogue version read before the page was rendered. */
  version: number;
  storedAtMs: number;
  /** The body compressed once, on first demand (see cached-pages.ts). */
  br?: Uint8Array;
  gzip?: Uint8Array;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
  ) {}

  /** The entry for key if it was rendered under `version` and is still fresh; refreshes its LRU place. */
  get(key: string, version: number, nowMs: number): CachedPage | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || nowMs - entry.storedAtMs >= this.ttlMs) {
      this.#entries.delete(key);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, page);
    // Map keeps insertion order: the first key is the least recently used.
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
