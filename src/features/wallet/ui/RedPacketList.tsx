import { useId, useState, type ReactNode } from 'react';
import { loadRedPackets, type RedPacket } from '~/features/wallet/red-packets-store';
import { ExchangeCodeBox } from '~/features/wallet/ui/ExchangeCodeBox';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Skeleton } from '~/platform/ui/Skeleton';
import { ENVELOPE_TABS, envelopeCondition, envelopeFaceText, listEnvelopes, type EnvelopeTab } from '~/features/wallet/ui/envelopes';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Tabs } from '~/platform/ui/Tabs';
import { focusRing } from '~/features/wallet/ui/ui';
import { phoneTapTarget } from '~/platform/ui/focus-ring';
import { useRemote } from '~/platform/ui/use-remote';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { FreeCouponList } from '~/features/free/ui/FreeCouponList';

/** The stamp on an envelope that can no longer be used. */
const SPENT_STAMP: Readonly<Record<Exclude<EnvelopeTab, 'usable'>, string>> = { used: '已使用', expired: '已过期' };

/** One envelope as a red ticket; used and expired ones are greyed and stamped. */
export function EnvelopeTicket({ packet, tab }: { packet: RedPacket; tab: EnvelopeTab }): ReactNode {
  const usable = tab === 'usable';
  const condition = envelopeCondition(packet.couponsInfo);
  return (
    <article
      className={`flex overflow-hidden rounded-lg ring-1 ${usable ? 'bg-white ring-primary/30' : 'bg-neutral-50 ring-neutral-200'}`}
      data-red-packet-id={packet.id}
      data-usable={usable}
    >
      <div className={`flex w-28 shrink-0 flex-col items-center justify-center border-r-2 border-dashed border-white px-2 py-4 ${usable ? 'bg-primary text-white' : 'bg-neutral-300 text-neutral-600'}`}>
        <p className="text-2xl font-bold whitespace-nowrap tabular-nums" data-face>
          {envelopeFaceText(packet.couponsInfo)}
        </p>
        <p className="mt-1 text-xs opacity-90">红包</p>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <h3 className={`truncate text-sm font-medium ${usable ? 'text-neutral-900' : 'text-neutral-500'}`}>{packet.name}</h3>
        {condition ? <p className={`text-xs ${usable ? 'text-primary' : 'text-neutral-500'}`}>{condition}</p> : null}
        <p className="text-xs text-neutral-500 tabular-nums">有效期至 {formatShanghaiIso(packet.expires_at)}</p>
        <div className="mt-auto flex justify-end pt-1">
          {usable ? (
            <a href="/zuhao.html" className={`rounded-full bg-primary px-4 py-1 text-xs text-white hover:bg-primary-dark max-md:px-5 ${phoneTapTarget} ${focusRing}`}>
              去使用
            </a>
          ) : (
            <span className="rounded border border-neutral-300 px-2 py-0.5 text-xs text-neutral-500">{SPENT_STAMP[tab]}</span>
          )}
        </div>
      </div>
    </article>
  );
}

/** One tab's envelopes, or its own empty line. */
export function EnvelopeGrid({ packets, tab }: { packets: readonly RedPacket[]; tab: EnvelopeTab }): ReactNode {
  const empty = ENVELOPE_TABS.find((item) => item.value === tab)?.empty ?? '暂无红包';
  if (packets.length === 0) return <EmptyState type={1} text={empty} />;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {packets.map((packet) => (
        <li key={packet.id}>
          <EnvelopeTicket packet={packet} tab={tab} />
        </li>
      ))}
    </ul>
  );
}

function Envelopes(): ReactNode {
  const [tab, setTab] = useState<EnvelopeTab>('usable');
  const panelId = useId();
  const { remote, reload } = useRemote((signal) => listEnvelopes(tab, signal), tab);
  // An exchange code may give a free-rental coupon (a template of that kind): its list reads again.
  const [couponsVersion, setCouponsVersion] = useState(0);

  return (
    <div className="flex flex-col gap-4 py-2">
      <ExchangeCodeBox
        hint="输入活动兑换码，领取红包、免费租号券或金币"
        onRedeemed={(redeemed) => {
          // The new envelope should be offered at the next checkout, and listed here at once.
          if (redeemed.reward_kind !== 'red_packet') return;
          setCouponsVersion((version) => version + 1);
          void loadRedPackets();
          if (tab === 'usable') reload();
          else setTab('usable');
        }}
      />
      <FreeCouponList version={couponsVersion} />
      <h2 className="text-base font-semibold text-neutral-900">红包</h2>
      <Tabs label="红包状态" tabs={ENVELOPE_TABS} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-busy={remote.kind === 'loading'}>
        {remote.kind === 'loading' ? (
          <Skeleton lines={4} />
        ) : remote.kind === 'failed' ? (
          <LoadFailed text="获取红包列表失败" onRetry={reload} />
        ) : (
          <EnvelopeGrid packets={remote.data.list} tab={tab} />
        )}
      </div>
    </div>
  );
}

/** /account/redPacket (我的红包): the free-rental coupons to use, then envelopes to use, used and expired. */
export default function RedPacketList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Envelopes />
    </LoginRequired>
  );
}
