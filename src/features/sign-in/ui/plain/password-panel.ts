/**
 * spec §4 username mode without a framework (issue 27): username or phone + password, RSA-
 * encrypted and signed (spec §5) through the same client as every other sign-in. Remember me's
 * AES and the -410 slider are fetched only when needed.
 */
import { login } from '~/features/sign-in/client/auth';
import { preloadRsa } from '~/features/sign-in/client/auth-crypto';
import { forgetLogin, hasRememberedLogin } from '~/features/sign-in/client/remember-keys';
import { isApiError } from '~/platform/client/errors';
import { browserFingerprint } from '~/platform/client/fingerprint';
import { CODE_PASSWORD_CAPTCHA_REQUIRED, LOGIN_FAILED_MSG } from '~/features/sign-in/constants';
import { PASSWORD_CAPTCHA_REQUIRED_MSG } from '~/platform/rules/login-state';
import { validateLoginName, validatePassword } from '~/platform/rules/validation';
import { completeLogin } from '~/features/sign-in/session';
import { submitClass } from '~/platform/ui/field-classes';
import { runAction } from '~/platform/ui/run-action';
import { agreement, checkAll, debounceSubmit, field, h, uniqueId } from '~/features/sign-in/ui/plain/dom';

export interface PasswordPanel {
  element: HTMLFormElement;
  /** Takes down what it mounted (the slider's React root, if the -410 brought one). */
  stop(): void;
}

/** `onForgot`: 忘记密码？ leaves for /rstpwd, so the dialog closes. */
export function passwordPanel(onForgot: () => void): PasswordPanel {
  const username = field('手机号/用户名', validateLoginName, { name: 'username', autocomplete: 'username', maxlength: 20, placeholder: '请输入手机号/用户名' });
  const password = field('密码', validatePassword, { name: 'password', type: 'password', autocomplete: 'current-password', placeholder: '请输入密码' });
  const rememberId = uniqueId('login-remember');
  const remember = h('input', { id: rememberId, type: 'checkbox', class: 'h-4 w-4 accent-primary' });
  remember.addEventListener('change', () => {
    if (!remember.checked) forgetLogin();
  });
  const forgot = h('a', { href: '/rstpwd', class: 'hover:text-primary' }, ['忘记密码？']);
  forgot.addEventListener('click', onForgot);
  const consent = agreement();
  // spec §5: after a -410 every later attempt carries a solved slider.
  let captchaRequired = false;
  const captchaNote = h('p', { role: 'status', class: 'text-xs text-primary' }, [`${PASSWORD_CAPTCHA_REQUIRED_MSG}：登录前需完成安全验证`]);
  const captchaSlot = h('div');
  let stopCaptcha: (() => void) | null = null;

  const form = h('form', { novalidate: true, class: 'flex flex-col gap-2' });
  const submit = debounceSubmit(form, '登录', `mt-2 ${submitClass}`, async () => {
    if (!checkAll([username, password]) || !(await consent.ensure())) return;
    let verifyKey: string | undefined;
    if (captchaRequired) {
      const { askCaptcha } = await import('~/features/sign-in/ui/plain/react-parts');
      const asked = askCaptcha(captchaSlot, 'login');
      stopCaptcha = asked.stop;
      verifyKey = (await asked.key) ?? undefined;
      if (!verifyKey) return;
    }
    const name = username.input.value;
    const secret = password.input.value;
    await runAction(async () => {
      try {
        const answer = await login({ username: name, password: secret, verify_key: verifyKey, fingerprint: await browserFingerprint() });
        if (remember.checked) (await import('~/features/sign-in/client/remember-login')).rememberLogin(name, secret);
        else forgetLogin();
        completeLogin(answer);
      } catch (error) {
        if (isApiError(error) && error.code === CODE_PASSWORD_CAPTCHA_REQUIRED && !captchaRequired) {
          captchaRequired = true;
          submit.before(captchaNote);
        }
        throw error;
      }
    }, LOGIN_FAILED_MSG);
  });

  // Its answer is a toast (登录成功！ or the server's refusal): the page chrome starts fetching the
  // toaster on this click, so it is up when the answer comes (a toast lasts 3 s from its push).
  submit.setAttribute('data-needs-toaster', '');

  form.append(
    username.element,
    password.element,
    h('div', { class: 'flex items-center justify-between text-xs text-gray-600' }, [
      h('span', { class: 'flex items-center gap-2' }, [remember, h('label', { for: rememberId }, ['记住我'])]),
      forgot,
    ]),
    consent.element,
    submit,
    captchaSlot,
  );

  preloadRsa();
  if (hasRememberedLogin()) {
    void import('~/features/sign-in/client/remember-login').then(({ recallLogin }) => {
      const saved = recallLogin();
      if (!saved) return;
      username.input.value = saved.username;
      password.input.value = saved.password;
      remember.checked = true;
    }, console.error);
  }
  return { element: form, stop: () => stopCaptcha?.() };
}
