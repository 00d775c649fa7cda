import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { apiGet } from '../../lib/api/client';
import { $isLoggedIn } from '../../lib/stores/auth';
import { openLogin } from '../../lib/stores/ui';

/** GET free/count (Bearer). */
export const FREE_COUNT_PATH = '/free/count';

/** The answer of free/count (src/server/services/free-rentals.ts FreeCount). */
export interface FreeCountAnswer {
  per_day: number;
  used_today: number;
  remaining: number;
}

/**
 * The visitor's free rentals left today on /free. The count is the visitor's own, so it loads with
 * the token after hydration and the cached page HTML stays the same for everyone. Signed out, a
 * button opens the login dialog instead.
 */
export default function FreeCount(): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [count, setCount] = useState<FreeCountAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    setCount(null);
    setFailed(false);
    if (!$loggedIn) return;
    const controller = new AbortController();
    apiGet<FreeCountAnswer>(FREE_COUNT_PATH, undefined, { signal: controller.signal })
      .then(setCount)
      .catch(() => {
        // The client has shown why (or the request was cancelled); leave a plain line.
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [$loggedIn]);

  let content: ReactNode;
  if (!mounted) {
    content = <span className="inline-block h-5 w-40 animate-pulse rounded bg-white/40" aria-hidden="true" />;
  } else if (!$loggedIn) {
    content = (
      <button
        type="button"
        onClick={() => openLogin('scan')}
        className="rounded-full bg-white px-5 py-2 text-sm font-medium text-primary shadow-sm hover:bg-primary-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        登录后领取免费次数
      </button>
    );
  } else if (count) {
    content = (
      <span className="text-sm">
        今日剩余免费次数{' '}
        <strong className="text-lg" data-free-remaining>
          {count.remaining}/{count.per_day}
        </strong>
      </span>
    );
  } else {
    content = <span className="text-sm">{failed ? '免费次数暂时无法获取' : '正在获取免费次数…'}</span>;
  }

  return (
    <div role="status" aria-live="polite" data-free-count>
      {content}
    </div>
  );
}
