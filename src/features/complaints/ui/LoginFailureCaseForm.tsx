import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { failureText } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import { COMPLAINT_ROUTES } from '~/features/complaints/routes';
import { COMPLAINT_DECISION_TEXT_MAX_CHARS, COMPLAINT_DECISION_TEXT_MIN_CHARS } from '~/features/complaints/constants';
import type { OpsLoginFailureView } from '~/features/complaints/contract';
import { OPS_FORM_INPUT } from '~/platform/ui/console/field-classes';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { Modal } from '~/platform/ui/Modal';
import { fenToYuan } from '~/platform/rules/money';

export interface LoginFailureCaseFormProps {
  complaintId: number;
  view: OpsLoginFailureView;
}

const codePoints = (value: string): number => Array.from(value).length;
const yuan = (fen: number): string => `¥${fenToYuan(fen)}`;

type Action = 'uphold' | 'reverse';
const ACTION_LABEL: Readonly<Record<Action, string>> = { uphold: '维持判定', reverse: '撤销判定' };

/**
 * A one-click "cannot log in" report on the arbitration screen: it was decided at once; the
 * operator upholds it after the owner's appeal, or reverses it with a reason both sides read.
 */
export function LoginFailureCaseForm({ complaintId, view }: LoginFailureCaseFormProps): ReactNode {
  const id = useId();
  const [reason, setReason] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const length = codePoints(reason.trim());
  const reasonError = length < COMPLAINT_DECISION_TEXT_MIN_CHARS || length > COMPLAINT_DECISION_TEXT_MAX_CHARS ? `处理说明需${COMPLAINT_DECISION_TEXT_MIN_CHARS}-${COMPLAINT_DECISION_TEXT_MAX_CHARS}个字` : '';

  function ask(next: Action) {
    return (event: SyntheticEvent): void => {
      event.preventDefault();
      if (reasonError) return setMessage(reasonError);
      setMessage('');
      setAction(next);
    };
  }

  async function send(): Promise<void> {
    if (!action || busy) return;
    setBusy(true);
    try {
      await callConsole(COMPLAINT_ROUTES.opsLoginFailure, { complaint_id: complaintId, action, reason: reason.trim() });
      reloadWithFlash(`投诉 #${complaintId} 已${ACTION_LABEL[action]}`);
    } catch (failure) {
      setMessage(failureText(failure));
      setBusy(false);
      setAction(null);
    }
  }

  return (
    <div className="space-y-3 text-sm" data-login-failure-case={view.case_id}>
      <p className="text-base font-semibold">一键无法登录 · {view.status_text}</p>
      <ul className="space-y-0.5">
        <li>
          已退租客 租金 {yuan(view.rent_refund_fen)}，押金 {yuan(view.deposit_refund_fen)}
          {view.hafu_refund_fen > 0 ? `，哈夫币预充 ${yuan(view.hafu_refund_fen)}` : ''}
        </li>
        <li>号主赔付租客 {yuan(view.compensation_fen)}</li>
        <li>首次查看账号 {formatShanghaiIso(view.first_reveal_at)}，上报 {formatShanghaiIso(view.reported_at)}</li>
        {view.took_down ? <li>该账号因多次无法登录已自动下架</li> : null}
        {view.reversed_at ? (
          <li>
            已撤销：{view.reverse_reason}（撤回租客赔付 {yuan(view.compensation_back_fen)}，退回号主 {yuan(view.owner_returned_fen)}）
          </li>
        ) : null}
      </ul>
      {view.can_uphold || view.can_reverse ? (
        <form aria-label="处理无法登录上报" onSubmit={ask(view.can_uphold ? 'uphold' : 'reverse')} noValidate className="space-y-3">
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block font-medium text-neutral-800">
              处理说明<span className="text-primary"> *</span>
              <span className="ml-2 text-xs font-normal text-neutral-500">租客和号主都会看到</span>
            </label>
            <textarea id={`${id}-reason`} rows={3} maxLength={COMPLAINT_DECISION_TEXT_MAX_CHARS} value={reason} onChange={(event) => setReason(event.target.value)} className={OPS_FORM_INPUT} />
          </div>
          <p className="text-xs text-neutral-500">撤销：退回号主已付赔付，从租客余额撤回赔付（余额不足部分不追讨），已退租金不变；计入租客误报次数。</p>
          <p role="status" aria-live="polite" className="min-h-5 text-primary">
            {action ? '' : message}
          </p>
          <div className="flex flex-wrap gap-2">
            {view.can_uphold ? (
              <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 font-medium text-white hover:bg-primary-dark disabled:opacity-60">
                维持判定
              </button>
            ) : null}
            {view.can_reverse ? (
              <button type="button" disabled={busy} onClick={ask('reverse')} className="inline-flex min-h-10 items-center rounded-md px-5 font-medium ring-1 ring-neutral-300 hover:bg-neutral-50">
                撤销判定
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      <Modal open={action !== null} title={`确认${action ? ACTION_LABEL[action] : ''}`} onClose={() => !busy && setAction(null)} width={460}>
        <div className="space-y-3 text-sm">
          <p className="break-words whitespace-pre-line text-neutral-700">处理说明：{reason.trim()}</p>
          <p role="status" aria-live="polite" className="min-h-5 text-primary">
            {message}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" disabled={busy} onClick={() => setAction(null)} className="min-h-10 rounded-md px-4 ring-1 ring-neutral-300 hover:bg-neutral-50">
              取消
            </button>
            <button type="button" disabled={busy} onClick={() => void send()} className="min-h-10 rounded-md bg-primary px-4 font-medium text-white hover:bg-primary-dark disabled:opacity-60">
              {busy ? '处理中…' : `确认${action ? ACTION_LABEL[action] : ''}`}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
