import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';

/** One item of the user's, loaded by the ?id= of a detail screen (评价详情, 消息详情). */
export type DetailLoad<T> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; item: T };

export const backLinkClass = `inline-block text-neutral-600 hover:text-primary ${focusRing}`;
export const outlineLinkClass = `rounded-full border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`;

/**
 * Loads the item of `id` (null: no usable id in the address). The server answers 404 for a
 * missing id and for anyone else's alike, so both show as missing; other failures can be retried.
 */
export function useItemDetail<T>(
  id: number | null,
  fetchItem: (id: number, options: { signal: AbortSignal }) => Promise<T>,
  onLoaded?: (item: T) => void,
): { load: DetailLoad<T>; retry: () => void } {
  const [load, setLoad] = useState<DetailLoad<T>>(id === null ? { kind: 'missing' } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    fetchItem(id, { signal: controller.signal })
      .then((item) => {
        setLoad({ kind: 'ready', item });
        onLoaded?.(item);
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad(isApiError(error) && error.httpStatus === 404 ? { kind: 'missing' } : { kind: 'failed' });
      });
    return () => controller.abort();
    // The fetcher and callback are module functions of the screen; the id and a retry reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  const retry = (): void => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { load, retry };
}

export interface DetailFallbackProps<T> {
  load: DetailLoad<T>;
  retry: () => void;
  skeletonLines: number;
  /** 获取评价失败 */
  failedText: string;
  /** The server's not-found message (评价不存在). */
  missingText: string;
  backHref: string;
  /** 返回我的评价 */
  backLabel: string;
}

/** What a detail screen shows until its item is ready; null once it is. */
export function DetailFallback<T>({ load, retry, skeletonLines, failedText, missingText, backHref, backLabel }: DetailFallbackProps<T>): ReactNode {
  if (load.kind === 'loading') return <Skeleton lines={skeletonLines} className="py-6" />;
  if (load.kind === 'failed') return <LoadFailed text={failedText} onRetry={retry} />;
  if (load.kind === 'missing') {
    return (
      <EmptyState
        type={3}
        text={missingText}
        action={
          <a href={backHref} className={outlineLinkClass}>
            {backLabel}
          </a>
        }
      />
    );
  }
  return null;
}
