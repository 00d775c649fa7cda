import type { ReactNode } from 'react';
import { sendSms, type SmsAction } from '~/features/sign-in/client/auth';
import { validatePhoneForSms } from '~/platform/rules/validation';
import { Field } from '~/platform/ui/Field';
import { SmsCodeButton } from '~/features/sign-in/ui/SmsCodeButton';
import { focusField, type FormFields } from '~/platform/ui/use-form-fields';

export interface CodeFieldProps<K extends string> {
  form: FormFields<K | 'code'>;
  /** The field holding where the code goes (mobile or email). */
  recipientField: K;
  /** Checked before the slider (spec §5: 请检查手机号输入是否有误 for a phone). */
  validateRecipient(value: string): string | null;
  send(verifyKey: string): Promise<unknown>;
  sentText?: string;
}

/** The 验证码 field with its 获取验证码 button (slider, send, 60 s countdown), for any recipient. */
export function CodeField<K extends string>({ form, recipientField, validateRecipient, send, sentText }: CodeFieldProps<K>): ReactNode {
  return (
    <Field
      label="验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="请输入验证码"
      {...form.bind('code')}
      trailing={
        <SmsCodeButton
          recipient={form.values[recipientField]}
          validate={validateRecipient}
          onInvalid={(message) => {
            form.setError(recipientField, message);
            focusField(form.formRef, recipientField);
          }}
          send={send}
          sentText={sentText}
          onSent={() => focusField(form.formRef, 'code')}
        />
      }
    />
  );
}

/** 手机号 and 验证码: the pair every SMS form starts with (phone login, register, bind, reset). */
export function PhoneCodeFields({ form, action }: { form: FormFields<'mobile' | 'code'>; action: SmsAction }): ReactNode {
  return (
    <>
      <Field label="手机号" type="tel" inputMode="numeric" autoComplete="tel" placeholder="请输入手机号码" {...form.bind('mobile')} />
      <CodeField
        form={form}
        recipientField="mobile"
        validateRecipient={validatePhoneForSms}
        send={(verifyKey) => sendSms({ mobile: form.values.mobile, verify_key: verifyKey, action })}
      />
    </>
  );
}

