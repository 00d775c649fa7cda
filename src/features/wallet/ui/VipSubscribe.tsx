import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { isDefinitiveRefusal } from '~/platform/client/intent-keys';
import { listVipPlans, newIdempotencyKey, subscribeVip, type OrderView, type VipPlans } from '~/features/wallet/client/money';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin, showSuccess } from '~/platform/stores/ui';
import { PayDialog } from '~/features/wallet/ui/PayDialog';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { VipPlanOptions } from '~/features/wallet/ui/VipPlanOptions';
import { vipBenefitText, vipStatusText } from '~/features/wallet/ui/vip-plans';
import { focusRing } from '~/platform/ui/focus-ring';

export const VIP_PAID_TEXT = '开通成功';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: VipPlans };


/**
 * /VIPSubscribe (spec §2, §7 vip "list, subscribe"): the benefit, the visitor's status, the plans
 * and 立即开通. Plans are public; the status is per user, so it appears only once the list has
 * loaded in the browser (the server HTML is the same for everyone).
 */
export default function VipSubscribe(): ReactNode {
  const id = useId();
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [status, setStatus] = useState('');
  const intentKey = useRef<string | null>(null);

  // Signing in or out changes vip_status, so the list is read again.
  useEffect(() => {
    const controller = new AbortController();
    listVipPlans({ signal: controller.signal })
      .then((data) => setLoad({ kind: 'ready', data }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [$loggedIn, reload]);

  const data = load.kind === 'ready' ? load.data : null;
  const plan = data?.plans.find((candidate) => candidate.id === selectedId) ?? data?.plans[0] ?? null;
  const isVip = data?.vip_status === 1;

  function select(planId: number): void {
    intentKey.current = null; // another plan is another intent
    setSelectedId(planId);
  }

  async function subscribe(): Promise<void> {
    if (!$isLoggedIn.get()) {
      openLogin('scan');
      return;
    }
    if (!plan) return;
    intentKey.current ??= newIdempotencyKey();
    try {
      const created = await subscribeVip(plan.id, intentKey.current);
      intentKey.current = null;
      setOrder(created);
    } catch (error) {
      if (isDefinitiveRefusal(error)) intentKey.current = null;
      if (!isApiError(error)) throw error; // the client has shown an ApiError already
    }
  }

  function paid(): void {
    setOrder(null);
    showSuccess(VIP_PAID_TEXT);
    setStatus(VIP_PAID_TEXT);
    setReload((count) => count + 1); // the server now answers vip_status 1 and the new end date
  }

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lines={5} className="py-4" />;
  } else if (load.kind === 'failed') {
    body = (
      <LoadFailed
        text="获取VIP套餐失败"
        onRetry={() => {
          setLoad({ kind: 'loading' });
          setReload((count) => count + 1);
        }}
      />
    );
  } else if (load.data.plans.length === 0) {
    body = <EmptyState type={1} text="暂无可开通的VIP套餐" />;
  } else {
    body = (
      <>
        <VipPlanOptions plans={load.data.plans} selectedId={plan?.id ?? null} onSelect={select} name={`${id}-plan`} />
        <div className="mt-6 flex justify-center">
          <DebounceButton
            onAction={subscribe}
            className={`inline-flex min-w-48 items-center justify-center gap-2 rounded-full bg-primary px-8 py-3 text-base font-bold text-white hover:bg-primary-dark ${focusRing}`}
          >
            {isVip ? '续费VIP' : '立即开通'}
          </DebounceButton>
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6" data-vip-subscribe>
      <section aria-labelledby={`${id}-benefit`} className="rounded-lg bg-gradient-to-r from-amber-50 to-primary-light px-6 py-5 ring-1 ring-amber-200">
        <h2 id={`${id}-benefit`} className="text-lg font-bold text-amber-900">
          VIP会员特权
        </h2>
        <p className="mt-1 text-base text-neutral-900" data-vip-benefit>
          {vipBenefitText()}
        </p>
        {data ? (
          <p className={`mt-2 text-sm ${isVip ? 'font-medium text-amber-800' : 'text-neutral-700'}`} data-vip-status>
            {vipStatusText(data.vip_status, data.vip_expires_at)}
          </p>
        ) : null}
      </section>
      <section aria-label="VIP套餐">{body}</section>
      <p role="status" className="sr-only">
        {status}
      </p>
      {order ? <PayDialog order={order} open onClose={() => setOrder(null)} onPaid={paid} /> : null}
    </div>
  );
}
