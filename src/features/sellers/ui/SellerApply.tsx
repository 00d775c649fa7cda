import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import {
  CERT_TYPE_LABEL,
  certificationBodySchema,
  getSellerProfile,
  submitCertification,
  withdrawCertification,
  type CertificationView,
  type SellerProfile,
} from '~/features/sellers/client/seller';
import { routeByName } from '~/platform/config/routes';
import type { CertType } from '~/features/sellers/rules/settlement';
import { $auth } from '~/platform/stores/auth';
import { openModal, showSuccess } from '~/platform/stores/ui';
import LoginRequired from '~/platform/ui/LoginRequired';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { focusRing } from '~/platform/ui/focus-ring';
import { useRemote } from '~/platform/ui/use-remote';

const CERT_TYPES: readonly CertType[] = [0, 1, 2];
const CERT_TYPE_HINT: Readonly<Record<CertType, string>> = {
  0: '个人出租自己的游戏账号，实名认证后立即开通',
  1: '小型工作室或网店，提交主体资料，审核通过后开通',
  2: '企业商家，提交营业执照信息，审核通过后开通',
};
const DETAIL_FIELDS = [
  { name: 'company_name', label: '主体名称', placeholder: '营业执照上的名称', inputMode: 'text' },
  { name: 'license_no', label: '统一社会信用代码', placeholder: '18位代码', inputMode: 'text' },
  { name: 'contact_name', label: '联系人', placeholder: '负责人姓名', inputMode: 'text' },
  { name: 'contact_phone', label: '联系电话', placeholder: '11位手机号', inputMode: 'tel' },
] as const;
type DetailName = (typeof DETAIL_FIELDS)[number]['name'];
type FieldErrors = Partial<Record<'shop_name' | DetailName, string>>;

const inputClass = `mt-1 block w-full rounded border border-neutral-300 px-3 py-2 text-sm ${focusRing}`;

/** /seller/apply: apply to sell as an individual owner, a store or a merchant, and follow the review. */
export default function SellerApply({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Apply />
    </LoginRequired>
  );
}

function Apply(): ReactNode {
  const realNameNow = useStore($auth).user?.['is_real_name'] === true;
  // Verifying the real name in its modal updates the auth store: load the profile again then.
  const { remote, reload, replace } = useRemote((signal) => getSellerProfile({ signal }), `profile:${realNameNow}`);
  if (remote.kind === 'loading') return <Skeleton lines={6} className="py-6" />;
  if (remote.kind === 'failed') return <LoadFailed text="获取认证信息失败" onRetry={reload} />;
  return <ApplyBody profile={remote.data} onProfile={replace} />;
}

function ApplyBody({ profile, onProfile }: { profile: SellerProfile; onProfile(profile: SellerProfile): void }): ReactNode {
  const { certification, shop } = profile;
  const underReview = certification?.state === 'submitted';
  return (
    <div className="space-y-6">
      {shop ? (
        <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
          您已是{shop.cert_type_text}卖家（{shop.name}）。
          <a href={routeByName('seller').path} className="ml-1 underline">进入卖家中心</a>
        </p>
      ) : null}
      {certification && certification.state !== 'approved' ? <ApplicationState certification={certification} onProfile={onProfile} /> : null}
      {!profile.real_name_verified ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span>申请前请先完成实名认证</span>
          <button type="button" onClick={() => openModal('realName')} className={`rounded-full border border-amber-600 px-3 py-0.5 text-xs hover:bg-amber-100 ${focusRing}`}>
            去认证
          </button>
        </div>
      ) : null}
      {underReview ? null : <ApplicationForm profile={profile} onProfile={onProfile} />}
    </div>
  );
}

function ApplicationState({ certification, onProfile }: { certification: CertificationView; onProfile(profile: SellerProfile): void }): ReactNode {
  const rejected = certification.state === 'rejected';
  return (
    <section aria-label="申请状态" className={`rounded-lg px-4 py-3 text-sm ${rejected ? 'bg-red-50 text-red-800' : 'bg-blue-50 text-blue-900'}`}>
      <p>
        {certification.cert_type_text}认证「{certification.shop_name}」：<strong>{certification.state_text}</strong>
      </p>
      {rejected && certification.reject_reason ? <p className="mt-1">驳回原因：{certification.reject_reason}（修改后可重新提交）</p> : null}
      {certification.state === 'submitted' ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <span>平台将在1-3个工作日内完成审核</span>
          <DebounceButton
            onAction={async () => {
              onProfile(await withdrawCertification());
              showSuccess('已撤回申请');
            }}
            className={`rounded-full border border-blue-700 px-3 py-0.5 text-xs hover:bg-blue-100 ${focusRing}`}
          >
            撤回申请
          </DebounceButton>
        </div>
      ) : null}
    </section>
  );
}

function ApplicationForm({ profile, onProfile }: { profile: SellerProfile; onProfile(profile: SellerProfile): void }): ReactNode {
  const formId = useId();
  const previous = profile.certification;
  // Start from what was submitted before (a rejected application is corrected, not retyped).
  const [certType, setCertType] = useState<CertType>(previous && previous.state !== 'approved' ? previous.cert_type : profile.shop ? 1 : 0);
  const [shopName, setShopName] = useState(previous?.shop_name ?? profile.shop?.name ?? '');
  const [details, setDetails] = useState<Record<DetailName, string>>({
    company_name: previous?.details.company_name ?? '',
    license_no: previous?.state === 'approved' ? '' : (previous?.details.license_no ?? ''),
    contact_name: previous?.details.contact_name ?? '',
    contact_phone: previous?.details.contact_phone ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setFailure(null), [certType]);

  async function submit(): Promise<void> {
    setFailure(null);
    const body = certType === 0 ? { cert_type: 0, shop_name: shopName } : { cert_type: certType, shop_name: shopName, details };
    const parsed = certificationBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1);
        if (typeof field === 'string' && !(field in next)) next[field as keyof FieldErrors] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const answer = await submitCertification(parsed.data);
      onProfile(answer);
      if (answer.certification?.state === 'approved') {
        showSuccess('认证成功，现在可以发布账号了');
        window.location.assign(routeByName('seller').path);
      } else showSuccess('已提交，请等待审核');
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!error.cancelled) setFailure(error.msg);
    }
  }

  const field = (name: keyof FieldErrors) => ({ id: `${formId}-${name}`, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined });
  const errorText = (name: keyof FieldErrors) =>
    errors[name] ? (
      <p id={`${formId}-${name}-error`} className="mt-1 text-xs text-red-600">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label="卖家认证申请"
      className="max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-neutral-900">认证类型</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {CERT_TYPES.map((type) => (
            <label key={type} className={`flex cursor-pointer flex-col rounded-lg p-3 text-sm ring-1 ${certType === type ? 'bg-primary-light ring-primary' : 'ring-neutral-200'}`}>
              <span className="flex items-center gap-2">
                <input type="radio" name="cert_type" value={type} checked={certType === type} onChange={() => setCertType(type)} className="accent-primary" disabled={profile.shop?.cert_type === type} />
                <span className="font-medium">{CERT_TYPE_LABEL[type]}</span>
              </span>
              <span className="mt-1 text-xs text-neutral-500">{CERT_TYPE_HINT[type]}</span>
              <span className="mt-1 text-xs text-neutral-500">平台服务费 {profile.commission_percent[type]}%</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${formId}-shop_name`} className="text-sm font-medium text-neutral-900">
          店铺名称
        </label>
        <input {...field('shop_name')} value={shopName} maxLength={16} onChange={(event) => setShopName(event.target.value)} placeholder="2-16个字，租客在店铺页看到" className={inputClass} />
        {errorText('shop_name')}
      </div>
      {certType === 0 ? null : (
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-neutral-900">主体资料</legend>
          {DETAIL_FIELDS.map(({ name, label, placeholder, inputMode }) => (
            <div key={name}>
              <label htmlFor={`${formId}-${name}`} className="text-sm text-neutral-700">
                {label}
              </label>
              <input
                {...field(name)}
                inputMode={inputMode}
                value={details[name]}
                onChange={(event) => setDetails((current) => ({ ...current, [name]: event.target.value }))}
                placeholder={placeholder}
                className={inputClass}
              />
              {errorText(name)}
            </div>
          ))}
        </fieldset>
      )}
      <p className="text-xs text-neutral-500">
        租客支付的租金扣除平台服务费后计入您的收益，租期结束{profile.earnings_hold_hours}小时后（无未处理投诉）自动结算到余额，可随时提现。
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      ) : null}
      <DebounceButton onAction={submit} disabled={!profile.real_name_verified} className={`rounded-full bg-primary px-8 py-2 text-sm text-white hover:bg-primary-dark aria-disabled:opacity-50 ${focusRing}`}>
        {certType === 0 ? '立即开通' : '提交审核'}
      </DebounceButton>
    </form>
  );
}
