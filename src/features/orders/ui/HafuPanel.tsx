import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import type { HafuSettlementView } from '~/features/orders/hafu-contract';
import { answerHafu, getHafu, getSellerHafu, reportHafu } from '~/features/orders/client/hafu';
import { HAFU_TEXT_MAX, HAFU_TEXT_MIN } from '~/features/orders/constants';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import { isApiError } from '~/platform/client/errors';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';
import { pillOutline, pillPrimary } from '~/platform/ui/pill-buttons';

export interface HafuPanelProps {
  orderNo: string;
  /** The renter's order card or the owner's order page. */
  viewer: 'renter' | 'owner';
}

const input = `w-full rounded border border-neutral-300 px-2 py-1.5 text-sm tabular-nums aria-[invalid=true]:border-primary ${focusRing}`;

const coins = (n: number | null): string => (n === null ? '—' : `${n.toLocaleString('zh-CN')} 个`);

/** A whole count of coins typed by a person ("1,234,567" and spaces allowed), or null. */
export function parseCoins(text: string): number | null {
  const cleaned = text.replace(/[\s,，]/g, '');
  if (!/^\d{1,13}$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The hafu-coin settlement of an ended rental with a prepay: the coins at the start, the renter's
 * report, the owner's answer, the result. The renter reports here; the owner accepts or disputes.
 */
export function HafuPanel({ orderNo, viewer }: HafuPanelProps): ReactNode {
  const { remote, reload, replace } = useRemote((signal) => (viewer === 'renter' ? getHafu(orderNo, { signal }) : getSellerHafu(orderNo, { signal })), `${viewer}:${orderNo}`);
  // A prepay charged before settlements existed was refunded whole at the end: nothing to show.
  if (remote.kind === 'failed' && isApiError(remote.error) && remote.error.httpStatus === 404) return null;
  return (
    <section aria-label="哈夫币结算" className="mt-3 rounded-md bg-amber-50/50 p-3 text-sm ring-1 ring-amber-100" data-hafu-panel={viewer}>
      {remote.kind === 'loading' ? <Skeleton lines={2} /> : null}
      {remote.kind === 'failed' ? (
        <InlineLoadFailed text={errorText(remote.error, '获取哈夫币结算失败')} onRetry={reload} />
      ) : null}
      {remote.kind === 'ready' ? <HafuSettlement view={remote.data} viewer={viewer} onChange={replace} /> : null}
    </section>
  );
}

function HafuSettlement({ view, viewer, onChange }: { view: HafuSettlementView; viewer: 'renter' | 'owner'; onChange(view: HafuSettlementView): void }): ReactNode {
  const rows: [string, ReactNode][] = [
    ['开始时哈夫币', coins(view.start_coins)],
    ['预充金额', `¥${view.prepay}（${view.rate.toLocaleString('zh-CN')} 个/元）`],
  ];
  if (view.renter_coins !== null) rows.push(['租客报告剩余', coins(view.renter_coins)]);
  if (view.owner_answer === 'accept') rows.push(['号主', '已确认']);
  if (view.owner_answer === 'dispute') rows.push(['号主报告剩余', coins(view.owner_coins)]);
  if (view.owner_evidence) rows.push(['号主说明', <span className="break-words whitespace-pre-line">{view.owner_evidence}</span>]);
  if (view.stage === 'settled') {
    rows.push(['结算方式', view.decided_text ?? '—']);
    if (view.operator_text) rows.push(['平台说明', <span className="break-words whitespace-pre-line">{view.operator_text}</span>]);
    rows.push(['使用哈夫币', coins(view.used_coins)]);
    rows.push(['号主所得', `¥${view.owner_amount}`]);
    rows.push(['退还租客', `¥${view.renter_amount}`]);
  }
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-neutral-900">哈夫币结算</span>
        <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200" data-hafu-stage={view.stage}>
          {view.stage_text}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-neutral-600">{label}</dt>
            <dd className="text-neutral-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {viewer === 'renter' && view.can_report ? <ReportForm view={view} onDone={onChange} /> : null}
      {viewer === 'renter' && view.stage === 'awaiting_report' && !view.can_report && view.ended_at === null ? <p className="text-xs text-neutral-600">租期结束后可在此报告剩余哈夫币。</p> : null}
      {viewer === 'owner' && view.stage === 'awaiting_report' && view.report_deadline ? (
        <p className="text-xs text-neutral-600">等待租客在 {formatShanghaiIso(view.report_deadline)} 前报告剩余数量；逾期按全部使用结算给您。</p>
      ) : null}
      {viewer === 'renter' && view.stage === 'reported' && view.answer_deadline ? (
        <p className="text-xs text-neutral-600">等待号主在 {formatShanghaiIso(view.answer_deadline)} 前确认；逾期按您的报告结算。</p>
      ) : null}
      {view.stage === 'disputed' ? <p className="text-xs text-neutral-600">双方数量不一致，平台客服将核实后裁定，结算前预充款由平台保管。</p> : null}
      {viewer === 'owner' && view.can_answer ? <AnswerForm view={view} onDone={onChange} /> : null}
    </div>
  );
}

function ReportForm({ view, onDone }: { view: HafuSettlementView; onDone(view: HafuSettlementView): void }): ReactNode {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const value = parseCoins(text);
    if (value === null) {
      setError('请填写剩余哈夫币数量（不小于0的整数）');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await reportHafu(view.order_no, value));
    } catch (failure) {
      setError(errorText(failure, '提交失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 border-t border-amber-100 pt-2" noValidate>
      <label htmlFor={`${id}-coins`} className="block text-xs text-neutral-700">
        下线后账号剩余哈夫币（请在 {formatShanghaiIso(view.report_deadline)} 前报告；未使用部分的预充款退还给您，逾期按全部使用结算）
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-coins`}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={`例如 ${view.start_coins.toLocaleString('zh-CN')}`}
          className={`${input} max-w-60`}
        />
        <button type="submit" disabled={busy} className={pillPrimary}>
          {busy ? '提交中…' : '报告剩余哈夫币'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-primary-dark">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function AnswerForm({ view, onDone }: { view: HafuSettlementView; onDone(view: HafuSettlementView): void }): ReactNode {
  const id = useId();
  const [disputing, setDisputing] = useState(false);
  const [count, setCount] = useState('');
  const [evidence, setEvidence] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(accept: boolean): Promise<void> {
    let coinsLeft: number | undefined;
    if (!accept) {
      const parsed = parseCoins(count);
      if (parsed === null) {
        setError('请填写您核实的剩余哈夫币数量');
        return;
      }
      if ([...evidence.trim()].length < HAFU_TEXT_MIN) {
        setError(`请填写说明（${HAFU_TEXT_MIN}-${HAFU_TEXT_MAX}字）`);
        return;
      }
      coinsLeft = parsed;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await answerHafu(accept ? { order_no: view.order_no, accept: true } : { order_no: view.order_no, accept: false, coins_left: coinsLeft, evidence: evidence.trim() }));
    } catch (failure) {
      setError(errorText(failure, '提交失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2 border-t border-amber-100 pt-2">
      <p className="text-xs text-neutral-700">请在 {formatShanghaiIso(view.answer_deadline)} 前确认租客报告或提出异议，逾期按租客报告结算。</p>
      {disputing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(false);
          }}
          className="space-y-2"
          noValidate
        >
          <label htmlFor={`${id}-count`} className="block text-xs text-neutral-700">
            您核实的剩余哈夫币
          </label>
          <input id={`${id}-count`} inputMode="numeric" autoComplete="off" value={count} onChange={(event) => setCount(event.target.value)} className={`${input} max-w-60`} />
          <label htmlFor={`${id}-evidence`} className="block text-xs text-neutral-700">
            说明与依据（{HAFU_TEXT_MIN}-{HAFU_TEXT_MAX}字，平台客服据此核实）
          </label>
          <textarea id={`${id}-evidence`} value={evidence} maxLength={HAFU_TEXT_MAX} rows={3} onChange={(event) => setEvidence(event.target.value)} className={input} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setDisputing(false)} className={pillOutline} disabled={busy}>
              返回
            </button>
            <button type="submit" className={pillPrimary} disabled={busy}>
              {busy ? '提交中…' : '提交异议'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => setDisputing(true)} className={pillOutline} disabled={busy}>
            提出异议
          </button>
          <button type="button" onClick={() => void send(true)} className={pillPrimary} disabled={busy} data-hafu-accept>
            {busy ? '提交中…' : '确认租客报告'}
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-xs text-primary-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}
