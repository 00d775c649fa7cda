import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText } from '~/platform/client/errors';
import { postToConsole, type OpsTarget } from '~/platform/ui/console/ops-target';
import { Modal } from '~/platform/ui/Modal';
import { flashFor, reloadWithFlash } from '~/platform/ui/console/ops-flash';

export interface OpsActionReason {
  /** The dialog's field label, e.g. 驳回原因. */
  label: string;
  required?: boolean;
  maxLength?: number;
  /** The body field the reason goes into (default `reason`). */
  field?: string;
  placeholder?: string;
}

/** A pick from a few values in the dialog, sent in the body (e.g. a ban's length). */
export interface OpsActionChoice {
  label: string;
  field: string;
  /** A null value is sent as null. */
  options: readonly { value: string | number | null; label: string }[];
  /** The option preselected (default the first). */
  initial?: number;
}

/** Where it POSTs: `route`, a declared console route. */
export type OpsActionProps = OpsActionOwnProps & OpsTarget;

interface OpsActionOwnProps {
  body: Record<string, unknown>;
  label: string;
  tone?: 'primary' | 'danger' | 'plain';
  /** Ask before acting (a plain yes/no dialog with this question). */
  confirm?: string;
  /** Ask for a reason before acting; it is sent in the body. */
  reason?: OpsActionReason;
  /** Ask for one of a few values before acting, above the reason. */
  choice?: OpsActionChoice;
  /** Shown after the reload (default 操作成功). */
  successText?: string;
  /** Shown instead of successText when the action went to a second operator's approval. */
  pendingText?: string;
  /** Go here on success instead of reloading the page. */
  redirect?: string;
  /** Dialog title (default: the label). */
  title?: string;
  size?: 'sm' | 'md';
}

const TONES = {
  primary: 'bg-primary text-white hover:bg-primary-dark',
  danger: 'bg-white text-primary ring-1 ring-primary hover:bg-primary-light',
  plain: 'bg-white text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-50',
} as const;

/**
 * One console action: a button that POSTs to a console endpoint, after a confirm or a
 * reason when asked, and reloads the server-rendered page it changed. Failures stay on the page
 * in an aria-live line (or in the dialog), never a silent reload.
 */
export function OpsAction(props: OpsActionProps): ReactNode {
  const {
    body,
    label,
    tone = 'plain',
    confirm,
    reason,
    choice,
    successText = '操作成功',
    pendingText,
    redirect,
    title,
    size = 'sm',
  } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState(choice?.initial ?? 0);
  const needsDialog = Boolean(confirm || reason || choice);

  async function run(extra: Record<string, unknown> = {}): Promise<void> {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await postToConsole(props, { ...body, ...extra });
      reloadWithFlash(flashFor(answer, successText, pendingText), redirect);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  function submit(event: SubmitEvent): void {
    event.preventDefault();
    const extra: Record<string, unknown> = choice ? { [choice.field]: choice.options[picked]?.value ?? null } : {};
    if (reason) {
      const value = text.trim();
      if (reason.required && !value) {
        setError(`请填写${reason.label}`);
        return;
      }
      if (value) extra[reason.field ?? 'reason'] = value;
    }
    void run(extra);
  }

  const sizing = size === 'sm' ? 'min-h-8 px-3 text-xs' : 'min-h-10 px-4 text-sm';
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => (needsDialog ? (setError(''), setOpen(true)) : void run())}
        className={`inline-flex items-center justify-center rounded-md font-medium whitespace-nowrap disabled:opacity-60 ${sizing} ${TONES[tone]}`}
      >
        {busy && !open ? '处理中…' : label}
      </button>
      {!open && error && (
        <span role="alert" className="ml-2 text-xs text-primary">
          {error}
        </span>
      )}
      {needsDialog && (
        <Modal open={open} title={title ?? label} onClose={() => !busy && setOpen(false)} width={440}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            {confirm && <p className="text-sm text-neutral-700">{confirm}</p>}
            {choice && (
              <div>
                <label htmlFor={`${id}-choice`} className="mb-1 block text-sm font-medium text-neutral-800">
                  {choice.label}
                </label>
                <select
                  id={`${id}-choice`}
                  value={picked}
                  onChange={(event) => setPicked(Number(event.target.value))}
                  className="min-h-10 w-full rounded-md border border-neutral-300 bg-white px-2 text-sm focus:border-primary focus:outline-none"
                >
                  {choice.options.map((option, index) => (
                    <option key={option.label} value={index}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {reason && (
              <div>
                <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-neutral-800">
                  {reason.label}
                  {reason.required ? <span className="text-primary"> *</span> : <span className="text-neutral-400">（选填）</span>}
                </label>
                <textarea
                  id={`${id}-reason`}
                  value={text}
                  maxLength={reason.maxLength ?? 500}
                  placeholder={reason.placeholder}
                  onChange={(event) => setText(event.target.value)}
                  rows={4}
                  className="w-full rounded-md border border-neutral-300 p-2 text-sm focus:border-primary focus:outline-none"
                />
              </div>
            )}
            <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
              {error}
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" onClick={() => setOpen(false)} disabled={busy} className={`rounded-md ${sizing} ${TONES.plain}`}>
                取消
              </button>
              <button type="submit" disabled={busy} className={`rounded-md ${sizing} ${tone === 'danger' ? 'bg-primary text-white hover:bg-primary-dark' : TONES.primary}`}>
                {busy ? '处理中…' : '确定'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
