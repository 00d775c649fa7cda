import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText } from '~/platform/client/errors';
import { callConsole } from '~/platform/client/console';
import type { AudienceSegment, RedPacketGrantPreview } from '~/features/campaigns/contract/ops-campaigns';
import { OPS_CAMPAIGN_ROUTES, type RedPacketGrantInput } from '~/features/campaigns/routes';
import { Modal } from '~/platform/ui/Modal';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_CONTROL, OPS_LABEL } from '~/platform/ui/console/field-classes';

export interface RedPacketGrantFormProps {
  templates: { id: number; name: string; label: string; remaining: number | null }[];
  segments: { value: string; label: string }[];
  /** The template chosen when the form opens (a template's own page). */
  templateId?: number | null;
  usernamesMax: number;
}


/**
 * 发放红包: a template to a segment or to listed usernames. 预览发放 asks the server who
 * would get one (users below the per-user limit), who is skipped, unknown names and what the total
 * limit leaves; 确认发放 grants all or nothing, once per form (its request key).
 */
export function RedPacketGrantForm({ templates, segments, templateId, usernamesMax }: RedPacketGrantFormProps): ReactNode {
  const id = useId();
  const [template, setTemplate] = useState(String(templateId ?? templates[0]?.id ?? ''));
  const [target, setTarget] = useState<'segment' | 'usernames'>('segment');
  const [segment, setSegment] = useState(segments[0]?.value ?? 'all');
  const [usernames, setUsernames] = useState('');
  const [requestKey] = useState(() => crypto.randomUUID());
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<RedPacketGrantPreview | null>(null);
  const [granting, setGranting] = useState(false);
  const [message, setMessage] = useState('');
  const [dialogMessage, setDialogMessage] = useState('');

  const body = (): RedPacketGrantInput => ({
    template_id: Number(template),
    target,
    ...(target === 'segment' ? { segment: segment as AudienceSegment } : { usernames }),
  });

  async function check(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (checking) return;
    if (!template) {
      setMessage('请先新建红包模板');
      return;
    }
    if (target === 'usernames' && !usernames.trim()) {
      setMessage('请填写用户名');
      return;
    }
    setChecking(true);
    setMessage('');
    try {
      setDialogMessage('');
      setPreview(await callConsole(OPS_CAMPAIGN_ROUTES.redPacketGrantPreview, body()));
    } catch (failure) {
      setMessage(failureText(failure));
    } finally {
      setChecking(false);
    }
  }

  async function grant(): Promise<void> {
    if (granting || !preview) return;
    setGranting(true);
    setDialogMessage('');
    try {
      const result = await callConsole(OPS_CAMPAIGN_ROUTES.redPacketGrant, { ...body(), request_key: requestKey });
      reloadWithFlash(result.replayed ? `这次发放已经完成过（#${result.grant.id}），没有重复发放` : `已发放给 ${result.grant.recipients} 位用户（#${result.grant.id}）`);
    } catch (failure) {
      setDialogMessage(failureText(failure, '发放失败，请重试'));
      setGranting(false);
    }
  }

  const chosen = templates.find((item) => String(item.id) === template);
  return (
    <>
      <form aria-label="发放红包" onSubmit={(event) => void check(event)} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-template`} className={OPS_LABEL}>
            红包模板
          </label>
          <select id={`${id}-template`} value={template} onChange={(event) => setTemplate(event.target.value)} className={OPS_FORM_CONTROL}>
            {templates.length === 0 && <option value="">（没有启用的模板）</option>}
            {templates.map((item) => (
              <option key={item.id} value={item.id}>
                #{item.id} {item.name}（{item.label}）
              </option>
            ))}
          </select>
          {chosen && <p className="mt-1 text-xs text-neutral-500">{chosen.remaining === null ? '不限总量' : `剩余 ${chosen.remaining} 个`}</p>}
        </div>
        <fieldset>
          <legend className={OPS_LABEL}>发放对象</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name={`${id}-target`} checked={target === 'segment'} onChange={() => setTarget('segment')} className="accent-primary" />
              按用户群
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name={`${id}-target`} checked={target === 'usernames'} onChange={() => setTarget('usernames')} className="accent-primary" />
              指定用户名
            </label>
          </div>
        </fieldset>
        {target === 'segment' ? (
          <div>
            <label htmlFor={`${id}-segment`} className={OPS_LABEL}>
              用户群
            </label>
            <select id={`${id}-segment`} value={segment} onChange={(event) => setSegment(event.target.value)} className={OPS_FORM_CONTROL}>
              {segments.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <label htmlFor={`${id}-usernames`} className={OPS_LABEL}>
              用户名
            </label>
            <textarea id={`${id}-usernames`} value={usernames} rows={5} onChange={(event) => setUsernames(event.target.value)} className={`${OPS_FORM_CONTROL} font-mono`} />
            <p className="mt-1 text-xs text-neutral-500">每行一个（也可用逗号或空格分隔），最多{usernamesMax}个；有不存在的用户名时整次不发放</p>
          </div>
        )}
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
          {message}
        </p>
        <button type="submit" disabled={checking || templates.length === 0} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
          {checking ? '统计中…' : '预览发放'}
        </button>
      </form>
      <Modal open={preview !== null} title="确认发放红包" onClose={() => !granting && setPreview(null)} width={480}>
        {preview && (
          <div className="space-y-3 text-sm text-neutral-800">
            <p>
              红包：{chosen ? `${chosen.name}（${chosen.label}）` : `#${preview.template_id}`}
            </p>
            <ul className="space-y-1">
              <li>
                将发放给 <strong className="text-lg text-primary" data-eligible={preview.eligible}>{preview.eligible}</strong> 位用户，每人1个
              </li>
              <li>已达每人限领、本次跳过：{preview.at_limit} 位</li>
              <li>{preview.remaining === null ? '不限发放总量' : `模板剩余：${preview.remaining} 个`}</li>
            </ul>
            {preview.refusal && (
              <p role="alert" className="rounded-md bg-primary-light px-3 py-2 text-primary-dark">
                不能发放：{preview.refusal}
              </p>
            )}
            <p role="status" aria-live="polite" className="min-h-5 text-primary">
              {dialogMessage}
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" disabled={granting} onClick={() => setPreview(null)} className="min-h-10 rounded-md bg-white px-4 ring-1 ring-neutral-300 hover:bg-neutral-50">
                取消
              </button>
              <button
                type="button"
                disabled={granting || preview.refusal !== null}
                onClick={() => void grant()}
                className="min-h-10 rounded-md bg-primary px-5 font-medium text-white hover:bg-primary-dark disabled:opacity-60"
              >
                {granting ? '发放中…' : '确认发放'}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
