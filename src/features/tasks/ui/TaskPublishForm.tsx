import { useEffect, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { loadGameList, type GameOption } from '~/features/catalog/client';
import { isApiError } from '~/platform/client/errors';
import { publishTask } from '~/features/tasks/client';
import { TASK_EXPIRY_HOURS_DEFAULT, TASK_EXPIRY_HOURS_OPTIONS, TASK_HOURS_MAX, TASK_REQUIREMENTS_MAX_CHARS } from '~/features/tasks/constants';
import { yuanToFen } from '~/platform/rules/money';
import { taskDraftIssues, type TaskDraftField } from '~/features/tasks/rules/wanted-tasks';
import LoginRequired from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';
import { formInput } from '~/platform/ui/field-classes';

export interface TaskPublishFormProps {
  /** Preselected game (from the hall's filter), kept only when the game list holds it. */
  gameId: number | null;
}

export const MSG_GAME_LIST_FAILED = '获取游戏列表失败';

type GamesLoad = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; games: GameOption[] };

/** spec §7 rentalHall/gameList (data.url, then the file): the games the select offers. */
function useGameList(): { games: GamesLoad; retry(): void } {
  const [games, setGames] = useState<GamesLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setGames({ kind: 'loading' });
    loadGameList({ signal: controller.signal }).then(
      (list) => setGames({ kind: 'ready', games: list }),
      () => {
        if (!controller.signal.aborted) setGames({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return { games, retry: () => setAttempt((n) => n + 1) };
}

function expiryLabel(hours: number): string {
  return hours % 24 === 0 ? `${hours / 24}天` : `${hours}小时`;
}

/** Yuan text as fen, or NaN when it is not an amount (the rule then names the field). */
function fenOf(yuan: string): number {
  try {
    return yuanToFen(yuan);
  } catch {
    return Number.NaN;
  }
}

/**
 * 发布任务 (spec §2 /task-publish; wanted board): the game from the catalogue, what the
 * account should have, the budget per hour, the hours wanted and how long the task stays on the
 * board. The same rules as the server (features/tasks/rules/wanted-tasks.ts) name each wrong field; a published
 * task opens at its own address, where the offers arrive.
 */
function PublishForm({ gameId }: TaskPublishFormProps): ReactNode {
  const id = useId();
  const { games, retry } = useGameList();
  const [game, setGame] = useState('');
  // The hall's game is preselected once the list shows it exists (an unknown id stays unchosen).
  useEffect(() => {
    if (games.kind === 'ready' && gameId !== null && games.games.some((option) => option.value === gameId)) setGame(String(gameId));
  }, [games, gameId]);
  const [requirements, setRequirements] = useState('');
  const [budget, setBudget] = useState('');
  const [hours, setHours] = useState('3');
  const [expiry, setExpiry] = useState(String(TASK_EXPIRY_HOURS_DEFAULT));
  const [issues, setIssues] = useState<Partial<Record<TaskDraftField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    setError(null);
    const draft = {
      gameId: game === '' ? null : Number(game),
      requirements,
      budgetHourFen: fenOf(budget),
      hours: /^\d+$/.test(hours.trim()) ? Number(hours) : Number.NaN,
      expiryHours: Number(expiry),
    };
    const found = taskDraftIssues(draft);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const task = await publishTask({ game_id: draft.gameId!, requirements: requirements.trim(), budget_hour_fen: draft.budgetHourFen, hours: draft.hours, expiry_hours: draft.expiryHours });
      location.assign(`/task?id=${task.id}`);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.msg || '发布失败，请稍后再试');
      setBusy(false);
    }
  }

  const row = (name: TaskDraftField, label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-neutral-700">{label}</label>
      {control}
      {issues[name] ? <p id={`${id}-${name}-error`} className="text-xs text-primary">{issues[name]}</p> : hint ? <p className="text-xs text-neutral-500">{hint}</p> : null}
    </div>
  );
  const described = (name: TaskDraftField) => ({
    id: `${id}-${name}`,
    'aria-invalid': issues[name] ? true : undefined,
    'aria-describedby': issues[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" aria-label="发布求租任务">
      {row(
        'game_id',
        '游戏',
        <select {...described('game_id')} className={formInput} value={game} disabled={games.kind !== 'ready'} onChange={(event) => setGame(event.target.value)}>
          <option value="">{games.kind === 'loading' ? '正在加载游戏…' : '选择游戏'}</option>
          {games.kind === 'ready'
            ? games.games.map((item) => (
                <option key={item.value} value={item.value}>{item.label}</option>
              ))
            : null}
        </select>,
      )}
      {games.kind === 'failed' ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-primary sm:col-span-2">
          {MSG_GAME_LIST_FAILED}
          <button type="button" onClick={retry} className={`rounded-full px-3 py-1 text-primary-dark ring-1 ring-primary hover:bg-primary/10 ${focusRing}`}>
            重试
          </button>
        </p>
      ) : null}
      {row(
        'budget_hour_fen',
        '每小时预算（元）',
        <input {...described('budget_hour_fen')} className={formInput} inputMode="decimal" value={budget} onChange={(event) => setBudget(event.target.value)} placeholder="例如：5" />,
        '号主报价不会高于这个价格',
      )}
      <div className="sm:col-span-2">
        {row(
          'requirements',
          '账号要求',
          <textarea {...described('requirements')} className={`${formInput} min-h-28`} maxLength={TASK_REQUIREMENTS_MAX_CHARS} value={requirements} onChange={(event) => setRequirements(event.target.value)} placeholder="例如：段位、皮肤、英雄、区服等" />,
        )}
      </div>
      {row(
        'hours',
        '租用时长（小时）',
        <input {...described('hours')} className={formInput} inputMode="numeric" value={hours} onChange={(event) => setHours(event.target.value)} />,
        `1-${TASK_HOURS_MAX}小时，接受报价后从下单时开始计时`,
      )}
      {row(
        'expiry_hours',
        '任务有效期',
        <select {...described('expiry_hours')} className={formInput} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
          {TASK_EXPIRY_HOURS_OPTIONS.map((option) => (
            <option key={option} value={option}>{expiryLabel(option)}</option>
          ))}
        </select>,
        '到期后任务自动下架',
      )}
      <div className="flex flex-col gap-2 sm:col-span-2">
        {error ? <p role="alert" className="text-sm text-primary">{error}</p> : null}
        <button type="submit" disabled={busy} className={`rounded-full bg-primary px-8 py-2.5 font-bold text-white hover:bg-primary-dark disabled:opacity-60 sm:self-start ${focusRing}`}>
          {busy ? '发布中…' : '发布任务'}
        </button>
      </div>
    </form>
  );
}

export default function TaskPublishForm(props: TaskPublishFormProps): ReactNode {
  return (
    <LoginRequired title="发布任务">
      <PublishForm {...props} />
    </LoginRequired>
  );
}
