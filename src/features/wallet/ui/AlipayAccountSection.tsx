import { useId, useState, type ReactNode } from 'react';
import { bindAlipayAccount, type AlipayAccount } from '~/features/wallet/client/money';
import { validateRealName } from '~/platform/rules/validation';
import { showSuccess } from '~/platform/stores/ui';
import { Field } from '~/platform/ui/Field';
import { keepSubmitLocal, useFormFields } from '~/platform/ui/use-form-fields';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Skeleton } from '~/platform/ui/Skeleton';
import { settle } from '~/features/wallet/ui/actions';
import { validateAlipayAccount } from '~/features/wallet/ui/alipay-account';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { withIdentity } from '~/platform/ui/reauth';
import { focusRing, primaryButton, sectionCard } from '~/features/wallet/ui/ui';
import type { Remote } from '~/platform/ui/use-remote';

export const ALIPAY_BOUND_MSG = '支付宝账户已绑定';

export interface AlipayAccountSectionProps {
  remote: Remote<AlipayAccount | null>;
  onRetry(): void;
  onBound(account: AlipayAccount): void;
}

/** Section 1 of 提现: the Alipay account money goes to; bind one, or see it and 更换. */
export function AlipayAccountSection({ remote, onRetry, onBound }: AlipayAccountSectionProps): ReactNode {
  const titleId = useId();
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (remote.kind === 'loading') body = <Skeleton lines={2} />;
  else if (remote.kind === 'failed') body = <LoadFailed text="获取支付宝账户失败" onRetry={onRetry} />;
  else if (remote.data === null || editing) {
    body = (
      <>
        {remote.data === null ? <p className="mb-3 text-sm text-neutral-600">绑定支付宝账户后即可申请提现，提现金额将打入该账户。</p> : null}
        <AlipayAccountForm
        onCancel={remote.data === null ? null : () => setEditing(false)}
        onBound={(account) => {
          setEditing(false);
          onBound(account);
        }}
        />
      </>
    );
  } else {
    body = <BoundAccount account={remote.data} onChange={() => setEditing(true)} />;
  }

  return (
    <section aria-labelledby={titleId} className={sectionCard}>
      <h2 id={titleId} className="mb-3 text-base font-medium text-neutral-900">
        支付宝账户
      </h2>
      {body}
    </section>
  );
}

export function BoundAccount({ account, onChange }: { account: AlipayAccount; onChange(): void }): ReactNode {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-neutral-600">账号</dt>
          <dd className="text-neutral-900 tabular-nums">{account.account_masked}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-neutral-600">姓名</dt>
          <dd className="text-neutral-900">{account.real_name}</dd>
        </div>
      </dl>
      <button type="button" onClick={onChange} className={`rounded border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`}>
        更换
      </button>
    </div>
  );
}

interface AlipayAccountFormProps {
  /** null when there is no account to go back to. */
  onCancel: (() => void) | null;
  onBound(account: AlipayAccount): void;
}

function AlipayAccountForm({ onCancel, onBound }: AlipayAccountFormProps): ReactNode {
  const form = useFormFields({ account: validateAlipayAccount, real_name: validateRealName }, { account: '', real_name: '' });
  const [failure, setFailure] = useState<string | null>(null);

  async function bind(): Promise<void> {
    setFailure(null);
    if (!form.checkAll()) return;
    // A payout account needs this session's re-authentication window: the 验证身份 dialog, then once more.
    const outcome = await settle(() => withIdentity(() => bindAlipayAccount(form.values.account.trim(), form.values.real_name.trim())));
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    showSuccess(ALIPAY_BOUND_MSG);
    onBound(outcome.value.account);
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex max-w-md flex-col gap-2">
      <Field label="支付宝账号" autoComplete="off" placeholder="手机号或邮箱" {...form.bind('account')} />
      <Field label="真实姓名" autoComplete="name" placeholder="需与实名认证的姓名一致" {...form.bind('real_name')} />
      <p role="alert" className="min-h-[1.25rem] text-sm text-primary">
        {failure ?? ''}
      </p>
      <div className="flex gap-3">
        <DebounceButton type="submit" onAction={bind} className={primaryButton}>
          {onCancel ? '确认更换' : '绑定'}
        </DebounceButton>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`rounded border border-neutral-300 px-5 py-2 text-sm text-neutral-700 hover:bg-neutral-50 ${focusRing}`}>
            取消
          </button>
        ) : null}
      </div>
    </form>
  );
}
