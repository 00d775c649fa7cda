import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { drawLottery, getLottery, getRanking, type LotteryOverview, type RankingAnswer } from '~/features/activities/client';
import { isApiError } from '~/platform/client/errors';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin, showSuccess } from '~/platform/stores/ui';
import { formatShanghaiDate, formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { NEWUSER_RANKING_PRIZE_DELAY_DAYS } from '~/features/activities/constants';
import { CopyButton } from '~/platform/ui/CopyButton';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useLoad } from '~/features/activities/ui/useLoad';

const card = 'rounded-lg bg-white p-5 ring-1 ring-neutral-200';
const h2 = 'text-base font-bold text-neutral-900';
const primaryButton =
  'inline-flex items-center justify-center rounded-full bg-primary px-6 py-2 text-sm font-medium text-white hover:bg-primary-dark disabled:cursor-not-allowed disabled:bg-neutral-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

const rankText = (from: number, to: number): string => (from === to ? `第${from}名` : `第${from}-${to}名`);

function MyPlace({ ranking, loggedIn }: { ranking: RankingAnswer; loggedIn: boolean }): ReactNode {
  if (!loggedIn || !ranking.mine) {
    return (
      <section aria-labelledby="my-place" className={card}>
        <h2 id="my-place" className={h2}>
          我的排名
        </h2>
        <p className="mt-2 text-sm text-neutral-600">登录后查看自己的排名和专属邀请链接。</p>
        <button type="button" className={`${primaryButton} mt-3`} onClick={() => openLogin('scan')}>
          立即登录
        </button>
      </section>
    );
  }
  const { mine } = ranking;
  const link = `${window.location.origin}/rank_register?invite=${encodeURIComponent(mine.invite_code)}`;
  return (
    <section aria-labelledby="my-place" className={card} data-my-place>
      <h2 id="my-place" className={h2}>
        我的排名
      </h2>
      <p className="mt-2 text-sm text-neutral-700">
        {mine.rank === null ? '暂未上榜' : <>第<strong className="text-xl text-primary" data-my-rank>{mine.rank}</strong>名</>}
        <span className="ml-3">有效邀请 {mine.count} 人</span>
        {mine.prize_coins > 0 ? <span className="ml-3 text-amber-700">可得 {mine.prize_coins} 金币</span> : null}
      </p>
      <p className="mt-3 text-sm text-neutral-600">活动邀请链接</p>
      <p className="mt-1 flex items-start gap-2">
        <span className="min-w-0 break-all text-sm text-neutral-800">{link}</span>
        <span className="shrink-0"><CopyButton text={link} what="邀请链接" /></span>
      </p>
    </section>
  );
}

function Ranking({ ranking, loggedIn }: { ranking: RankingAnswer; loggedIn: boolean }): ReactNode {
  return (
    <>
      <section aria-labelledby="ranking-rules" className={card}>
        <h2 id="ranking-rules" className={h2}>
          活动规则
        </h2>
        <p className="mt-2 text-sm leading-6 text-neutral-700">
          活动时间：{formatShanghaiDate(new Date(ranking.starts_at))} 至 {formatShanghaiDate(new Date(new Date(ranking.ends_at).getTime() - 1))}
          。活动期间邀请新用户注册，被邀请人完成首笔付费租号即为一次有效邀请，按有效邀请人数排名，活动结束{NEWUSER_RANKING_PRIZE_DELAY_DAYS}天后按最终名次自动发放金币奖励（可在金币明细中查看）。
        </p>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ranking.prizes.map((prize) => (
            <li key={prize.from_rank} className="rounded bg-amber-50 px-3 py-2 text-center ring-1 ring-amber-200">
              <p className="text-sm text-amber-900">{rankText(prize.from_rank, prize.to_rank)}</p>
              <p className="text-lg font-bold text-amber-700">{prize.coins}金币</p>
            </li>
          ))}
        </ul>
      </section>
      <MyPlace ranking={ranking} loggedIn={loggedIn} />
      <section aria-labelledby="ranking-list" className={card}>
        <h2 id="ranking-list" className={h2}>
          邀请排行榜
        </h2>
        {ranking.rows.length === 0 ? (
          <EmptyState type={1} text="暂无有效邀请，快来抢占第一名" />
        ) : (
          <table className="mt-2 w-full text-left text-sm" data-ranking>
            <thead className="text-neutral-500">
              <tr>
                <th scope="col" className="py-2 font-normal">名次</th>
                <th scope="col" className="py-2 font-normal">用户</th>
                <th scope="col" className="py-2 text-right font-normal">有效邀请</th>
                <th scope="col" className="py-2 text-right font-normal">奖励</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {ranking.rows.map((row, index) => (
                <tr key={index} data-ranking-row>
                  <td className="py-2 font-bold text-primary">{row.rank}</td>
                  <td className="py-2">{row.who}</td>
                  <td className="py-2 text-right tabular-nums">{row.count}</td>
                  <td className="py-2 text-right tabular-nums text-amber-700">{row.prize_coins > 0 ? `${row.prize_coins}金币` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function Lottery({ loggedIn }: { loggedIn: boolean }): ReactNode {
  const [reload, setReload] = useState(0);
  const [load, setLottery] = useLoad((signal) => getLottery({ signal }), `${loggedIn}-${reload}`);
  const [result, setResult] = useState('');

  if (load.kind === 'loading') return <Skeleton lines={4} className="py-4" />;
  if (load.kind === 'failed') return <LoadFailed text="获取抽奖信息失败" onRetry={() => setReload((n) => n + 1)} />;
  const lottery: LotteryOverview = load.value;

  async function draw(): Promise<void> {
    try {
      const drawn = await drawLottery();
      const text = drawn.coins > 0 ? `恭喜抽中${drawn.prize}` : drawn.prize;
      setResult(text);
      showSuccess(text);
      setReload((n) => n + 1);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setLottery({ ...lottery, chances: 0 });
    }
  }

  return (
    <section aria-labelledby="lottery" className={card} data-lottery>
      <h2 id="lottery" className={h2}>
        幸运抽奖
      </h2>
      <p className="mt-1 text-sm text-neutral-600">通过邀请链接注册可得1次抽奖机会；每有1位好友完成首笔付费租号，再得1次。</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {lottery.prizes.map((prize) => (
          <li key={prize.id} className="rounded bg-rose-50 px-3 py-2 text-center ring-1 ring-rose-200">
            <p className="font-bold text-rose-700">{prize.name}</p>
            <p className="text-xs text-neutral-600">
              概率 {prize.chance_percent}%{prize.stock === null ? '' : ` · 剩余 ${prize.stock}`}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {loggedIn ? (
          <>
            <DebounceButton className={primaryButton} disabled={!lottery.chances} onAction={draw}>
              立即抽奖
            </DebounceButton>
            <span className="text-sm text-neutral-700">
              剩余抽奖机会 <strong data-chances>{lottery.chances ?? 0}</strong> 次
            </span>
          </>
        ) : (
          <button type="button" className={primaryButton} onClick={() => openLogin('scan')}>
            登录后抽奖
          </button>
        )}
        <p role="status" className="text-sm font-medium text-rose-700" data-draw-result>
          {result}
        </p>
      </div>
      {lottery.draws.length > 0 ? (
        <ul className="mt-3 text-sm text-neutral-600">
          {lottery.draws.map((draw, index) => (
            <li key={index}>
              {formatShanghaiDateTime(new Date(draw.drawn_at))} 抽中 {draw.prize}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /activity/newuser_ranking: the rules and prizes, the caller's place and link, the ranking and the lottery. */
export default function NewUserRanking(): ReactNode {
  const loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [reload, setReload] = useState(0);
  const [load] = useLoad((signal) => getRanking({ signal }), `${loggedIn}-${reload}`);
  return (
    <div className="flex flex-col gap-4">
      {load.kind === 'loading' ? (
        <Skeleton lines={6} className="py-4" />
      ) : load.kind === 'failed' ? (
        <LoadFailed text="获取排行榜失败" onRetry={() => setReload((n) => n + 1)} />
      ) : (
        <Ranking ranking={load.value} loggedIn={loggedIn} />
      )}
      <Lottery loggedIn={loggedIn} />
    </div>
  );
}
