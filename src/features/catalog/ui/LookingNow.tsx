import { useEffect, useState, type ReactNode } from 'react';
import type { LookStats } from '~/features/catalog/contract/catalog';
import { CATALOG_ROUTES } from '~/features/catalog/routes';
import { callPublic } from '~/platform/client/public-get';

/**
 * The detail page's look counter (spec §7 detail "look counter", "looking-user list"). Loaded
 * in the browser so the cached page stays the same for everyone; a failure shows nothing.
 *
 * The declared route goes through callPublic, not `call`: the full client (ofetch, the
 * token and toast stores) would load with the detail page's first paint, which the light public client exists to
 * avoid; the request stays a bare GET without token or system headers.
 */
export default function LookingNow({ listingId }: { listingId: number }): ReactNode {
  const [stats, setStats] = useState<LookStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    callPublic(CATALOG_ROUTES.looking, { account_id: listingId }, controller.signal)
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
