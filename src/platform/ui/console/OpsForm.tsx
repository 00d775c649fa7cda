import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText, isApiError } from '~/platform/client/errors';
import { postToConsole, type OpsTarget } from '~/platform/ui/console/ops-target';
import { fieldValueToWire, wireToFieldValue, type OpsFieldDef } from '~/platform/ui/console/ops-form-fields';
import { flashFor, reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT } from '~/platform/ui/console/field-classes';
import { OpsFieldFrame } from '~/platform/ui/console/OpsFieldFrame';

export type { OpsFieldDef } from '~/platform/ui/console/ops-form-fields';

/** Where it POSTs: `route`, a declared console route. */
export type OpsFormProps = OpsFormOwnProps & OpsTarget;

interface OpsFormOwnProps {
  fields: OpsFieldDef[];
  /** Wire values to start from (an edit form), keyed by field name. */
  initial?: Record<string, unknown>;
  /** Sent with every submit and not shown (e.g. the id being edited). */
  extra?: Record<string, unknown>;
  submitLabel?: string;
  successText?: string;
  /** Shown instead of successText when the action went to a second operator's approval. */
  pendingText?: string;
  /** Go here on success instead of reloading. */
  redirect?: string;
  /** The form's accessible name. */
  label: string;
}

interface FieldIssue {
  field: string;
  msg: string;
}

function issuesOf(data: unknown): FieldIssue[] {
  const issues = (data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as FieldIssue[]).filter((issue) => typeof issue?.field === 'string') : [];
}

/**
 * A console form: fields described by data, submitted as JSON to one console endpoint,
 * the server's field messages shown beside their fields, and the page reloaded (or left) on
 * success. Money fields are typed in yuan and sent as integer fen; date-times are Shanghai time.
 */
export function OpsForm(props: OpsFormProps): ReactNode {
  const { fields, initial = {}, extra = {}, submitLabel = '保存', successText = '已保存', pendingText, redirect, label } = props;
  const id = useId();
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, wireToFieldValue(field, initial[field.name] ?? field.defaultValue)])),
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const body: Record<string, unknown> = { ...extra };
    const localErrors: Record<string, string> = {};
    for (const field of fields) {
      const converted = fieldValueToWire(field, values[field.name]!);
      if (!converted.ok) localErrors[field.name] = converted.msg;
      else if (converted.value !== undefined) body[field.name] = converted.value;
    }
    setFieldErrors(localErrors);
    if (Object.keys(localErrors).length > 0) {
      setMessage(Object.values(localErrors)[0]!);
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      const answer = await postToConsole(props, body);
      reloadWithFlash(flashFor(answer, successText, pendingText), redirect);
    } catch (failure) {
      const msg = failureText(failure);
      const issues = isApiError(failure) ? issuesOf(failure.data) : [];
      setFieldErrors(Object.fromEntries(issues.map((issue) => [issue.field.split(/[.[]/, 1)[0]!, issue.msg])));
      setMessage(msg);
      setBusy(false);
    }
  }

  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = fieldErrors[field.name];
        const describedBy = [field.help ? `${inputId}-help` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
        const value = values[field.name]!;
        const set = (next: string | boolean): void => setValues((current) => ({ ...current, [field.name]: next }));
        let control: ReactNode;
        if (field.type === 'checkbox') {
          control = (
            <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
              <input id={inputId} type="checkbox" checked={value === true} onChange={(event) => set(event.target.checked)} aria-describedby={describedBy} className="h-4 w-4 accent-primary" />
              {field.label}
            </label>
          );
        } else if (field.type === 'select') {
          control = (
            <select id={inputId} value={String(value)} onChange={(event) => set(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={OPS_FORM_INPUT}>
              {!field.required && <option value="">（不选）</option>}
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        } else if (field.type === 'textarea') {
          control = (
            <textarea id={inputId} value={String(value)} rows={field.rows ?? 5} maxLength={field.maxLength} placeholder={field.placeholder} onChange={(event) => set(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={OPS_FORM_INPUT} />
          );
        } else {
          const inputType = { text: 'text', password: 'password', number: 'number', yuan: 'text', percent: 'text', datetime: 'datetime-local', date: 'date' }[field.type];
          control = (
            <input
              id={inputId}
              type={inputType}
              inputMode={field.type === 'yuan' || field.type === 'percent' ? 'decimal' : field.type === 'number' ? 'numeric' : undefined}
              value={String(value)}
              maxLength={field.maxLength}
              min={field.type === 'percent' ? undefined : field.min}
              max={field.type === 'percent' ? undefined : field.max}
              step={field.step}
              placeholder={field.placeholder}
              autoComplete={field.type === 'password' ? 'new-password' : 'off'}
              onChange={(event) => set(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              className={OPS_FORM_INPUT}
            />
          );
        }
        return (
          <OpsFieldFrame
            key={field.name}
            inputId={inputId}
            label={field.label}
            bareControl={field.type === 'checkbox'}
            required={Boolean(field.required)}
            suffix={field.type === 'yuan' ? <span className="font-normal text-neutral-500">（元）</span> : field.type === 'percent' ? <span className="font-normal text-neutral-500">（%）</span> : null}
            help={field.help}
            error={error}
          >
            {control}
          </OpsFieldFrame>
        );
      })}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
        {message}
      </p>
      <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
        {busy ? '提交中…' : submitLabel}
      </button>
    </form>
  );
}
