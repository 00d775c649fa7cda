import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '~/platform/client/errors';

/** `error` is what the fetcher threw, for a screen that words its failure from the server's answer. */
export type Remote<T> = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; data: T };

export interface RemoteHandle<T> {
  remote: Remote<T>;
  /** Fetches again; what is on screen stays until the new answer arrives (no skeleton flash after an action). */
  reload(): void;
  /** Shows `data` as the answer (an action's result already says what a refetch would). */
  replace(data: T): void;
}

/**
 * Loads `fetcher`'s answer whenever `key` changes (a new query shows the skeleton) or reload() is
 * called. The request is aborted on unmount and when superseded, so a slow old answer never
 * overwrites a newer one; a cancelled request is silent (spec §8).
 */
export function useRemote<T>(fetcher: (signal: AbortSignal) => Promise<T>, key: string): RemoteHandle<T> {
  const [remote, setRemote] = useState<Remote<T>>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const fetcherRef = useRef(fetcher);
  const loadedKey = useRef<string | null>(null);

  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  useEffect(() => {
    const controller = new AbortController();
    const sameQuery = loadedKey.current === key;
    loadedKey.current = key;
    setRemote((previous) => (sameQuery && previous.kind === 'ready' ? previous : { kind: 'loading' }));
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setRemote({ kind: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.cancelled)) return;
        // A refresh that fails keeps the figures already shown; the client has toasted why.
        setRemote((previous) => (sameQuery && previous.kind === 'ready' ? previous : { kind: 'failed', error }));
      },
    );
    return () => controller.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((count) => count + 1), []);
  const replace = useCallback((data: T) => setRemote({ kind: 'ready', data }), []);
  return { remote, reload, replace };
}
