import type { ReactNode } from 'react';
import { mobileLogin } from '~/features/sign-in/client/auth';
import { completeLogin } from '~/features/sign-in/session';
import { validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { useAgreement } from '~/features/sign-in/ui/AgreementCheckbox';
import { PhoneCodeFields } from '~/features/sign-in/ui/CodeFields';
import { submitClass } from '~/platform/ui/Field';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

import { LOGIN_FAILED_MSG } from '~/features/sign-in/constants';

export { LOGIN_FAILED_MSG };

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
