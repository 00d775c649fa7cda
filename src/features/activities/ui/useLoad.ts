import { useEffect, useState } from 'react';
import { isApiError } from '~/platform/client/errors';

export type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; value: T };

/** Loads once per `key` change; an aborted load leaves the state alone. */
export function useLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>, key: unknown): [Load<T>, (value: T) => void] {
  const [load, setLoad] = useState<Load<T>>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal)
      .then((value) => setLoad({ kind: 'ready', value }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [key]);
  return [load, (value: T) => setLoad({ kind: 'ready', value })];
}
