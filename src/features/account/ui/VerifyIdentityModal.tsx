import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { sendVerifyCode, verifyIdentity } from '~/features/account/client/account';
import { REAUTH_WINDOW_S } from '~/features/account/constants';
import { SmsCodeButton } from '~/features/sign-in/ui/SmsCodeButton';
import { validateSmsCode } from '~/platform/rules/validation';
import { $auth } from '~/platform/stores/auth';
import { Field, submitClass } from '~/platform/ui/Field';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import type { IdentitySettled } from '~/platform/ui/reauth';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { focusField, keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

export const VERIFY_IDENTITY_TITLE = '验证身份';
export const VERIFY_IDENTITY_INTRO = `为了账号安全，请先验证身份。验证后${Math.round(REAUTH_WINDOW_S / 60)}分钟内在本设备上无需重复验证。`;
export const VERIFY_IDENTITY_NO_PROOF = '当前账号未设置登录密码，也未绑定手机号，请退出后重新登录再操作。';

type Method = 'password' | 'sms';

/**
 * The 验证身份 dialog of the re-authentication window (platform/ui/reauth.ts opens it when a
 * change answers CODE_REAUTH_REQUIRED): the login password, or an SMS code to the bound phone
 * shown masked. Proved, it tells the opener, which retries the change once.
 */
export default function VerifyIdentityModal({ props, onClose }: ModalContentProps): ReactNode {
  const user = useStore($auth).user;
  const hasPassword = user?.['has_password'] === true;
  const mobile = typeof user?.mobile === 'string' && user.mobile !== '' ? user.mobile : null;
  const [method, setMethod] = useState<Method>(hasPassword ? 'password' : 'sms');
  const settled = props['onSettled'] as IdentitySettled | undefined;

  const form = useFormFields(
    {
      password: (value: string) => (method === 'password' && value === '' ? '请输入登录密码' : null),
      code: (value: string) => (method === 'sms' ? validateSmsCode(value) : null),
    },
    { password: '', code: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      await verifyIdentity(method === 'password' ? { password: form.values.password } : { code: form.values.code });
      settled?.(true);
      onClose();
    }, '验证失败，请稍后重试');
  }

  const canProve = hasPassword || mobile !== null;
  return (
    <Modal open title={VERIFY_IDENTITY_TITLE} width={420} onClose={onClose}>
      {canProve ? (
        <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-1" aria-label={VERIFY_IDENTITY_TITLE}>
          <p className="mb-3 text-sm text-neutral-600">{VERIFY_IDENTITY_INTRO}</p>
          {hasPassword && mobile ? (
            <div role="radiogroup" aria-label="验证方式" className="mb-2 flex gap-5 text-sm">
              {(['password', 'sms'] as const).map((value) => (
                <label key={value} className="flex cursor-pointer items-center gap-1.5">
                  <input type="radio" name="identity-method" checked={method === value} onChange={() => setMethod(value)} className="accent-primary" />
                  {value === 'password' ? '使用登录密码' : '使用短信验证码'}
                </label>
              ))}
            </div>
          ) : null}
          {method === 'password' ? (
            <Field label="登录密码" type="password" autoComplete="current-password" placeholder="请输入当前登录密码" {...form.bind('password')} />
          ) : (
            <Field
              label={`短信验证码（发送至 ${mobile ?? ''}）`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入验证码"
              {...form.bind('code')}
              trailing={
                <SmsCodeButton
                  recipient={`own-sms:${user?.id ?? ''}`}
                  validate={() => null}
                  onInvalid={() => undefined}
                  send={(verifyKey) => sendVerifyCode({ channel: 'sms', verify_key: verifyKey })}
                  onSent={() => focusField(form.formRef, 'code')}
                />
              }
            />
          )}
          <div className="mt-2 flex gap-3">
            <button type="button" onClick={onClose} className="w-full rounded border border-neutral-300 px-4 py-2.5 text-sm text-neutral-700 hover:bg-neutral-50">
              取消
            </button>
            <DebounceButton type="submit" onAction={submit} className={submitClass}>
              确认
            </DebounceButton>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-neutral-700">{VERIFY_IDENTITY_NO_PROOF}</p>
          <button type="button" onClick={onClose} className={submitClass}>
            知道了
          </button>
        </div>
      )}
    </Modal>
  );
}
