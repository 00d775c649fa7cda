import { useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureText, isApiError } from '~/platform/client/errors';
import { callConsole, uploadConsole } from '~/platform/client/console';
import { OPS_CAMPAIGN_ROUTES, type AdInput } from '~/features/campaigns/routes';
import { MODAL_DEFAULT_WIDTH_PX } from '~/platform/config/constants';
import { reloadWithFlash } from '~/platform/ui/console/ops-flash';
import { OPS_FORM_INPUT, OPS_LABEL } from '~/platform/ui/console/field-classes';
import { isSameSitePath } from '~/platform/rules/return-path';

export interface AdEditorAd {
  id: number;
  title: string;
  image: string;
  link: string | null;
  priority: number;
  display_frequency: number;
  position: number;
  start_day: string | null;
  end_day: string | null;
}

export interface AdEditorProps {
  /** The ad being edited; null for a new one. */
  ad: AdEditorAd | null;
  frequencyOptions: { value: number; label: string }[];
  positionOptions: { value: number; label: string }[];
  /** Where to go after saving (the list). */
  done: string;
}

interface FieldIssue {
  field: string;
  msg: string;
}


/**
 * 新建 / 编辑弹窗广告: every spec §3 field, the image uploaded here (sniffed and
 * re-encoded by the server), the date window as Shanghai days, and beside it the popup as a visitor
 * will see it (the site's modal: 578 px wide at most, the image linking to the ad's link).
 */
export function AdEditor({ ad, frequencyOptions, positionOptions, done }: AdEditorProps): ReactNode {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(ad?.title ?? '');
  const [image, setImage] = useState(ad?.image ?? '');
  const [link, setLink] = useState(ad?.link ?? '');
  const [priority, setPriority] = useState(String(ad?.priority ?? 1));
  const [frequency, setFrequency] = useState(String(ad?.display_frequency ?? 0));
  const [position, setPosition] = useState(String(ad?.position ?? 0));
  const [startDay, setStartDay] = useState(ad?.start_day ?? '');
  const [endDay, setEndDay] = useState(ad?.end_day ?? '');
  const [uploading, setUploading] = useState(false);
  const [uploadText, setUploadText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function upload(file: File | undefined): Promise<void> {
    if (!file) return;
    setUploading(true);
    setUploadText('上传中…');
    const form = new FormData();
    form.append('file', file);
    try {
      const stored = await uploadConsole(OPS_CAMPAIGN_ROUTES.adUpload, form);
      setImage(stored.detail_url);
      setErrors((current) => ({ ...current, image: '' }));
      setUploadText(`已上传（${stored.width}×${stored.height}）`);
    } catch (failure) {
      setUploadText(failureText(failure, '上传失败，请重试'));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy || uploading) return;
    const body: AdInput = {
      title: title.trim(),
      image: image.trim(),
      link: link.trim() || null,
      priority: Number(priority),
      display_frequency: Number(frequency),
      position: Number(position),
      start_date: startDay || null,
      end_date: endDay || null,
    };
    const local: Record<string, string> = {};
    if (!body.title) local.title = '请填写标题';
    if (!body.image) local.image = '请上传图片';
    if (startDay && endDay && endDay < startDay) local.end_date = '结束日期不能早于开始日期';
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setMessage(Object.values(local)[0]!);
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      await (ad ? callConsole(OPS_CAMPAIGN_ROUTES.adUpdate, { id: ad.id, ...body }) : callConsole(OPS_CAMPAIGN_ROUTES.adCreate, body));
      reloadWithFlash(ad ? `已保存广告 #${ad.id}` : '已新建广告', done);
    } catch (failure) {
      const issues = isApiError(failure) ? (((failure.data as { issues?: FieldIssue[] } | null)?.issues ?? []) as FieldIssue[]) : [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.field.split(/[.[]/, 1)[0]!, issue.msg])));
      setMessage(failureText(failure));
      setBusy(false);
    }
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorLine = (name: string): ReactNode =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-xs text-primary">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form aria-label={ad ? `编辑广告 #${ad.id}` : '新建广告'} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-title`} className={OPS_LABEL}>
            标题<span className="text-primary"> *</span>
          </label>
          <input {...field('title')} value={title} maxLength={64} onChange={(event) => setTitle(event.target.value)} className={OPS_FORM_INPUT} />
          <p className="mt-1 text-xs text-neutral-500">读屏软件读出的名称，访客看不到文字</p>
          {errorLine('title')}
        </div>
        <div>
          <label htmlFor={`${id}-file`} className={OPS_LABEL}>
            广告图片<span className="text-primary"> *</span>
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {/* The browser's own file button speaks the browser's language; this one speaks the console's. */}
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              aria-describedby={`${id}-file-status`}
              onChange={(event) => void upload(event.target.files?.[0])}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-file`}
              className="inline-flex min-h-9 cursor-pointer items-center rounded-md bg-white px-4 text-sm ring-1 ring-neutral-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary hover:bg-neutral-50 peer-disabled:opacity-60"
            >
              {uploading ? '上传中…' : image ? '更换图片' : '选择图片'}
            </label>
            <p id={`${id}-file-status`} role="status" aria-live="polite" className="min-h-4 text-xs text-neutral-600">
              {uploadText}
            </p>
          </div>
          <label htmlFor={`${id}-image`} className="mt-2 block text-xs text-neutral-600">
            图片地址（上传后自动填写，也可填站内路径）
          </label>
          <input {...field('image')} value={image} maxLength={1000} onChange={(event) => setImage(event.target.value)} className={`${OPS_FORM_INPUT} font-mono text-xs`} />
          <p className="mt-1 text-xs text-neutral-500">JPEG、PNG 或 WebP，不超过5MB；建议竖版 600×750</p>
          {errorLine('image')}
        </div>
        <div>
          <label htmlFor={`${id}-link`} className={OPS_LABEL}>
            点击跳转
          </label>
          <input {...field('link')} value={link} maxLength={1000} placeholder="/tejia.html 或 https://…" onChange={(event) => setLink(event.target.value)} className={OPS_FORM_INPUT} />
          <p className="mt-1 text-xs text-neutral-500">站内路径，或 http(s) 网址（新窗口打开）；不填则图片不可点击</p>
          {errorLine('link')}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={`${id}-priority`} className={OPS_LABEL}>
              优先级
            </label>
            <select {...field('priority')} value={priority} onChange={(event) => setPriority(event.target.value)} className={OPS_FORM_INPUT}>
              {[1, 2, 3].map((value) => (
                <option key={value} value={value}>
                  {value}
                  {value === 1 ? '（最先）' : ''}
                </option>
              ))}
            </select>
            {errorLine('priority')}
          </div>
          <div>
            <label htmlFor={`${id}-display_frequency`} className={OPS_LABEL}>
              展示频率
            </label>
            <select {...field('display_frequency')} value={frequency} onChange={(event) => setFrequency(event.target.value)} className={OPS_FORM_INPUT}>
              {frequencyOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value} · {option.label}
                </option>
              ))}
            </select>
            {errorLine('display_frequency')}
          </div>
          <div>
            <label htmlFor={`${id}-position`} className={OPS_LABEL}>
              展示位置
            </label>
            <select {...field('position')} value={position} onChange={(event) => setPosition(event.target.value)} className={OPS_FORM_INPUT}>
              {positionOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value} · {option.label}
                </option>
              ))}
            </select>
            {errorLine('position')}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-start_date`} className={OPS_LABEL}>
              开始日期
            </label>
            <input {...field('start_date')} type="date" value={startDay} onChange={(event) => setStartDay(event.target.value)} className={OPS_FORM_INPUT} />
            {errorLine('start_date')}
          </div>
          <div>
            <label htmlFor={`${id}-end_date`} className={OPS_LABEL}>
              结束日期
            </label>
            <input {...field('end_date')} type="date" value={endDay} onChange={(event) => setEndDay(event.target.value)} className={OPS_FORM_INPUT} />
            {errorLine('end_date')}
          </div>
        </div>
        <p className="text-xs text-neutral-500">按北京时间整天计算，首尾两天都包含；不填表示不限。</p>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-primary">
          {message}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy || uploading} className="inline-flex min-h-10 items-center rounded-md bg-primary px-5 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-60">
            {busy ? '保存中…' : ad ? '保存修改' : '新建广告'}
          </button>
          {ad && (
            <a href={done} className="inline-flex min-h-10 items-center rounded-md px-4 text-sm ring-1 ring-neutral-300 hover:bg-neutral-50">
              取消编辑
            </a>
          )}
        </div>
      </form>
      <figure aria-labelledby={`${id}-preview-caption`} className="min-w-0">
        <figcaption id={`${id}-preview-caption`} className="mb-2 text-sm font-medium text-neutral-800">
          弹窗预览（访客看到的样子）
        </figcaption>
        <div className="flex min-h-80 items-center justify-center rounded-lg bg-black/50 p-4" data-ad-preview>
          <div className="relative w-full rounded-lg bg-white p-4 shadow-xl" style={{ maxWidth: MODAL_DEFAULT_WIDTH_PX }}>
            <span aria-hidden="true" className="absolute top-1 right-2 text-xl leading-none text-neutral-500">
              ×
            </span>
            {isSameSitePath(image.trim()) ? (
              <img src={image.trim()} alt={title || '广告图片'} className="mx-auto block h-auto max-h-[60vh] w-auto max-w-full rounded-md object-contain" />
            ) : (
              <p className="py-16 text-center text-sm text-neutral-500">上传图片后在这里预览</p>
            )}
          </div>
        </div>
        <p className="mt-2 text-xs break-all text-neutral-500">
          {link.trim() ? `点击图片跳转到 ${link.trim()}` : '图片不可点击'} · 点击遮罩、关闭按钮或按 Esc 关闭
        </p>
      </figure>
    </div>
  );
}
