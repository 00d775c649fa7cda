import type { WritableAtom } from 'nanostores';

/** Mirrors an atom into localStorage (browser only); the server never keeps per-user state. */
export function persistAtom<T>(store: WritableAtom<T>, key: string): void {
  if (typeof localStorage === 'undefined') return;
  try {
    const saved = localStorage.getItem(key);
    if (saved !== null) store.set(JSON.parse(saved) as T);
  } catch {
    localStorage.removeItem(key);
  }
  store.listen((value) => {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  });
}
