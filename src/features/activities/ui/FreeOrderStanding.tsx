import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { getFreeOrderStanding, type FreeOrderStanding as Standing } from '~/features/activities/client';
import { isApiError } from '~/platform/client/errors';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';

/** The caller's standing in the new-user free first order (a visitor gets the sign-in button). */
export default function FreeOrderStanding(): ReactNode {
  const [mounted, setMounted] = useState(false);
  const loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!loggedIn) return setStanding(null);
    const controller = new AbortController();
    getFreeOrderStanding({ signal: controller.signal })
      .then(setStanding)
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
      });
    return () => controller.abort();
  }, [loggedIn]);

  if (!mounted) return <span className="inline-block h-5 w-48 animate-pulse rounded bg-white/40" aria-hidden="true" />;
  if (!loggedIn) {
    return (
      <button type="button" onClick={() => openLogin('scan')} className="rounded-full bg-white px-5 py-2 text-sm font-medium text-primary hover:bg-neutral-100">
        登录查看我的资格
      </button>
    );
  }
  if (!standing) return <span className="inline-block h-5 w-48 animate-pulse rounded bg-white/40" aria-hidden="true" />;
  return (
    <div className="text-sm" data-free-order-state={standing.state}>
      <p className="font-medium">{standing.text}</p>
      {standing.state === 'eligible' ? <p className="mt-1 text-white/90">资格有效期至 {formatShanghaiDateTime(new Date(standing.deadline))}</p> : null}
    </div>
  );
}
