import { useEffect, useState, type ReactNode } from 'react';
import { bindPhone } from '~/features/sign-in/client/auth';
import { validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { completeLogin } from '~/features/sign-in/session';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { PhoneCodeFields } from '~/features/sign-in/ui/CodeFields';
import { submitClass } from '~/platform/ui/Field';
import { SignedInCard } from '~/features/sign-in/ui/SignedInCard';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

export const BIND_LINK_INVALID_MSG = '链接无效或已过期';

/** /bind?temp_token=: a third-party sign-in without a phone binds one, then is signed in (spec §6). */
export default function BindPhoneForm(): ReactNode {
  // undefined until read from the URL in the browser (the server has no query for the island).
  const [tempToken, setTempToken] = useState<string | null | undefined>(undefined);
  const [bound, setBound] = useState(false);
  const form = useFormFields({ mobile: validatePhone, code: validateSmsCode }, { mobile: '', code: '' });

  useEffect(() => {
    setTempToken(new URLSearchParams(window.location.search).get('temp_token')?.trim() || null);
    // The token is a credential: keep it in memory only, out of history, bookmarks and Referer.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  if (tempToken === undefined) return null;
  if (bound) return <SignedInCard title="绑定成功，你已登录" />;
  if (tempToken === null) {
    return <EmptyState type={3} text={BIND_LINK_INVALID_MSG} action={<a href="/" className="text-sm text-primary hover:underline">返回首页</a>} />;
  }

  async function submit(): Promise<void> {
    if (!form.checkAll() || !tempToken) return;
    await runAction(async () => {
      completeLogin(await bindPhone({ temp_token: tempToken, mobile: form.values.mobile, code: form.values.code }));
      setBound(true);
    }, '绑定失败，请稍后重试');
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="mx-auto flex w-full max-w-md flex-col gap-2 rounded-lg bg-white p-6 shadow-sm">
      <p className="mb-2 text-sm text-gray-600">当前账号未绑定手机号，绑定后即可登录。</p>
      <PhoneCodeFields form={form} action="bind" />
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        绑定并登录
      </DebounceButton>
    </form>
  );
}
