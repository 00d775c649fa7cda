import { useState, type ReactNode } from 'react';
import { getInvitations, type InvitationsOverview } from '~/features/activities/client';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import LoginRequired from '~/platform/ui/LoginRequired';
import { CopyButton } from '~/platform/ui/CopyButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useLoad } from '~/features/activities/ui/useLoad';

const card = 'rounded-lg bg-white p-5 ring-1 ring-neutral-200';
const STATE_CLASS: Record<string, string> = {
  rewarded: 'text-emerald-700',
  refused: 'text-neutral-500',
  pending: 'text-amber-700',
};

function Overview({ overview }: { overview: InvitationsOverview }): ReactNode {
  return (
    <div className="flex flex-col gap-4 py-2" data-invitations>
      <section aria-labelledby="invite-code" className={`${card} flex flex-col gap-5 sm:flex-row sm:items-center`}>
        <img src={overview.qr_data_url} alt="邀请二维码" width={136} height={136} className="h-34 w-34 shrink-0 self-center rounded bg-white p-1 ring-1 ring-neutral-200" />
        <div className="min-w-0 flex-1">
          <h2 id="invite-code" className="text-base font-bold text-neutral-900">
            我的邀请码
          </h2>
          <p className="mt-1 flex items-center gap-2">
            <span className="text-2xl font-bold tracking-widest text-primary" data-invite-code>
              {overview.invite_code}
            </span>
            <CopyButton text={overview.invite_code} what="邀请码" />
          </p>
          <p className="mt-3 text-sm text-neutral-600">邀请链接</p>
          <p className="mt-1 flex items-start gap-2">
            <span className="min-w-0 break-all text-sm text-neutral-800" data-invite-link>
              {overview.invite_link}
            </span>
            <span className="shrink-0"><CopyButton text={overview.invite_link} what="邀请链接" /></span>
          </p>
          <p className="mt-3 text-sm text-neutral-600">
            好友通过链接或邀请码注册，首笔付费租号结束后，您可获得<strong className="text-amber-700">{overview.reward_coins}金币</strong>
            ，并获得一次抽奖机会。
          </p>
        </div>
      </section>

      <section aria-label="邀请统计" className={`${card} grid grid-cols-3 text-center`}>
        <div>
          <p className="text-2xl font-bold tabular-nums text-neutral-900" data-invited>{overview.invited}</p>
          <p className="text-sm text-neutral-600">已邀请</p>
        </div>
        <div>
          <p className="text-2xl font-bold tabular-nums text-neutral-900" data-rewarded>{overview.rewarded}</p>
          <p className="text-sm text-neutral-600">已奖励</p>
        </div>
        <div>
          <p className="text-2xl font-bold tabular-nums text-amber-700" data-coins-earned>{overview.coins_earned}</p>
          <p className="text-sm text-neutral-600">获得金币</p>
        </div>
      </section>

      <section aria-labelledby="invited-list" className={card}>
        <h2 id="invited-list" className="text-base font-bold text-neutral-900">
          邀请记录
        </h2>
        {overview.list.length === 0 ? (
          <EmptyState type={1} text="还没有邀请好友，快去分享邀请链接吧" />
        ) : (
          <ul className="mt-2 divide-y divide-neutral-100">
            {overview.list.map((row, index) => (
              <li key={index} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm" data-invited-row>
                <span className="font-medium text-neutral-900">{row.who}</span>
                <span className="text-neutral-500">{formatShanghaiDateTime(new Date(row.registered_at))}</span>
                <span className={STATE_CLASS[row.state] ?? ''}>{row.state_text}</span>
                <span className="tabular-nums text-amber-700">{row.coins > 0 ? `+${row.coins}金币` : '—'}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs leading-5 text-neutral-500">
          防刷规则：被邀请人与邀请人同一手机号、同一设备注册，或同一网络24小时内注册超过3人的部分，不计奖励。
        </p>
      </section>
    </div>
  );
}

function Loaded(): ReactNode {
  const [reload, setReload] = useState(0);
  const [load] = useLoad((signal) => getInvitations({ signal }), reload);
  if (load.kind === 'loading') return <Skeleton lines={6} className="py-4" />;
  if (load.kind === 'failed') return <LoadFailed text="获取邀请信息失败" onRetry={() => setReload((n) => n + 1)} />;
  return <Overview overview={load.value} />;
}

/** 推广 account_extension: the invite code, link and QR, and the people invited with what each earned. */
export default function Invitations({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Loaded />
    </LoginRequired>
  );
}
