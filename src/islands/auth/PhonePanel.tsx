import type { ReactNode } from 'react';
import { mobileLogin, sendSms } from '../../lib/api/auth';
import { completeLogin } from '../../lib/stores/auth';
import { validatePhone, validatePhoneForSms, validateSmsCode } from '../../lib/rules/validation';
import { DebounceButton } from '../ui/DebounceButton';
import { useAgreement } from './AgreementCheckbox';
import { Field, submitClass } from './Field';
import { SmsCodeButton } from './SmsCodeButton';
import { focusField, keepSubmitLocal, runAction, useFormFields } from './use-form-fields';

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
      <Field label="手机号" type="tel" inputMode="numeric" autoComplete="tel" placeholder="请输入手机号码" {...form.bind('mobile')} />
      <Field
        label="验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="请输入验证码"
        {...form.bind('code')}
        trailing={
          <SmsCodeButton
            recipient={form.values.mobile}
            validate={validatePhoneForSms}
            onInvalid={(message) => {
              form.setError('mobile', message);
              focusField(form.formRef, 'mobile');
            }}
            send={(verifyKey) => sendSms({ mobile: form.values.mobile, verify_key: verifyKey, action: 'login' })}
            onSent={() => focusField(form.formRef, 'code')}
          />
        }
      />
      {agreement.element}
      <DebounceButton type="submit" onAction={submit} className={`mt-2 ${submitClass}`}>
        登录
      </DebounceButton>
    </form>
  );
}
