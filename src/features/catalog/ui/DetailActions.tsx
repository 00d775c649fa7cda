import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getAccountState, setCollected, setLiked, type AccountState } from '~/features/catalog/client';
import { toggledLike } from '~/features/catalog/rules/user-catalog';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';

const button =
  'inline-flex items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const idle = 'border-neutral-300 text-neutral-700 hover:border-primary hover:text-primary';
const pressed = 'border-primary bg-primary-light text-primary';

/**
 * The detail page's 点赞 and 收藏 (spec §7 detail "like", account "collections"). The state is the
 * visitor's own, so it loads with the token after hydration and the page HTML stays the same for
 * everyone. Signed out, both buttons open the login dialog and no counts show (the state call
 * needs the token). Both toggles change at once and roll back if the server refuses (the client
 * has shown why).
 *
 * The page renders it twice. Server-only with `signInOffer` for a signed-out visitor: the
 * same buttons as plain HTML carrying `data-open-login`, which the page chrome answers with the
 * login dialog (no React for a signed-out visitor); and as a `client:signedin` island for a signed-in
 * one. CSS shows one of the two (`data-auth-out` / `data-auth-in`).
 */
export default function DetailActions({ listingId, signInOffer = false }: { listingId: number; signInOffer?: boolean }): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [state, setState] = useState<AccountState | null>(null);
  const [status, setStatus] = useState('');
  const likeBusy = useRef(false);
  const collectBusy = useRef(false);

  useEffect(() => {
    setState(null);
    if (!$loggedIn) return;
    const controller = new AbortController();
    getAccountState(listingId, { signal: controller.signal })
      .then(setState)
      .catch(() => undefined); // the buttons stay inert; the client has shown the failure
    return () => controller.abort();
  }, [$loggedIn, listingId]);

  async function toggleLike(): Promise<void> {
    if (!$loggedIn) return openLogin('scan');
    if (!state || likeBusy.current) return;
    likeBusy.current = true;
    const before = { is_liked: state.is_liked, like_count: state.like_count };
    const next = toggledLike(before);
    setState((current) => current && { ...current, ...next });
    try {
      const answer = await setLiked(listingId, next.is_liked);
      setState((current) => current && { ...current, ...answer });
      setStatus(answer.is_liked ? '已点赞' : '已取消点赞');
    } catch {
      setState((current) => current && { ...current, ...before });
    } finally {
      likeBusy.current = false;
    }
  }

  async function toggleCollect(): Promise<void> {
    if (!$loggedIn) return openLogin('scan');
    if (!state || collectBusy.current) return;
    collectBusy.current = true;
    const before = { is_collection: state.is_collection, collection_count: state.collection_count };
    const next = {
      is_collection: !before.is_collection,
      collection_count: Math.max(0, before.collection_count + (before.is_collection ? -1 : 1)),
    };
    setState((current) => current && { ...current, ...next });
    try {
      const answer = await setCollected(listingId, next.is_collection);
      setState((current) => current && { ...current, ...answer });
      setStatus(answer.is_collection ? '已收藏' : '已取消收藏');
    } catch {
      setState((current) => current && { ...current, ...before });
    } finally {
      collectBusy.current = false;
    }
  }

  // Signed in but not loaded (or failed): the buttons show but do nothing yet.
  const inert = $loggedIn && state === null;
  const liked = state?.is_liked ?? false;
  const collected = state?.is_collection ?? false;
  const offer = signInOffer ? { 'data-open-login': 'scan' } : {};

  return (
    <div className="flex items-center gap-3" data-detail-actions>
      <button
        type="button"
        aria-pressed={liked}
        aria-disabled={inert || undefined}
        onClick={toggleLike}
        {...offer}
        className={`${button} ${liked ? pressed : idle}`}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" fill={liked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6">
          <path d="M6 9v8H3V9zm0 0l3.5-6a2 2 0 0 1 2.5 2l-.7 3.5H16a2 2 0 0 1 2 2.3l-1 5A2 2 0 0 1 15 17H6" strokeLinejoin="round" />
        </svg>
        点赞
        {state ? <span className="tabular-nums">{state.like_count}</span> : null}
      </button>
      <button
        type="button"
        aria-pressed={collected}
        aria-disabled={inert || undefined}
        onClick={toggleCollect}
        {...offer}
        className={`${button} ${collected ? pressed : idle}`}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" fill={collected ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6">
          <path d="M10 2.5l2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2L2.5 8l5.2-.7z" strokeLinejoin="round" />
        </svg>
        {collected ? '已收藏' : '收藏'}
      </button>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
