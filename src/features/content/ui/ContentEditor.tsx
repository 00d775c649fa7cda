import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import { UPLOAD_IMAGE_MAX_BYTES } from '~/platform/config/constants';
import { MARKDOWN_BODY_MAX_CHARS, MARKDOWN_PREVIEW_DEBOUNCE_MS } from '~/features/content/constants';
import { CONTENT_ROUTES, type ContentSaveRoute } from '~/features/content/routes';
import { callConsole, uploadConsole } from '~/platform/client/console';
import { failureText, isApiError } from '~/platform/client/errors';
import { fieldValueToWire, wireToFieldValue, type OpsFieldDef } from '~/platform/ui/console/ops-form-fields';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT } from '~/platform/ui/console/field-classes';
import { OpsFieldFrame } from '~/platform/ui/console/OpsFieldFrame';

/** A field of the editor besides the body; `suggestions` become a datalist, `readOnly` shows the value only. */
export type ContentFieldDef = OpsFieldDef & { suggestions?: string[]; readOnly?: boolean };

export interface ContentEditorProps {
  /** The form's accessible name, e.g. 编辑帮助文档. */
  label: string;
  /** The save route (CONTENT_ROUTES.opsHelpSave, opsAnnouncementSave or opsAgreementPublish): it answers the saved record. */
  route: ContentSaveRoute;
  fields: ContentFieldDef[];
  /** Wire values of the fields, and `body_md`. */
  initial: Record<string, unknown>;
  /** Sent with every save and not shown: mode, id, revision. */
  extra: Record<string, unknown>;
  /** The HTML of the saved body, as readers get it (an edit starts with the preview shown). */
  initialHtml?: string;
  submitLabel?: string;
  successText: string;
  /** Where to go after saving; `{id}` is replaced with the saved record's id. */
  redirect: string;
}

function issuesOf(data: unknown): { field: string; msg: string }[] {
  const issues = (data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as { field: string; msg: string }[]).filter((issue) => typeof issue?.field === 'string') : [];
}

/** `text` with `insert` put where the selection was, and where the caret goes after it. */
export function insertAtSelection(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  // An image goes on its own line.
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const next = `${before}${lead}${insert}\n${text.slice(end)}`;
  return { text: next, caret: before.length + lead.length + insert.length + 1 };
}

/**
 * The console's Markdown editor ("written in Markdown with a live preview"): the body in
 * a textarea, and beside it the preview the server renders with the same renderer as what gets
 * published, asked for MARKDOWN_PREVIEW_DEBOUNCE_MS after the last keystroke (earlier answers are
 * cancelled, so a slow one never overwrites a newer one). Images are uploaded through the upload
 * service and inserted as Markdown at the caret. Saving posts the fields and the body as JSON.
 */
export function ContentEditor({ label, route, fields, initial, extra, initialHtml = '', submitLabel = '保存', successText, redirect }: ContentEditorProps): ReactNode {
  const id = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [startValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, wireToFieldValue(field, initial[field.name] ?? field.defaultValue)])),
  );
  const [values, setValues] = useState(startValues);
  const [body, setBody] = useState(() => String(initial.body_md ?? ''));
  const [html, setHtml] = useState(initialHtml);
  const [previewState, setPreviewState] = useState<'idle' | 'waiting' | 'ready' | 'failed'>(initialHtml ? 'ready' : 'idle');
  const [previewMessage, setPreviewMessage] = useState('');
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const firstRun = useRef(true);

  // The live preview: one request per pause in typing; a newer body cancels the older request.
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      if (initialHtml || body.trim() === '') return undefined;
    }
    if (body.trim() === '') {
      setHtml('');
      setPreviewState('idle');
      return undefined;
    }
    const controller = new AbortController();
    setPreviewState('waiting');
    const timer = window.setTimeout(() => {
      callConsole(CONTENT_ROUTES.opsPreview, { body_md: body })
        .then((answer) => {
          if (controller.signal.aborted) return;
          setHtml(answer.html);
          setPreviewState('ready');
          setPreviewMessage('');
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setPreviewState('failed');
          setPreviewMessage(failureText(failure, '预览失败，请重试'));
        });
    }, MARKDOWN_PREVIEW_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
    // initialHtml only matters for the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [body]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function setField(name: string, value: string | boolean): void {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty(true);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      setMessage(`图片不能超过${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)}MB`);
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    setMessage('正在上传图片…');
    try {
      const image = await uploadConsole(CONTENT_ROUTES.opsImage, form);
      const area = bodyRef.current;
      const start = area?.selectionStart ?? body.length;
      const end = area?.selectionEnd ?? body.length;
      const next = insertAtSelection(body, start, end, image.markdown);
      setBody(next.text);
      setDirty(true);
      setMessage('图片已插入');
      requestAnimationFrame(() => {
        area?.focus();
        area?.setSelectionRange(next.caret, next.caret);
      });
    } catch (failure) {
      setMessage(failureText(failure, '图片上传失败，请重试'));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const payload: Record<string, unknown> = { ...extra, body_md: body };
    const localErrors: Record<string, string> = {};
    for (const field of fields) {
      if (field.readOnly) continue;
      // A time shown to the minute and not touched is left out, so the server keeps it to the second.
      if (field.type === 'datetime' && values[field.name] === startValues[field.name]) continue;
      const converted = fieldValueToWire(field, values[field.name]!);
      if (!converted.ok) localErrors[field.name] = converted.msg;
      else if (converted.value !== undefined && converted.value !== null) payload[field.name] = converted.value;
    }
    if (body.trim() === '') localErrors.body_md = '请填写正文';
    setFieldErrors(localErrors);
    if (Object.keys(localErrors).length > 0) {
      setMessage(Object.values(localErrors)[0]!);
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      const saved = await callConsole(route, payload);
      setDirty(false);
      const savedId = 'id' in saved ? String(saved.id) : '';
      reloadWithFlash(successText, redirect.replace('{id}', savedId));
    } catch (failure) {
      const msg = failureText(failure, '保存失败，请重试！');
      const issues = isApiError(failure) ? issuesOf(failure.data) : [];
      setFieldErrors(Object.fromEntries(issues.map((issue) => [issue.field.split(/[.[]/, 1)[0]!, issue.msg])));
      setMessage(msg);
      setBusy(false);
    }
  }

  const bodyError = fieldErrors.body_md;
  const length = Array.from(body).length;
  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          const error = fieldErrors[field.name];
          const describedBy = [field.help ? `${inputId}-help` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
          const value = values[field.name]!;
          let control: ReactNode;
          if (field.readOnly) {
            control = (
              <p id={inputId} className="min-h-9 rounded-md bg-neutral-50 px-3 py-2 font-mono text-sm text-neutral-700">
                {String(value)}
              </p>
            );
          } else if (field.type === 'checkbox') {
            control = (
              <label className="inline-flex min-h-9 items-center gap-2 text-sm text-neutral-800">
                <input id={inputId} type="checkbox" checked={value === true} onChange={(event) => setField(field.name, event.target.checked)} aria-describedby={describedBy} className="h-4 w-4 accent-primary" />
                {field.label}
              </label>
            );
          } else {
            const inputType = { text: 'text', number: 'number', datetime: 'datetime-local', date: 'date' }[field.type as string] ?? 'text';
            control = (
              <>
                <input
                  id={inputId}
                  type={inputType}
                  value={String(value)}
                  maxLength={field.maxLength}
                  min={field.min}
                  max={field.max}
                  step={field.step}
                  placeholder={field.placeholder}
                  list={field.suggestions ? `${inputId}-list` : undefined}
                  autoComplete="off"
                  onChange={(event) => setField(field.name, event.target.value)}
                  aria-invalid={Boolean(error)}
                  aria-describedby={describedBy}
                  className={OPS_FORM_INPUT}
                />
                {field.suggestions && (
                  <datalist id={`${inputId}-list`}>
                    {field.suggestions.map((suggestion) => (
                      <option key={suggestion} value={suggestion} />
                    ))}
                  </datalist>
                )}
              </>
            );
          }
          return (
            <OpsFieldFrame
              key={field.name}
              inputId={inputId}
              label={field.label}
              bareControl={field.type === 'checkbox'}
              required={Boolean(field.required && !field.readOnly)}
              help={field.help}
              error={error}
            >
              {control}
            </OpsFieldFrame>
          );
        })}
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <div className="min-w-0">
          <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={`${id}-body`} className="block text-sm font-medium text-neutral-800">
              正文（Markdown）<span className="text-primary"> *</span>
            </label>
            <label className={`inline-flex min-h-8 cursor-pointer items-center rounded-md px-3 text-xs ring-1 ring-neutral-300 hover:bg-neutral-50 ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
              {uploading ? '上传中…' : '插入图片'}
              <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(event) => void upload(event)} disabled={uploading} />
            </label>
          </div>
          <textarea
            id={`${id}-body`}
            ref={bodyRef}
            value={body}
            rows={22}
            onChange={(event) => {
              setBody(event.target.value);
              setDirty(true);
            }}
            aria-invalid={Boolean(bodyError)}
            aria-describedby={`${id}-body-help${bodyError ? ` ${id}-body-error` : ''}`}
            className={`${OPS_FORM_INPUT} font-mono leading-6`}
            spellCheck={false}
          />
          <p id={`${id}-body-help`} className="mt-1 text-xs text-neutral-500">
            {length}/{MARKDOWN_BODY_MAX_CHARS} 字。支持 # 标题、**加粗**、- 列表、1. 编号、| 表格 |、[链接](地址)、图片；HTML 标签按原样显示为文字，外站图片不显示。
          </p>
          {bodyError && (
            <p id={`${id}-body-error`} className="mt-1 text-xs text-primary">
              {bodyError}
            </p>
          )}
        </div>
        <section aria-label="预览" className="min-w-0">
          <div className="mb-1 flex items-end justify-between">
            <h2 className="text-sm font-medium text-neutral-800">预览（与发布后一致）</h2>
            <p role="status" aria-live="polite" className="text-xs text-neutral-500">
              {previewState === 'waiting' ? '正在更新预览…' : previewState === 'failed' ? previewMessage : previewState === 'ready' ? '预览已更新' : ''}
            </p>
          </div>
          <div className="min-h-[33rem] overflow-auto rounded-md bg-white p-4 ring-1 ring-neutral-200" data-preview>
            {html ? <div className="prose-help" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="text-sm text-neutral-400">输入正文后在这里预览</p>}
          </div>
        </section>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
          {busy ? '保存中…' : submitLabel}
        </button>
        <p role="status" aria-live="polite" className="text-sm text-primary">
          {message}
        </p>
      </div>
    </form>
  );
}
