import { useEffect, useState, type ReactNode } from 'react';
import { publicGet } from '~/platform/client/public-get';

interface LookStats {
  look_count: number;
  looking_count: number;
  list: { name: string; viewed_at: string }[];
}

/**
 * The detail page's look counter (spec §7 detail "look counter", "looking-user list"). Loaded
 * in the browser so the cached page stays the same for everyone; a failure shows nothing.
 */
export default function LookingNow({ listingId }: { listingId: number }): ReactNode {
  const [stats, setStats] = useState<LookStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    publicGet<LookStats>('/detail/looking', { account_id: listingId }, controller.signal)
      .then(setStats)
      .catch(() => undefined);
    return () => controller.abort();
  }, [listingId]);

  if (!stats) return <p className="h-5 text-sm text-neutral-500" aria-hidden="true" />;
  const others = stats.list.map((viewer) => viewer.name).join('、');
  return (
    <p className="text-sm text-neutral-600" aria-live="polite">
      <span className="font-medium text-primary-dark">{stats.looking_count}</span> 人正在看 · 累计浏览{' '}
      <span className="font-medium">{stats.look_count}</span> 次
      {others && <span className="ml-2 text-neutral-500">（{others}）</span>}
    </p>
  );
}
