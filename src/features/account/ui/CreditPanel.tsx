import type { ReactNode } from 'react';
import { getCredit } from '~/features/account/client/account-extras';
import { CREDIT_MAX_SCORE, CREDIT_MIN_SCORE } from '~/features/account/constants';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { useRemote } from '~/platform/ui/use-remote';

/**
 * 信用分 ("Credit ... shown with what moves it"): the score, its level, and each factor
 * with its count, the points it moved and its rule. Needs a signed-in parent (LoginRequired); the
 * personal page can mount it as it is.
 */
export function CreditPanel(): ReactNode {
  const { remote, reload } = useRemote((signal) => getCredit({ signal }), 'credit');
  if (remote.kind === 'loading') return <div className="h-24 animate-pulse rounded-lg bg-neutral-100" aria-hidden="true" />;
  if (remote.kind === 'failed') return <LoadFailed text="获取信用分失败" onRetry={reload} />;
  const credit = remote.data;
  return (
    <section aria-labelledby="credit-heading" className="rounded-lg bg-white p-4 ring-1 ring-neutral-200" data-credit-score={credit.score}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="credit-heading" className="text-base font-medium text-neutral-900">
          我的信用分
        </h2>
        <span className="text-3xl font-bold text-primary tabular-nums">{credit.score}</span>
        <span className="rounded bg-primary/10 px-2 py-0.5 text-sm text-primary">{credit.level}</span>
      </div>
      <details className="mt-2 text-sm text-neutral-700">
        <summary className="cursor-pointer text-neutral-600 hover:text-primary">什么会影响信用分</summary>
        <p className="mt-2">
          初始 {credit.base} 分，范围 {CREDIT_MIN_SCORE}–{CREDIT_MAX_SCORE} 分：
        </p>
        <ul className="mt-1 space-y-1">
          {credit.factors.map((factor) => (
            <li key={factor.key} className="flex flex-wrap justify-between gap-x-3" data-credit-factor={factor.key}>
              <span>
                {factor.label} {factor.count} 笔 <span className="text-xs text-neutral-500">（{factor.rule}）</span>
              </span>
              <span className={`tabular-nums ${factor.points < 0 ? 'text-rose-700' : 'text-emerald-700'}`}>
                {factor.points >= 0 ? `+${factor.points}` : factor.points}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
