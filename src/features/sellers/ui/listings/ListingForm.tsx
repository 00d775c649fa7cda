import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import {
  LISTING_DESCRIPTION_MAX_CHARS,
  LISTING_IMAGES_MAX,
  createSellerListing,
  getSellerListing,
  getSellerListingCredentials,
  getSellerListingOptions,
  updateSellerListing,
  uploadListingImage,
  type ListingGameOption,
  type SellerListingEdit,
  type SellerListingOptions,
} from '~/features/sellers/client/seller-listings';
import { hafuPrepayFen } from '~/features/orders/rules/hafu';
import { suggestedPrices } from '~/features/sellers/rules/listing-form';
import { fenToYuanShort, yuanToFen } from '~/platform/rules/money';
import { showError } from '~/platform/stores/ui';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Spinner } from '~/platform/ui/Spinner';
import { focusRing } from '~/platform/ui/focus-ring';
import { useRemote } from '~/platform/ui/use-remote';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import {
  CLOCK_HOURS,
  CLOCK_MINUTES,
  FLASH_KEY,
  SELLER_LISTINGS_HREF,
  bodyFromForm,
  checkForm,
  emptyForm,
  formFromListing,
  moveImage,
  splitClock,
  zonesFor,
  type FieldErrors,
  type ListingFormValues,
} from '~/features/sellers/ui/listings/listing-helpers';

const inputClass = `w-full min-w-0 rounded border border-neutral-300 px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-400 focus:border-primary focus:outline-none aria-[invalid=true]:border-primary ${focusRing}`;
const smallButton = `inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-neutral-300 bg-white px-2 text-xs sm:min-h-8 sm:min-w-0 text-neutral-700 hover:border-primary hover:text-primary disabled:opacity-40 ${focusRing}`;

function Section({ title, children }: { title: string; children: ReactNode }): ReactNode {
  return (
    <fieldset className="min-w-0 space-y-4 border-t border-neutral-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-2 text-base font-medium text-neutral-900">{title}</legend>
      {children}
    </fieldset>
  );
}

interface RowProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control whose message sits under it (announced, linked by aria-describedby). */
function Row({ label, error, hint, required, children }: RowProps): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm text-neutral-700">
        {required ? <span className="mr-0.5 text-primary" aria-hidden="true">*</span> : null}
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}) })}
      {hint && !error ? <p className="text-xs text-neutral-500">{hint}</p> : null}
      <p id={errorId} role="alert" className="min-h-4 text-xs text-primary">
        {error ?? ''}
      </p>
    </div>
  );
}

function Check({ label, checked, onChange, disabled, trailing }: { label: string; checked: boolean; onChange(value: boolean): void; disabled?: boolean; trailing?: ReactNode }): ReactNode {
  return (
    <label className="flex min-h-9 min-w-0 items-center gap-2 text-sm text-neutral-700">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-primary" />
      <span>{label}</span>
      {trailing}
    </label>
  );
}

/**
 * A time of day as two 24-hour choices (时 00-23, 分 00-59): a native time input prints 12-hour
 * AM/PM in some locales, and the window is 'HH:mm-HH:mm' whatever the phone's settings.
 */
function ClockSelect({ id, label, value, invalid, describedBy, onChange }: { id: string; label: string; value: string; invalid?: boolean; describedBy?: string; onChange(value: string): void }): ReactNode {
  const { hour, minute } = splitClock(value);
  const aria = { ...(invalid ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
  return (
    <div className="flex min-w-0 items-center gap-1">
      <select id={id} {...aria} value={hour} onChange={(event) => onChange(`${event.target.value}:${minute}`)} className={`${inputClass} tabular-nums`}>
        {CLOCK_HOURS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <span aria-hidden="true">:</span>
      <select aria-label={`${label}（分）`} {...aria} value={minute} onChange={(event) => onChange(`${hour}:${event.target.value}`)} className={`${inputClass} tabular-nums`}>
        {CLOCK_MINUTES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Hourly price text → fen, or null while it is not a price yet. */
function priceFen(text: string): number | null {
  try {
    const fen = yuanToFen(text.trim());
    return fen > 0 ? fen : null;
  } catch {
    return null;
  }
}

interface FormProps {
  mode: 'new' | 'edit';
  options: SellerListingOptions;
  listing: SellerListingEdit | null;
}

function Form({ mode, options, listing }: FormProps): ReactNode {
  const [values, setValues] = useState<ListingFormValues>(() => (listing ? formFromListing(listing) : emptyForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(0);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [shownPassword, setShownPassword] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Set by a refused submit: once the messages are drawn, the first invalid field (in the order a
  // person reads the form) gets the focus and is scrolled to the middle of the screen.
  const [focusFirstInvalid, setFocusFirstInvalid] = useState(0);
  useEffect(() => {
    if (focusFirstInvalid === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, [focusFirstInvalid]);
  const game: ListingGameOption | undefined = options.games.find((candidate) => candidate.id === values.game_id);
  const zones = zonesFor(game, values.platform_id);
  const hourlyFen = priceFen(values.rental);

  function set<K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function chooseGame(id: number | null): void {
    const next = options.games.find((candidate) => candidate.id === id);
    setValues((current) => ({
      ...current,
      game_id: id,
      platform_id: next && next.platforms.length === 1 ? next.platforms[0]!.id : null,
      zone_id: null,
      attrs: {},
    }));
    setErrors({});
  }

  async function addFiles(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = LISTING_IMAGES_MAX - values.images.length;
    if (files.length > room) showError(`图片最多${LISTING_IMAGES_MAX}张`);
    for (const file of files.slice(0, Math.max(0, room))) {
      setUploading((count) => count + 1);
      try {
        const uploaded = await uploadListingImage(file);
        setValues((current) =>
          current.images.some((image) => image.url === uploaded.detail_url) || current.images.length >= LISTING_IMAGES_MAX
            ? current
            : { ...current, images: [...current.images, { url: uploaded.detail_url, preview: uploaded.card_url }] },
        );
        setErrors((current) => ({ ...current, images: undefined }));
        setStatus(`已上传 ${file.name}`);
      } catch {
        // The client has toasted the server's reason (格式, 大小 ...).
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  async function showPassword(): Promise<void> {
    if (!listing) return;
    const credentials = await getSellerListingCredentials(listing.id);
    setShownPassword(credentials.login_password);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving || uploading > 0) return;
    const found = checkForm(values, game, mode);
    setErrors(found);
    const first = Object.keys(found).find((key) => found[key]);
    if (first) {
      setStatus(`请检查表单：${found[first]}`);
      setFocusFirstInvalid((count) => count + 1);
      return;
    }
    const body = bodyFromForm(values, game);
    setSaving(true);
    try {
      let msg: string;
      if (mode === 'edit' && listing) {
        const { login_account, login_password, ...rest } = body;
        const credentials = {
          ...(login_account !== (listing.login_account ?? '') || login_password !== '' ? { login_account } : {}),
          ...(login_password !== '' ? { login_password } : {}),
        };
        msg = (await updateSellerListing({ ...rest, ...credentials, id: listing.id })).msg;
      } else {
        msg = (await createSellerListing(body)).msg;
      }
      sessionStorage.setItem(FLASH_KEY, msg);
      location.assign(SELLER_LISTINGS_HREF);
    } catch (error) {
      // A refusal naming a field goes under it too (the toast already says it).
      if (isApiError(error) && error.data && typeof error.data === 'object' && 'field' in error.data) {
        const field = String((error.data as { field: unknown }).field).split(/[.[]/)[0] ?? 'form';
        setErrors((current) => ({ ...current, [field]: error.msg }));
        setFocusFirstInvalid((count) => count + 1);
      }
      setSaving(false);
    }
  }

  const prepay = game?.has_hafu_coin && /^\d+$/.test(values.game_money) && /^\d+$/.test(values.money_exchange_rate) ? hafuPrepayFen(Number(values.game_money), Number(values.money_exchange_rate)) : null;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-6" aria-label={mode === 'new' ? '发布账号' : '编辑账号'}>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {listing?.platform_hold ? (
        <p className="rounded bg-primary-light px-3 py-2 text-sm text-primary-dark" data-platform-hold>
          该账号已被平台下架：{listing.platform_hold.reason}。修改后请联系客服恢复，恢复前租客看不到该账号。
        </p>
      ) : null}
      {listing && listing.review_status !== 'approved' ? (
        <p className={`rounded px-3 py-2 text-sm ${listing.review_status === 'pending' ? 'bg-blue-50 text-blue-700' : 'bg-primary-light text-primary-dark'}`}>
          {listing.review_status === 'pending' ? '审核中：审核通过后对租客可见' : `已驳回：${listing.review_reason ?? '请修改后重新提交'}`}
        </p>
      ) : null}

      <Section title="游戏与区服">
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-3">
          <Row label="游戏" error={errors['game_id']} required>
            {(props) => (
              <select {...props} value={values.game_id ?? ''} onChange={(event) => chooseGame(event.target.value ? Number(event.target.value) : null)} className={inputClass}>
                <option value="">请选择游戏</option>
                {options.games.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            )}
          </Row>
          {game && game.platforms.length > 0 ? (
            <Row label="平台" error={errors['platform_id']} required>
              {(props) => (
                <select
                  {...props}
                  value={values.platform_id ?? ''}
                  onChange={(event) => {
                    set('platform_id', event.target.value ? Number(event.target.value) : null);
                    set('zone_id', null);
                  }}
                  className={inputClass}
                >
                  <option value="">请选择平台</option>
                  {game.platforms.map((platform) => (
                    <option key={platform.id} value={platform.id}>
                      {platform.name}
                    </option>
                  ))}
                </select>
              )}
            </Row>
          ) : null}
          {game && zones.length > 0 ? (
            <Row label="区服" error={errors['zone_id']} required>
              {(props) => (
                <select {...props} value={values.zone_id ?? ''} onChange={(event) => set('zone_id', event.target.value ? Number(event.target.value) : null)} className={inputClass}>
                  <option value="">请选择区服</option>
                  {zones.map((zone) => (
                    <option key={zone.id} value={zone.id}>
                      {zone.name}
                    </option>
                  ))}
                </select>
              )}
            </Row>
          ) : null}
        </div>
      </Section>

      {game ? (
        <>
          <Section title="账号信息">
            <Row label="标题" error={errors['title']} required hint="例如：【最强王者】120皮肤 全英雄">
              {(props) => <input {...props} value={values.title} maxLength={120} onChange={(event) => set('title', event.target.value)} className={inputClass} />}
            </Row>
            <Row label="角色名" error={errors['role_name']} required>
              {(props) => <input {...props} value={values.role_name} maxLength={32} onChange={(event) => set('role_name', event.target.value)} className={inputClass} />}
            </Row>
            <Row label="账号描述" error={errors['description']} hint={`选填，${Array.from(values.description.trim()).length}/${LISTING_DESCRIPTION_MAX_CHARS}字，显示在账号详情页`}>
              {(props) => (
                <textarea
                  {...props}
                  rows={4}
                  value={values.description}
                  maxLength={LISTING_DESCRIPTION_MAX_CHARS * 2}
                  placeholder="例如：皮肤、英雄、战绩亮点，上号注意事项"
                  onChange={(event) => set('description', event.target.value)}
                  className={`${inputClass} resize-y`}
                />
              )}
            </Row>
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {game.attrs.map((attr) => {
                return (
                  <Row key={attr.name} label={attr.name} error={errors[`attr:${attr.name}`] ?? (errors['attrs'] && attr === game.attrs[0] ? errors['attrs'] : undefined)} required={attr.required}>
                    {(props) =>
                      attr.kind === 'choice' ? (
                        <select
                          {...props}
                          value={values.attrs[attr.name] ?? ''}
                          onChange={(event) => set('attrs', { ...values.attrs, [attr.name]: event.target.value })}
                          className={inputClass}
                        >
                          <option value="">请选择{attr.name}</option>
                          {attr.choices.map((choice) => (
                            <option key={choice} value={choice}>
                              {choice}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          {...props}
                          value={values.attrs[attr.name] ?? ''}
                          inputMode="numeric"
                          placeholder={attr.min !== null && attr.max !== null ? `${attr.min}-${attr.max}` : undefined}
                          maxLength={9}
                          onChange={(event) => set('attrs', { ...values.attrs, [attr.name]: event.target.value })}
                          className={inputClass}
                        />
                      )
                    }
                  </Row>
                );
              })}
            </div>
            {game.has_hafu_coin ? (
              <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
                <Row label="哈夫币数量" error={errors['game_money']} hint="账号内的哈夫币，租客下单时按兑换比例预充">
                  {(props) => <input {...props} inputMode="numeric" value={values.game_money} onChange={(event) => set('game_money', event.target.value)} className={inputClass} />}
                </Row>
                <Row label="兑换比例（哈夫币/元）" error={errors['money_exchange_rate']} required hint={prepay !== null ? `预充 ${fenToYuanShort(prepay)} 元` : undefined}>
                  {(props) => <input {...props} inputMode="numeric" value={values.money_exchange_rate} onChange={(event) => set('money_exchange_rate', event.target.value)} className={inputClass} />}
                </Row>
              </div>
            ) : null}
          </Section>

          <Section title="账号图片">
            <p className="text-sm text-neutral-500">
              支持 JPEG、PNG、WebP，单张不超过5MB，最多{LISTING_IMAGES_MAX}张；第一张为封面。
            </p>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="已上传的图片">
              {values.images.map((image, index) => (
                <li key={image.url} className="relative min-w-0 overflow-hidden rounded border border-neutral-200">
                  <img src={image.preview} alt={`图片${index + 1}`} className="aspect-4/3 w-full object-cover" />
                  {index === 0 ? <span className="absolute top-1 left-1 rounded bg-primary px-1.5 text-xs text-white">封面</span> : null}
                  <div className="flex flex-wrap justify-center gap-1 p-1">
                    <button type="button" className={smallButton} disabled={index === 0} onClick={() => set('images', moveImage(values.images, index, index - 1))} aria-label={`图片${index + 1}前移`}>
                      前移
                    </button>
                    <button type="button" className={smallButton} disabled={index === values.images.length - 1} onClick={() => set('images', moveImage(values.images, index, index + 1))} aria-label={`图片${index + 1}后移`}>
                      后移
                    </button>
                    <button type="button" className={smallButton} onClick={() => set('images', values.images.filter((_, at) => at !== index))} aria-label={`删除图片${index + 1}`}>
                      删除
                    </button>
                  </div>
                </li>
              ))}
              {values.images.length < LISTING_IMAGES_MAX ? (
                <li>
                  <button
                    type="button"
                    onClick={() => fileRef.current?.click()}
                    className={`flex aspect-4/3 w-full flex-col items-center justify-center gap-1 rounded border border-dashed border-neutral-300 text-sm text-neutral-500 hover:border-primary hover:text-primary ${focusRing}`}
                    aria-describedby={errors['images'] ? 'listing-images-error' : undefined}
                    aria-invalid={errors['images'] ? true : undefined}
                  >
                    {uploading > 0 ? <Spinner /> : <span aria-hidden="true" className="text-2xl leading-none">+</span>}
                    {uploading > 0 ? '上传中…' : '上传图片'}
                  </button>
                </li>
              ) : null}
            </ul>
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" multiple className="sr-only" tabIndex={-1} aria-label="选择图片文件" onChange={(event) => void addFiles(event)} />
            <p id="listing-images-error" role="alert" className="min-h-4 text-xs text-primary">
              {errors['images'] ?? ''}
            </p>
          </Section>

          <Section title="租金与租期">
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-3">
              <Row label="时租价格（元/小时）" error={errors['rental']} required>
                {(props) => <input {...props} inputMode="decimal" value={values.rental} placeholder="例如 4.5" onChange={(event) => set('rental', event.target.value)} className={inputClass} />}
              </Row>
              <Row label="押金（元）" error={errors['deposit']} hint="0 为无押金">
                {(props) => <input {...props} inputMode="decimal" value={values.deposit} onChange={(event) => set('deposit', event.target.value)} className={inputClass} />}
              </Row>
              <Row label="最少租赁时长（小时）" error={errors['min_rental_period']}>
                {(props) => <input {...props} inputMode="numeric" value={values.min_rental_period} onChange={(event) => set('min_rental_period', event.target.value)} className={inputClass} />}
              </Row>
            </div>
            <div>
              <p className="mb-1 text-sm text-neutral-700">租赁方式（右侧为按时租价格计算的建议价）</p>
              <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
                {suggestedPrices(hourlyFen ?? 0).map((price) => (
                  <Check
                    key={price.option}
                    label={price.label}
                    checked={price.flag === null ? true : values.rental_period[price.flag]}
                    disabled={price.flag === null}
                    onChange={(checked) => {
                      if (price.flag) set('rental_period', { ...values.rental_period, [price.flag]: checked });
                    }}
                    trailing={
                      <span className="ml-auto text-xs text-neutral-500 tabular-nums">
                        {hourlyFen === null ? '—' : `建议 ¥${fenToYuanShort(price.priceFen)}`}
                        {price.option !== 'hourly' ? `（${price.hours}小时）` : ''}
                      </span>
                    }
                  />
                ))}
              </div>
            </div>
            <div className="grid gap-x-4 gap-y-2 sm:max-w-lg sm:grid-cols-2">
              <Row label="每日可租开始" error={errors['rental_time']} hint="24小时制，00:00-23:59 为全天">
                {(props) => (
                  <ClockSelect
                    id={props.id}
                    label="每日可租开始"
                    value={values.rental_from}
                    invalid={props['aria-invalid'] === true}
                    {...(props['aria-describedby'] ? { describedBy: props['aria-describedby'] } : {})}
                    onChange={(value) => {
                      set('rental_from', value);
                      setErrors((current) => ({ ...current, rental_time: undefined }));
                    }}
                  />
                )}
              </Row>
              <Row label="每日可租结束">
                {(props) => (
                  <ClockSelect
                    id={props.id}
                    label="每日可租结束"
                    value={values.rental_to}
                    onChange={(value) => {
                      set('rental_to', value);
                      setErrors((current) => ({ ...current, rental_time: undefined }));
                    }}
                  />
                )}
              </Row>
            </div>
          </Section>

          <Section title="服务">
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              <Check label="支持议价" checked={values.is_use_bargain} onChange={(checked) => set('is_use_bargain', checked)} />
              <Check label="参与VIP折扣" checked={values.is_use_vip_discount} onChange={(checked) => set('is_use_vip_discount', checked)} />
              <Check label="提供保险" checked={values.is_insurance} onChange={(checked) => set('is_insurance', checked)} />
              <Check label="允许预约" checked={values.is_reservation} onChange={(checked) => set('is_reservation', checked)} />
            </div>
          </Section>

          <Section title="登录信息">
            <p className="text-sm text-neutral-500">加密保存，仅在租期内向租客展示。{mode === 'edit' ? '不修改请将密码留空；出租中的账号不能修改登录信息。' : ''}</p>
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              <Row label="登录账号" error={errors['login_account']} required={mode === 'new'}>
                {(props) => <input {...props} autoComplete="off" value={values.login_account} maxLength={64} onChange={(event) => set('login_account', event.target.value)} className={inputClass} />}
              </Row>
              <Row label="登录密码" error={errors['login_password']} required={mode === 'new'}>
                {(props) => (
                  <input
                    {...props}
                    type="password"
                    autoComplete="new-password"
                    value={values.login_password}
                    maxLength={64}
                    placeholder={mode === 'edit' ? '不修改请留空' : undefined}
                    onChange={(event) => set('login_password', event.target.value)}
                    className={inputClass}
                  />
                )}
              </Row>
            </div>
            {mode === 'edit' ? (
              <p className="text-sm text-neutral-600">
                {shownPassword === null ? (
                  <button type="button" onClick={() => void showPassword()} className={`text-primary underline ${focusRing}`}>
                    查看当前密码
                  </button>
                ) : (
                  <>
                    当前密码：<span className="font-mono break-all">{shownPassword}</span>
                  </>
                )}
              </p>
            ) : null}
          </Section>
        </>
      ) : (
        <p className="text-sm text-neutral-500">请先选择游戏，再填写账号信息。</p>
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-neutral-200 pt-4">
        <button
          type="submit"
          aria-disabled={saving || uploading > 0}
          className={`inline-flex min-h-10 items-center gap-2 rounded bg-primary px-6 text-sm font-medium text-white hover:bg-primary-dark aria-disabled:opacity-60 ${focusRing}`}
        >
          {saving ? <Spinner /> : null}
          {mode === 'new' ? '发布账号' : '保存修改'}
        </button>
        <a href={SELLER_LISTINGS_HREF} className={`text-sm text-neutral-600 hover:text-primary ${focusRing}`}>
          返回列表
        </a>
        {options.review_enabled ? <span className="text-xs text-neutral-500">{mode === 'new' ? '发布后需审核，通过后上架' : '价格变动较大时需重新审核'}</span> : null}
      </div>
    </form>
  );
}

function listingIdFromAddress(): number | null {
  const raw = new URLSearchParams(location.search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

function Loader({ mode }: { mode: 'new' | 'edit' }): ReactNode {
  const [id] = useState(() => (mode === 'edit' ? listingIdFromAddress() : null));
  const { remote, reload } = useRemote(async (signal) => {
    const [options, listing] = await Promise.all([getSellerListingOptions({ signal }), id === null ? Promise.resolve(null) : getSellerListing(id, { signal })]);
    return { options, listing };
  }, `${mode}:${id}`);
  if (mode === 'edit' && id === null) return <LoadFailed text="缺少账号编号" onRetry={() => location.assign(SELLER_LISTINGS_HREF)} />;
  if (remote.kind === 'loading') return <Skeleton lines={8} className="py-4" />;
  if (remote.kind === 'failed') return <LoadFailed text={mode === 'edit' ? '获取账号信息失败' : '获取表单选项失败'} onRetry={reload} />;
  return <Form mode={mode} options={remote.data.options} listing={remote.data.listing} />;
}

/** /seller/listings/new and /seller/listings/edit?id=N: the listing form. */
export default function ListingForm({ title, mode }: { title: string; mode: 'new' | 'edit' }): ReactNode {
  return <SellerGate title={title}>{() => <Loader mode={mode} />}</SellerGate>;
}
