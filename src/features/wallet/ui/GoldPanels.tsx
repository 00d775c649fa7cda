import type { ReactNode } from 'react';
import type { GoldEntry, GoldOverview, GoldTask } from '~/features/wallet/client/money';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { canExchangeGold, exchangeBlockedReason, goldTaskState, signedCoins } from '~/features/wallet/ui/gold-rules';
import { focusRing } from '~/platform/ui/focus-ring';

const card = 'rounded-lg bg-white p-5 ring-1 ring-neutral-200';
const cardTitle = 'text-base font-bold text-neutral-900';
const actionButton = `inline-flex items-center justify-center gap-2 rounded-full bg-primary px-5 py-1.5 text-sm font-medium text-white hover:bg-primary-dark ${focusRing}`;
const doneBadge = 'inline-flex items-center rounded-full bg-neutral-100 px-4 py-1.5 text-sm text-neutral-600';

export function CoinBalance({ coins }: { coins: number }): ReactNode {
  return (
    <section aria-label="金币余额" className="rounded-lg bg-gradient-to-r from-amber-50 to-amber-100 px-6 py-5 ring-1 ring-amber-200">
      <dl>
        <dt className="text-sm text-amber-900">我的金币</dt>
        <dd className="mt-1 text-4xl font-bold tabular-nums text-amber-800" data-gold-coins>
          {coins}
        </dd>
      </dl>
    </section>
  );
}

export function SignInCard({ overview, onSignIn }: { overview: GoldOverview; onSignIn(): Promise<unknown> }): ReactNode {
  return (
    <section aria-labelledby="gold-sign-in" className={`${card} flex items-center justify-between gap-4`}>
      <div>
        <h2 id="gold-sign-in" className={cardTitle}>
          每日签到
        </h2>
        <p className="mt-1 text-sm text-neutral-600">每天签到可领取{overview.sign_in_coins}金币</p>
      </div>
      {overview.signed_today ? (
        <button type="button" disabled className={`${doneBadge} cursor-not-allowed`}>
          今日已签到
        </button>
      ) : (
        <DebounceButton onAction={onSignIn} className={actionButton}>
          签到领{overview.sign_in_coins}金币
        </DebounceButton>
      )}
    </section>
  );
}

export function TaskList({ tasks, onClaim }: { tasks: GoldTask[]; onClaim(task: GoldTask): Promise<unknown> }): ReactNode {
  return (
    <section aria-labelledby="gold-tasks" className={card}>
      <h2 id="gold-tasks" className={cardTitle}>
        金币任务
      </h2>
      {tasks.length === 0 ? (
        <EmptyState type={1} text="暂无任务" />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-100">
          {tasks.map((task) => {
            const state = goldTaskState(task);
            return (
              <li key={task.key} className="flex items-center justify-between gap-4 py-3" data-task={task.key} data-state={state}>
                <span className="text-sm text-neutral-900">
                  {task.name}
                  <span className="ml-2 font-medium text-amber-800 tabular-nums">+{task.coins}金币</span>
                </span>
                {state === 'todo' ? <span className="text-sm text-neutral-500">未完成</span> : null}
                {state === 'claimable' ? (
                  <DebounceButton onAction={() => onClaim(task)} aria-label={`领取 ${task.name} 的${task.coins}金币`} className={actionButton}>
                    领取
                  </DebounceButton>
                ) : null}
                {state === 'claimed' ? <span className="text-sm text-neutral-500">已领取</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function ExchangeCard({ overview, onExchange }: { overview: GoldOverview; onExchange(): Promise<unknown> }): ReactNode {
  const blocked = exchangeBlockedReason(overview);
  return (
    <section aria-labelledby="gold-exchange" className={`${card} flex flex-wrap items-center justify-between gap-4`}>
      <div>
        <h2 id="gold-exchange" className={cardTitle}>
          金币兑换
        </h2>
        <p className="mt-1 text-sm text-neutral-700">
          用{overview.exchange_coins}金币兑换{overview.exchange_red_packet}元无门槛红包
        </p>
        <p className="mt-0.5 text-xs text-neutral-600">今日还可兑换{overview.exchanges_left_today}次</p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <DebounceButton onAction={onExchange} disabled={!canExchangeGold(overview)} aria-describedby={blocked ? 'gold-exchange-blocked' : undefined} className={actionButton}>
          立即兑换
        </DebounceButton>
        {blocked ? (
          <span id="gold-exchange-blocked" className="text-xs text-neutral-500">
            {blocked}
          </span>
        ) : null}
      </div>
    </section>
  );
}

export function HistoryList({ history }: { history: GoldEntry[] }): ReactNode {
  return (
    <section aria-labelledby="gold-history" className={card}>
      <h2 id="gold-history" className={cardTitle}>
        金币明细
      </h2>
      {history.length === 0 ? (
        <EmptyState type={1} text="暂无金币明细" />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-100">
          {history.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-4 py-2.5 text-sm">
              <span className="flex flex-col">
                <span className="text-neutral-900">{entry.kind_text}</span>
                <time dateTime={entry.created_at} className="text-xs text-neutral-500">
                  {formatShanghaiDateTime(new Date(entry.created_at))}
                </time>
              </span>
              <span className={`font-medium tabular-nums ${entry.amount > 0 ? 'text-primary' : 'text-neutral-700'}`} data-amount={entry.amount}>
                {signedCoins(entry.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
