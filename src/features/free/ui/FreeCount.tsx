import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { $isLoggedIn } from '~/platform/stores/auth';
import { $freeCount, clearFreeCount, loadFreeCount } from '~/features/free/store';
import { openLogin } from '~/platform/stores/ui';

/**
 * The visitor's free rentals left today on /free. The count is the visitor's own, so it loads with
 * the token after hydration and the cached page HTML stays the same for everyone; it lives in
 * stores/free-count.ts, so a free order taken on the page brings it down at once. Signed out, a
 * button opens the login dialog instead.
 */
export default function FreeCount(): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const $count = useStore($freeCount);

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if ($loggedIn) void loadFreeCount();
    else clearFreeCount();
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
  } else if ($count.kind === 'ready') {
    content = (
      <span className="text-sm">
        今日剩余免费次数{' '}
        <strong className="text-lg" data-free-remaining>
          {$count.count.remaining}/{$count.count.per_day}
        </strong>
      </span>
    );
  } else {
    content = <span className="text-sm">{$count.kind === 'failed' ? '免费次数暂时无法获取' : '正在获取免费次数…'}</span>;
  }

  return (
    <div role="status" aria-live="polite" data-free-count>
      {content}
    </div>
  );
}
