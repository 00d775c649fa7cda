import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { resetPassword, resetPasswordByEmail, sendEmailCode } from '~/features/sign-in/client/auth';
import { preloadRsa } from '~/features/sign-in/client/auth-crypto';
import { validatePassword, validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { logout } from '~/platform/stores/auth';
import { openLogin, showSuccess } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { validateEmail } from '~/features/sign-in/ui/email';
import { CodeField, PhoneCodeFields } from '~/features/sign-in/ui/CodeFields';
import { Field, submitClass } from '~/platform/ui/Field';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

export const PASSWORD_RESET_MSG = '密码已重置，请重新登录';
const RESET_FAILED_MSG = '重置失败，请稍后重试';

type Way = 'phone' | 'email';
const WAYS: ReadonlyArray<{ way: Way; label: string }> = [
  { way: 'phone', label: '手机号找回' },
  { way: 'email', label: '邮箱找回' },
];

/** Every session of the user was revoked: sign in again with the new password. */
function afterReset(): void {
  logout();
  showSuccess(PASSWORD_RESET_MSG);
  openLogin('username');
}

/** /rstpwd: reset the password by an SMS or an email code. */
export default function ResetPasswordForm(): ReactNode {
  const [way, setWay] = useState<Way>('phone');
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = way === 'phone' ? 1 : 0;
    setWay(WAYS[next]!.way);
    tabs.current[next]?.focus();
  }

  return (
    <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm">
      <div role="tablist" aria-label="找回方式" className="mb-4 flex border-b border-gray-200">
        {WAYS.map((item, index) => (
          <button
            key={item.way}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.way}`}
            aria-selected={item.way === way}
            aria-controls={`${baseId}-panel-${item.way}`}
            tabIndex={item.way === way ? 0 : -1}
            onClick={() => setWay(item.way)}
            onKeyDown={onKeyDown}
            className={`-mb-px flex-1 border-b-2 px-2 py-2.5 text-sm ${item.way === way ? 'border-primary font-semibold text-primary' : 'border-transparent text-gray-600 hover:text-gray-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      {WAYS.map((item) => (
        <div key={item.way} role="tabpanel" id={`${baseId}-panel-${item.way}`} aria-labelledby={`${baseId}-tab-${item.way}`} hidden={item.way !== way}>
          {item.way === 'phone' ? <PhoneReset /> : <EmailReset />}
        </div>
      ))}
    </div>
  );
}

function PhoneReset(): ReactNode {
  const form = useFormFields({ mobile: validatePhone, code: validateSmsCode, password: validatePassword }, { mobile: '', code: '', password: '' });
  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      await resetPassword({ mobile: form.values.mobile, code: form.values.code, password: form.values.password });
      afterReset();
    }, RESET_FAILED_MSG);
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} onFocus={preloadRsa} className="flex flex-col gap-2">
      <PhoneCodeFields form={form} action="reset" />
      <Field label="新密码" type="password" autoComplete="new-password" placeholder="8-30位字母、数字或下划线" {...form.bind('password')} />
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        重置密码
      </DebounceButton>
    </form>
  );
}

function EmailReset(): ReactNode {
  const form = useFormFields({ email: validateEmail, code: validateSmsCode, password: validatePassword }, { email: '', code: '', password: '' });
  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      await resetPasswordByEmail({ email: form.values.email, code: form.values.code, password: form.values.password });
      afterReset();
    }, RESET_FAILED_MSG);
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} onFocus={preloadRsa} className="flex flex-col gap-2">
      <Field label="邮箱" type="email" autoComplete="email" placeholder="请输入邮箱" {...form.bind('email')} />
      <CodeField
        form={form}
        recipientField="email"
        validateRecipient={validateEmail}
        send={(verifyKey) => sendEmailCode({ email: form.values.email, verify_key: verifyKey })}
        sentText="如该邮箱已绑定账号，验证码已发送"
      />
      <Field label="新密码" type="password" autoComplete="new-password" placeholder="8-30位字母、数字或下划线" {...form.bind('password')} />
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        重置密码
      </DebounceButton>
    </form>
  );
}
