import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import { COMPLAINT_ROUTES, type OpsComplaintDecideRequest } from '~/features/complaints/routes';
import { COMPLAINT_DECISION_TEXT_MAX_CHARS, COMPLAINT_DECISION_TEXT_MIN_CHARS } from '~/features/complaints/constants';
import type { OpsComplaintDetail } from '~/features/complaints/contract';
import { COMPLAINT_OUTCOME_LABELS, COMPLAINT_OUTCOMES, decideComplaintMoney, type ComplaintOutcome, type DecisionMoney, type DecisionMoneyResult } from '~/features/complaints/rules/complaint-decision';
import { fenToYuan, yuanToFen } from '~/platform/rules/money';
import { Modal } from '~/platform/ui/Modal';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT } from '~/platform/ui/console/field-classes';

export interface ComplaintDecisionFormProps {
  complaintId: number;
  ruleInput: OpsComplaintDetail['rule_input'];
  depositBackFen: number;
}

const OUTCOME_HELP: Readonly<Record<ComplaintOutcome, string>> = {
  refund_full: '退还全部未退租金；租期未结束的订单立即结束，押金一并退还',
  refund_partial: '退还部分租金，租期照常进行',
  reject: '投诉不成立，不动任何资金',
  penalize: '号主有责：可同时退款，并对号主处以罚款',
};

const yuan = (fen: number): string => `¥${fenToYuan(fen)}`;
const codePoints = (text: string): number => Array.from(text).length;

/** The amount typed in yuan as fen: undefined when empty, null when it is not an amount. */
function parseYuan(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return yuanToFen(trimmed);
  } catch {
    return null;
  }
}

/** What the decision will do, in the words both the agent and the audit log use. */
function previewLines(money: DecisionMoney, depositBackFen: number): string[] {
  const lines: string[] = [];
  if (money.refundFen > 0) {
    lines.push(`退给租客 ${yuan(money.refundFen)}（可退租金 ${yuan(money.refundableFen)}）`);
    lines.push(`其中号主承担 ${yuan(money.ownerShareFen)}，平台佣金减少 ${yuan(-money.commissionDeltaFen)}`);
  } else if (money.outcome !== 'penalize') {
    lines.push('不退款，不动任何资金');
  }
  if (money.endsRental) lines.push(`订单立即结束${depositBackFen > 0 ? `，押金 ${yuan(depositBackFen)} 退还租客` : ''}`);
  if (money.clawbackFen > 0) lines.push(`号主收益已结算：从号主余额扣回 ${yuan(money.clawbackNowFen)}`);
  if (money.penaltyFen > 0) {
    lines.push(`处罚号主 ${yuan(money.penaltyFen)}`);
    if (money.penaltyWithheldFen > 0) lines.push(`从本单冻结收益中扣 ${yuan(money.penaltyWithheldFen)}（结算时扣除）`);
    if (money.penaltyNowFen > 0) lines.push(`从号主余额扣 ${yuan(money.penaltyNowFen)}`);
  }
  if (money.owedFen > 0) lines.push(`号主余额不足，尚欠 ${yuan(money.owedFen)}，从其后续收益中扣回`);
  return lines;
}

/**
 * 处理投诉: the outcome, the amounts in yuan, the written decision both sides read, a
 * preview computed with the server's own rule (features/complaints/rules/complaint-decision.ts) from the figures the
 * page was rendered with, and a confirm step. The server decides again in its transaction, with the
 * balances as they are then, and answers 409 if another agent decided first.
 */
export function ComplaintDecisionForm({ complaintId, ruleInput, depositBackFen }: ComplaintDecisionFormProps): ReactNode {
  const id = useId();
  const [outcome, setOutcome] = useState<ComplaintOutcome | null>(null);
  const [refundText, setRefundText] = useState('');
  const [penaltyText, setPenaltyText] = useState('');
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const refundFen = parseYuan(refundText);
  const penaltyFen = parseYuan(penaltyText);
  const usesRefund = outcome === 'refund_partial' || outcome === 'penalize';
  const usesPenalty = outcome === 'penalize';

  let result: DecisionMoneyResult | null = null;
  let inputError = '';
  if (outcome) {
    if (usesRefund && refundFen === null) inputError = '退款金额应为最多两位小数的金额';
    else if (usesPenalty && penaltyFen === null) inputError = '处罚金额应为最多两位小数的金额';
    else {
      result = decideComplaintMoney({
        outcome,
        rentFen: ruleInput.rent_fen,
        refundedFen: ruleInput.refunded_fen,
        commissionBps: ruleInput.commission_bps,
        earnings: ruleInput.earnings,
        rentalOpen: ruleInput.rental_open,
        ownerBalanceFen: ruleInput.owner_balance_fen,
        refundFen: usesRefund ? (refundFen ?? undefined) : undefined,
        penaltyFen: usesPenalty ? (penaltyFen ?? undefined) : undefined,
      });
    }
  }
  const textLength = codePoints(text.trim());
  const textError = textLength < COMPLAINT_DECISION_TEXT_MIN_CHARS || textLength > COMPLAINT_DECISION_TEXT_MAX_CHARS ? `处理说明需${COMPLAINT_DECISION_TEXT_MIN_CHARS}-${COMPLAINT_DECISION_TEXT_MAX_CHARS}个字` : '';
  const ruleError = result && !result.ok ? result.msg : '';
  const money = result?.ok ? result.money : null;

  function review(event: SubmitEvent): void {
    event.preventDefault();
    if (!outcome) return setMessage('请选择处理结果');
    if (inputError || ruleError) return setMessage(inputError || ruleError);
    if (textError) return setMessage(textError);
    setMessage('');
    setConfirming(true);
  }

  async function send(): Promise<void> {
    if (!outcome || busy) return;
    setBusy(true);
    setMessage('');
    const body: OpsComplaintDecideRequest = { complaint_id: complaintId, outcome, text: text.trim() };
    if (usesRefund && refundFen !== undefined && refundFen !== null) body.refund_fen = refundFen;
    if (usesPenalty && penaltyFen !== undefined && penaltyFen !== null) body.penalty_fen = penaltyFen;
    try {
      await callConsole(COMPLAINT_ROUTES.opsDecide, body);
      reloadWithFlash(`投诉 #${complaintId} 已处理：${COMPLAINT_OUTCOME_LABELS[outcome]}`);
    } catch (failure) {
      setMessage(failureText(failure));
      setBusy(false);
      setConfirming(false);
    }
  }

  const lines = money ? previewLines(money, depositBackFen) : [];
  return (
    <form aria-label="处理投诉" onSubmit={review} noValidate className="space-y-4 text-sm">
      <fieldset>
        <legend className="mb-2 font-medium text-neutral-900">
          处理结果<span className="text-primary"> *</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {COMPLAINT_OUTCOMES.map((value) => (
            <label key={value} className="flex cursor-pointer gap-2 rounded-md p-2 ring-1 ring-neutral-300 has-[:checked]:bg-primary-light has-[:checked]:ring-primary">
              <input type="radio" name={`${id}-outcome`} value={value} checked={outcome === value} onChange={() => setOutcome(value)} className="mt-0.5 accent-primary" />
              <span>
                <span className="font-medium">{COMPLAINT_OUTCOME_LABELS[value]}</span>
                <span className="block text-xs text-neutral-500">{OUTCOME_HELP[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {usesRefund ? (
        <div>
          <label htmlFor={`${id}-refund`} className="mb-1 block font-medium text-neutral-800">
            退款金额（元）{outcome === 'refund_partial' ? <span className="text-primary"> *</span> : <span className="text-neutral-400">（选填）</span>}
          </label>
          <input id={`${id}-refund`} inputMode="decimal" autoComplete="off" value={refundText} onChange={(event) => setRefundText(event.target.value)} aria-describedby={`${id}-refund-help`} className={OPS_FORM_INPUT} />
          <p id={`${id}-refund-help`} className="mt-1 text-xs text-neutral-500">
            最多可退 {yuan(ruleInput.rent_fen - ruleInput.refunded_fen)}（租金 {yuan(ruleInput.rent_fen)}，已退 {yuan(ruleInput.refunded_fen)}；押金不在其中）
          </p>
        </div>
      ) : null}
      {usesPenalty ? (
        <div>
          <label htmlFor={`${id}-penalty`} className="mb-1 block font-medium text-neutral-800">
            处罚金额（元）<span className="text-primary"> *</span>
          </label>
          <input id={`${id}-penalty`} inputMode="decimal" autoComplete="off" value={penaltyText} onChange={(event) => setPenaltyText(event.target.value)} aria-describedby={`${id}-penalty-help`} className={OPS_FORM_INPUT} />
          <p id={`${id}-penalty-help`} className="mt-1 text-xs text-neutral-500">
            先从本单冻结收益中扣，不足部分从号主余额扣（当前 {yuan(ruleInput.owner_balance_fen)}），再不足则从其后续收益中扣回
          </p>
        </div>
      ) : null}

      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block font-medium text-neutral-800">
          处理说明<span className="text-primary"> *</span>
          <span className="ml-2 text-xs font-normal text-neutral-500">租客和号主都会看到</span>
        </label>
        <textarea id={`${id}-text`} rows={4} maxLength={COMPLAINT_DECISION_TEXT_MAX_CHARS} value={text} onChange={(event) => setText(event.target.value)} className={OPS_FORM_INPUT} />
        <p className="mt-1 text-right text-xs text-neutral-500 tabular-nums">
          {textLength}/{COMPLAINT_DECISION_TEXT_MAX_CHARS}
        </p>
      </div>

      <div aria-live="polite" className="rounded-md bg-neutral-50 p-3 ring-1 ring-neutral-200" data-decision-preview>
        <p className="mb-1 text-xs font-medium text-neutral-500">资金预览</p>
        {!outcome ? <p className="text-neutral-500">选择处理结果后显示</p> : null}
        {inputError || ruleError ? <p className="text-primary">{inputError || ruleError}</p> : null}
        {lines.length > 0 ? (
          <ul className="list-disc space-y-0.5 pl-5 text-neutral-800">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <p role="status" aria-live="polite" className="min-h-5 text-primary">
        {confirming ? '' : message}
      </p>
      <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 font-medium text-white hover:bg-primary-dark disabled:opacity-60">
        提交处理
      </button>

      <Modal open={confirming} title="确认处理投诉" onClose={() => !busy && setConfirming(false)} width={460}>
        <div className="space-y-3 text-sm">
          <p>
            处理结果：<strong>{outcome ? COMPLAINT_OUTCOME_LABELS[outcome] : ''}</strong>
          </p>
          {lines.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <p className="break-words whitespace-pre-line text-neutral-700">处理说明：{text.trim()}</p>
          <p className="text-xs text-neutral-500">提交后不可撤销，资金变动写入流水，双方会收到通知。</p>
          <p role="status" aria-live="polite" className="min-h-5 text-primary">
            {message}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} className="min-h-10 rounded-md px-4 ring-1 ring-neutral-300 hover:bg-neutral-50">
              取消
            </button>
            <button type="button" disabled={busy} onClick={() => void send()} className="min-h-10 rounded-md bg-primary px-4 font-medium text-white hover:bg-primary-dark disabled:opacity-60">
              {busy ? '处理中…' : '确认处理'}
            </button>
          </div>
        </div>
      </Modal>
    </form>
  );
}
