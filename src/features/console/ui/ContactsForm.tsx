import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText, isApiError } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import { flashFor, reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT, OPS_LABEL } from '~/platform/ui/console/field-classes';
import { focusRing } from '~/platform/ui/focus-ring';
import { CONSOLE_ROUTES } from '~/features/console/routes';
import { CONTACT_CHANNELS_MAX, CONTACT_LABEL_MAX_CHARS, CONTACT_NOTE_MAX_CHARS, CONTACT_NOTICE_MAX_CHARS, CONTACT_VALUE_MAX_CHARS, type ContactChannel } from '~/features/content/contract/site-settings';

type Row = ContactChannel & { key: number };

interface Issue {
  field: string;
  msg: string;
}

/** The row a server message names (`channels.2.value` → 2), or null. */
function rowOfIssue(issue: Issue): number | null {
  const match = /^channels\.(\d+)/.exec(issue.field);
  return match ? Number(match[1]) : null;
}

/**
 * 站点设置 › 联系方式: one row per channel (名称, 联系方式, 说明), added and removed with buttons,
 * instead of a text area of `名称 | 联系方式 | 说明` lines. Rows stack on a phone.
 */
export default function ContactsForm({ channels, notice }: { channels: ContactChannel[]; notice: string }): ReactNode {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => channels.map((channel, index) => ({ ...channel, key: index })));
  const [nextKey, setNextKey] = useState(channels.length);
  const [noticeText, setNoticeText] = useState(notice);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [badRow, setBadRow] = useState<number | null>(null);

  const change = (key: number, field: keyof ContactChannel, value: string): void =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const add = (): void => {
    setRows((current) => [...current, { label: '', value: '', note: '', key: nextKey }]);
    setNextKey((key) => key + 1);
  };
  const remove = (key: number): void => setRows((current) => current.filter((row) => row.key !== key));

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage('');
    setBadRow(null);
    try {
      const answer = await callConsole(CONSOLE_ROUTES.saveContacts, { channels: rows.map(({ label, value, note }) => ({ label, value, note })), notice: noticeText });
      reloadWithFlash(flashFor(answer, '已保存联系方式', undefined));
    } catch (failure) {
      setMessage(failureText(failure));
      const issues = isApiError(failure) ? ((failure.data as { issues?: Issue[] } | undefined)?.issues ?? []) : [];
      const row = issues.map(rowOfIssue).find((index) => index !== null) ?? null;
      // The server numbers the rows it kept (wholly empty ones dropped); map back to the rows shown.
      const filled = rows.filter((item) => `${item.label}${item.value}${item.note}`.trim() !== '');
      setBadRow(row === null ? null : (filled[row]?.key ?? null));
      setBusy(false);
    }
  }

  return (
    <form aria-label="联系方式" onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <fieldset className="space-y-3">
        <legend className={OPS_LABEL}>联系方式（最多{CONTACT_CHANNELS_MAX}条；全部删除则前台显示“联系方式尚未配置”）</legend>
        {rows.length === 0 && <p className="text-sm text-neutral-500">暂无联系方式</p>}
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const invalid = badRow === row.key;
            return (
              <li key={row.key} data-contact-row className={`grid gap-2 rounded-md p-2 ring-1 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end ${invalid ? 'ring-primary' : 'ring-neutral-200'}`}>
                <label className="text-xs text-neutral-600">
                  名称
                  <input value={row.label} maxLength={CONTACT_LABEL_MAX_CHARS} placeholder="客服热线" aria-invalid={invalid} aria-label={`第${index + 1}条 名称`} onChange={(event) => change(row.key, 'label', event.target.value)} className={`mt-1 ${OPS_FORM_INPUT}`} />
                </label>
                <label className="text-xs text-neutral-600">
                  联系方式
                  <input value={row.value} maxLength={CONTACT_VALUE_MAX_CHARS} placeholder="400-123-4567" aria-invalid={invalid} aria-label={`第${index + 1}条 联系方式`} onChange={(event) => change(row.key, 'value', event.target.value)} className={`mt-1 ${OPS_FORM_INPUT}`} />
                </label>
                <label className="text-xs text-neutral-600">
                  说明（可空）
                  <input value={row.note} maxLength={CONTACT_NOTE_MAX_CHARS} placeholder="每天 09:00-24:00" aria-label={`第${index + 1}条 说明`} onChange={(event) => change(row.key, 'note', event.target.value)} className={`mt-1 ${OPS_FORM_INPUT}`} />
                </label>
                <button type="button" onClick={() => remove(row.key)} className={`min-h-10 rounded-md px-3 text-sm text-primary-dark ring-1 ring-neutral-300 hover:bg-primary-light ${focusRing}`}>
                  删除第{index + 1}条
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" onClick={add} disabled={rows.length >= CONTACT_CHANNELS_MAX} className={`min-h-10 rounded-md px-4 text-sm text-primary ring-1 ring-primary hover:bg-primary-light disabled:opacity-50 ${focusRing}`}>
          添加一条
        </button>
      </fieldset>
      <div>
        <label htmlFor={`${id}-notice`} className={OPS_LABEL}>
          提示语
        </label>
        <input id={`${id}-notice`} value={noticeText} maxLength={CONTACT_NOTICE_MAX_CHARS} aria-describedby={`${id}-notice-help`} onChange={(event) => setNoticeText(event.target.value)} className={OPS_FORM_INPUT} />
        <p id={`${id}-notice-help`} className="mt-1 text-xs text-neutral-500">
          显示在联系方式上方，可留空
        </p>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
        {message}
      </p>
      <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
        {busy ? '提交中…' : '保存'}
      </button>
    </form>
  );
}
