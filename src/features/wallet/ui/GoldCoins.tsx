import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { claimGoldTask, dailySignIn, exchangeGold, getGold, type GoldOverview, type GoldTask } from '~/features/wallet/client/money';
import { loadRedPackets } from '~/features/wallet/red-packets-store';
import { showSuccess } from '~/platform/stores/ui';
import LoginRequired from '~/platform/ui/LoginRequired';
import { ExchangeCodeBox } from '~/features/wallet/ui/ExchangeCodeBox';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { CoinBalance, ExchangeCard, HistoryList, SignInCard, TaskList } from '~/features/wallet/ui/GoldPanels';
import { GOLD_EXCHANGED_TEXT, goldClaimText, goldSignInText } from '~/features/wallet/ui/gold-rules';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; overview: GoldOverview };


/**
 * 我的金币 (spec §7 account "gold", "sign-in"): balance, daily sign-in, tasks, the exchange for a
 * red envelope and the coin history. Every action answers the whole overview, which replaces the
 * one on screen, so nothing is computed here that the server could disagree with.
 */
function Gold(): ReactNode {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getGold({ signal: controller.signal })
      .then((overview) => setLoad({ kind: 'ready', overview }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [reload]);

  /** Runs one action; true when the server agreed. */
  async function act(call: () => Promise<GoldOverview>, doneText: string): Promise<boolean> {
    try {
      const overview = await call();
      setLoad({ kind: 'ready', overview });
      showSuccess(doneText);
      setStatus(doneText);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error; // the client has shown an ApiError already
      return false;
    }
  }

  if (load.kind === 'loading') return <Skeleton lines={6} className="py-4" />;
  if (load.kind === 'failed') {
    return (
      <LoadFailed
        text="获取金币信息失败"
        onRetry={() => {
          setLoad({ kind: 'loading' });
          setReload((count) => count + 1);
        }}
      />
    );
  }

  const { overview } = load;
  return (
    <div className="flex flex-col gap-4 py-2" data-gold>
      <CoinBalance coins={overview.coins} />
      <SignInCard overview={overview} onSignIn={() => act(dailySignIn, goldSignInText(overview.sign_in_coins))} />
      <TaskList tasks={overview.tasks} onClaim={(task: GoldTask) => act(() => claimGoldTask(task.key), goldClaimText(task.coins))} />
      <ExchangeCard
        overview={overview}
        onExchange={async () => {
          // The new envelope should be offered at the next checkout.
          if (await act(exchangeGold, GOLD_EXCHANGED_TEXT)) void loadRedPackets();
        }}
      />
      <ExchangeCodeBox
        hint="输入活动兑换码，领取金币或红包"
        onRedeemed={(redeemed) => {
          if (redeemed.reward_kind === 'gold') setReload((count) => count + 1);
          else void loadRedPackets();
        }}
      />
      <HistoryList history={overview.history} />
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/** The account_goldCoin page's island: the sign-in prompt when signed out, the coins otherwise. */
export default function GoldCoins({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Gold />
    </LoginRequired>
  );
}
