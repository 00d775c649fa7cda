import type { ReactNode } from 'react';
import { realName } from '~/features/sign-in/client/auth';
import { validateIdNumber, validateRealName } from '~/platform/rules/validation';
import { $auth, setUser } from '~/platform/stores/auth';
import { showSuccess } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import { Field, submitClass } from '~/platform/ui/Field';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';

export const REAL_NAME_SUCCESS_MSG = '实名认证成功';

/**
 * spec §6 real-name verification: needed before renting or recharging (later issues enforce
 * that), skippable for now with 暂不认证.
 */
export default function RealNameModal({ onClose }: ModalContentProps): ReactNode {
  const form = useFormFields(
    { name: validateRealName, id_number: (value: string) => validateIdNumber(value, new Date()) },
    { name: '', id_number: '' },
  );

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      const result = await realName({ name: form.values.name, id_number: form.values.id_number });
      const user = $auth.get().user;
      if (user) setUser({ ...user, is_real_name: result.is_real_name, real_name: result.real_name });
      showSuccess(REAL_NAME_SUCCESS_MSG);
      onClose();
    }, '实名认证失败，请稍后重试');
  }

  return (
    <Modal open title="实名认证" width={440} onClose={onClose}>
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-2">
        <p className="mb-2 text-sm text-gray-600">根据相关规定，租号和充值前需完成实名认证。</p>
        <Field label="真实姓名" autoComplete="name" placeholder="请输入真实姓名" {...form.bind('name')} />
        <Field label="身份证号" autoComplete="off" maxLength={18} placeholder="请输入身份证号" {...form.bind('id_number')} />
        <div className="mt-2 flex gap-3">
          <button type="button" onClick={onClose} className="w-full rounded border border-gray-300 px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50">
            暂不认证
          </button>
          <DebounceButton type="submit" onAction={submit} className={submitClass}>
            提交
          </DebounceButton>
        </div>
      </form>
    </Modal>
  );
}
