import { useEffect, useId, useState, type ReactNode } from 'react';
import { login } from '~/features/sign-in/client/auth';
import { forgetLogin, preloadRsa, recallLogin, rememberLogin } from '~/features/sign-in/client/auth-crypto';
import { isApiError } from '~/platform/client/errors';
import { browserFingerprint } from '~/platform/client/fingerprint';
import { CODE_PASSWORD_CAPTCHA_REQUIRED } from '~/features/sign-in/constants';
import { PASSWORD_CAPTCHA_REQUIRED_MSG } from '~/platform/rules/login-state';
import { validateLoginName, validatePassword } from '~/platform/rules/validation';
import { completeLogin } from '~/features/sign-in/session';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { useAgreement } from '~/features/sign-in/ui/AgreementCheckbox';
import { Field, submitClass } from '~/platform/ui/Field';
import { LOGIN_FAILED_MSG } from '~/features/sign-in/ui/PhonePanel';
import { useSliderCaptcha } from '~/features/sign-in/ui/SliderCaptcha';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

/** spec §4 username mode: username or phone + password, RSA-encrypted and signed (spec §5). */
export function UsernamePanel({ onForgot }: { onForgot?(): void }): ReactNode {
  const form = useFormFields({ username: validateLoginName, password: validatePassword }, { username: '', password: '' });
  const agreement = useAgreement();
  const captcha = useSliderCaptcha();
  const [remember, setRemember] = useState(false);
  // spec §5: after a -410 every later attempt carries a solved slider.
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const rememberId = useId();

  useEffect(() => {
    preloadRsa();
    const saved = recallLogin();
    if (saved) {
      form.set('username', saved.username);
      form.set('password', saved.password);
      setRemember(true);
    }
    // Once, when the panel first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(): Promise<void> {
    if (!form.checkAll() || !(await agreement.ensure())) return;
    let verifyKey: string | undefined;
    if (captchaRequired) {
      verifyKey = (await captcha.ask('login')) ?? undefined;
      if (!verifyKey) return;
    }
    const { username, password } = form.values;
    await runAction(async () => {
      try {
        const answer = await login({ username, password, verify_key: verifyKey, fingerprint: await browserFingerprint() });
        if (remember) rememberLogin(username, password);
        else forgetLogin();
        completeLogin(answer);
      } catch (error) {
        if (isApiError(error) && error.code === CODE_PASSWORD_CAPTCHA_REQUIRED) setCaptchaRequired(true);
        throw error;
      }
    }, LOGIN_FAILED_MSG);
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-2">
      <Field label="手机号/用户名" autoComplete="username" maxLength={20} placeholder="请输入手机号/用户名" {...form.bind('username')} />
      <Field label="密码" type="password" autoComplete="current-password" placeholder="请输入密码" {...form.bind('password')} />
      <div className="flex items-center justify-between text-xs text-gray-600">
        <span className="flex items-center gap-2">
          <input
            id={rememberId}
            type="checkbox"
            checked={remember}
            onChange={(event) => {
              setRemember(event.target.checked);
              if (!event.target.checked) forgetLogin();
            }}
            className="h-4 w-4 accent-primary"
          />
          <label htmlFor={rememberId}>记住我</label>
        </span>
        <a href="/rstpwd" onClick={onForgot} className="hover:text-primary">
          忘记密码？
        </a>
      </div>
      {agreement.element}
      {captchaRequired ? (
        <p role="status" className="text-xs text-primary">
          {PASSWORD_CAPTCHA_REQUIRED_MSG}：登录前需完成安全验证
        </p>
      ) : null}
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        登录
      </DebounceButton>
      {captcha.element}
    </form>
  );
}
