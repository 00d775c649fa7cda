import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import type { AudienceSegment } from '~/features/campaigns/contract/ops-campaigns';
import { OPS_CAMPAIGN_ROUTES, type BroadcastRecipients } from '~/features/campaigns/routes';
import { Modal } from '~/platform/ui/Modal';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT, OPS_LABEL } from '~/platform/ui/console/field-classes';

export interface BroadcastComposerProps {
  segments: { value: string; label: string }[];
  titleMax: number;
  contentMax: number;
}


/** A key per form shown: a double click or a retry sends the same one, and the server sends once. */
const newKey = (): string => crypto.randomUUID();

/**
 * 站内群发: write the message, choose who gets it, then 预览并发送 asks the server how many
 * users the segment holds now and shows the message as it will appear with that count; only 确认发送
 * sends. The form's request key makes a double click (or a retry after a lost answer) send once.
 */
export function BroadcastComposer({ segments, titleMax, contentMax }: BroadcastComposerProps): ReactNode {
  const id = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [segment, setSegment] = useState(segments[0]?.value ?? 'all');
  const [popup, setPopup] = useState(true);
  const [requestKey] = useState(newKey);
  const [checking, setChecking] = useState(false);
  const [confirm, setConfirm] = useState<BroadcastRecipients | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState('');
  const [dialogMessage, setDialogMessage] = useState('');

  async function preview(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (checking) return;
    if (!title.trim() || !content.trim()) {
      setMessage(!title.trim() ? '请填写标题' : '请填写内容');
      return;
    }
    setChecking(true);
    setMessage('');
    try {
      setDialogMessage('');
      setConfirm(await callConsole(OPS_CAMPAIGN_ROUTES.broadcastRecipients, { segment: segment as AudienceSegment }));
    } catch (failure) {
      setMessage(failureText(failure));
    } finally {
      setChecking(false);
    }
  }

  async function send(): Promise<void> {
    if (sending || !confirm) return;
    setSending(true);
    setDialogMessage('');
    try {
      const result = await callConsole(OPS_CAMPAIGN_ROUTES.broadcastSend, { title: title.trim(), content: content.trim(), segment: segment as AudienceSegment, popup, request_key: requestKey });
      reloadWithFlash(
        result.replayed
          ? `这条群发已经发送过（#${result.broadcast.id}，${result.broadcast.recipients} 位用户），没有重复发送`
          : `已发送给 ${result.broadcast.recipients} 位用户（#${result.broadcast.id}）`,
      );
    } catch (failure) {
      setDialogMessage(failureText(failure, '发送失败，请重试'));
      setSending(false);
    }
  }

  return (
    <>
      <form aria-label="站内群发" onSubmit={(event) => void preview(event)} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-title`} className={OPS_LABEL}>
            标题<span className="text-primary"> *</span>
          </label>
          <input id={`${id}-title`} value={title} maxLength={titleMax} onChange={(event) => setTitle(event.target.value)} className={OPS_FORM_INPUT} />
        </div>
        <div>
          <label htmlFor={`${id}-content`} className={OPS_LABEL}>
            内容<span className="text-primary"> *</span>
          </label>
          <textarea id={`${id}-content`} value={content} maxLength={contentMax} rows={5} onChange={(event) => setContent(event.target.value)} className={OPS_FORM_INPUT} />
          <p className="mt-1 text-xs text-neutral-500">
            {content.length}/{contentMax}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-segment`} className={OPS_LABEL}>
              发送对象
            </label>
            <select id={`${id}-segment`} value={segment} onChange={(event) => setSegment(event.target.value)} className={OPS_FORM_INPUT}>
              {segments.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <label className="inline-flex items-center gap-2 self-end pb-2 text-sm text-neutral-800">
            <input type="checkbox" checked={popup} onChange={(event) => setPopup(event.target.checked)} className="h-4 w-4 accent-primary" />
            登录用户同时弹窗提示
          </label>
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
          {message}
        </p>
        <button type="submit" disabled={checking} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
          {checking ? '统计人数中…' : '预览并发送'}
        </button>
      </form>
      <Modal open={confirm !== null} title="确认群发" onClose={() => !sending && setConfirm(null)} width={480}>
        {confirm && (
          <div className="space-y-4">
            <p className="text-sm text-neutral-800" data-recipients={confirm.recipients}>
              将发送给 <strong className="text-lg text-primary">{confirm.recipients}</strong> 位用户（{confirm.segment_label}）
              {popup ? '，登录时弹窗提示' : '，只进消息通知，不弹窗'}。发送后不能撤回。
            </p>
            <div className="rounded-lg bg-white p-3 shadow ring-1 ring-neutral-200" aria-label="消息预览" role="group">
              <p className="text-xs text-neutral-500">系统公告 · 预览</p>
              <p className="mt-1 font-medium text-neutral-900">{title.trim()}</p>
              <p className="mt-1 text-sm whitespace-pre-line break-words text-neutral-700">{content.trim()}</p>
            </div>
            <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
              {dialogMessage}
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" disabled={sending} onClick={() => setConfirm(null)} className="min-h-10 rounded-md bg-white px-4 text-sm ring-1 ring-neutral-300 hover:bg-neutral-50">
                取消
              </button>
              <button
                type="button"
                disabled={sending || confirm.recipients === 0}
                onClick={() => void send()}
                className="min-h-10 rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60"
              >
                {sending ? '发送中…' : '确认发送'}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
