import type { ReactNode } from 'react';
import { mobileLogin } from '~/lib/api/auth';
import { completeLogin } from '~/lib/stores/session';
import { validatePhone, validateSmsCode } from '~/lib/rules/validation';
import { DebounceButton } from '~/islands/ui/DebounceButton';
import { useAgreement } from '~/islands/auth/AgreementCheckbox';
import { PhoneCodeFields } from '~/islands/auth/CodeFields';
import { submitClass } from '~/islands/auth/Field';
import { keepSubmitLocal, runAction, useFormFields } from '~/islands/auth/use-form-fields';

export const LOGIN_FAILED_MSG = '登录失败';

/** spec §4 phone mode: phone + SMS code (an unknown phone gets a new account). */
export function PhonePanel(): ReactNode {
  const form = useFormFields({ mobile: validatePhone, code: validateSmsCode }, { mobile: '', code: '' });
  const agreement = useAgreement();

  async function submit(): Promise<void> {
    if (!form.checkAll() || !(await agreement.ensure())) return;
    await runAction(async () => {
      completeLogin(await mobileLogin({ mobile: form.values.mobile, code: form.values.code }));
    }, LOGIN_FAILED_MSG);
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-2">
      <PhoneCodeFields form={form} action="login" />
      {agreement.element}
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        登录
      </DebounceButton>
    </form>
  );
}
