import { useEffect, type ReactNode } from 'react';
import { register } from '~/features/sign-in/client/auth';
import { preloadRsa } from '~/features/sign-in/client/auth-crypto';
import { browserFingerprint } from '~/platform/client/fingerprint';
import { validatePassword, validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { completeLogin } from '~/features/sign-in/session';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { useAgreement } from '~/features/sign-in/ui/AgreementCheckbox';
import { PhoneCodeFields } from '~/features/sign-in/ui/CodeFields';
import { Field, submitClass } from '~/platform/ui/Field';
import { captureInviteCode } from '~/features/sign-in/ui/invite-code';
import { browserStorage } from '~/features/sign-in/ui/sms-countdown';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

export const REGISTER_FAILED_MSG = '注册失败，请稍后重试';

const noCheck = (): null => null;

/** spec §4 register mode (also the /register and /rank_register pages). */
export function RegisterPanel(): ReactNode {
  const form = useFormFields(
    { mobile: validatePhone, code: validateSmsCode, password: validatePassword, invite: noCheck },
    { mobile: '', code: '', password: '', invite: '' },
  );
  const agreement = useAgreement();

  useEffect(() => {
    preloadRsa();
    const invite = captureInviteCode(window.location.search, browserStorage());
    if (invite) form.set('invite', invite);
    // Once, when the panel first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(): Promise<void> {
    if (!form.checkAll() || !(await agreement.ensure())) return;
    const { mobile, code, password, invite } = form.values;
    await runAction(async () => {
      completeLogin(await register({ mobile, code, password, invite: invite.trim() || undefined, fingerprint: await browserFingerprint() }));
    }, REGISTER_FAILED_MSG);
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-2">
      <PhoneCodeFields form={form} action="register" />
      <Field label="密码" type="password" autoComplete="new-password" placeholder="8-30位字母、数字或下划线" {...form.bind('password')} />
      <Field label="邀请码（选填）" autoComplete="off" maxLength={32} placeholder="没有可不填" {...form.bind('invite')} />
      {agreement.element}
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        注册
      </DebounceButton>
    </form>
  );
}
