import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { bindPhoneSignedIn } from '~/features/sign-in/client/auth';
import { validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { $auth, $isLoggedIn, setUser } from '~/platform/stores/auth';
import { openLogin, openModal, showSuccess, type ModalName } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Modal } from '~/platform/ui/Modal';
import { focusRing } from '~/platform/ui/focus-ring';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import { PhoneCodeFields } from '~/features/sign-in/ui/CodeFields';
import { submitClass } from '~/platform/ui/Field';
import { keepSubmitLocal, runAction, useFormFields } from '~/platform/ui/use-form-fields';
import { withIdentity } from '~/platform/ui/reauth';

export const BIND_PHONE_SUCCESS_MSG = '手机号绑定成功';
export const BIND_PHONE_WHY_TEXT = '根据平台规定，提交投诉前需绑定手机号，便于客服联系您核实处理。';

/** The modal to reopen once the phone is bound (props.then), e.g. the complaint it interrupted. */
export interface ModalFollowUp {
  name: ModalName;
  props: Record<string, unknown>;
}

/** Reads props.then; anything that is not `{ name: string, props?: object }` is no follow-up. */
export function followUpOf(props: Record<string, unknown>): ModalFollowUp | null {
  const then = props.then;
  if (typeof then !== 'object' || then === null) return null;
  const { name, props: next } = then as { name?: unknown; props?: unknown };
  if (typeof name !== 'string' || name === '' || name === 'bindPhone') return null;
  return { name: name as ModalName, props: typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : {} };
}

/**
 * spec §2 bind-phone modal; §6 "Binding a phone is needed for complaints". The signed-in user's
 * form (POST account/bindPhone with a 'bind' SMS code; /bind is the third-party sign-in's). The
 * modal store holds one modal, so a caller that is itself a store modal passes `then` to be
 * reopened after the bind; a dialog of its own (the order list's 投诉) stays open underneath and
 * sees the new phone through $auth.
 */
export default function BindPhoneModal({ props, onClose }: ModalContentProps): ReactNode {
  const $loggedIn = useStore($isLoggedIn);
  const $user = useStore($auth).user;
  const form = useFormFields({ mobile: validatePhone, code: validateSmsCode }, { mobile: '', code: '' });
  const followUp = followUpOf(props);

  function done(): void {
    if (followUp) openModal(followUp.name, followUp.props);
    else onClose();
  }

  async function submit(): Promise<void> {
    if (!form.checkAll()) return;
    await runAction(async () => {
      // A first phone needs the re-authentication window: the 验证身份 dialog, then once more.
      const user = await withIdentity(() => bindPhoneSignedIn({ mobile: form.values.mobile, code: form.values.code }));
      setUser({ ...$auth.get().user, ...user });
      showSuccess(BIND_PHONE_SUCCESS_MSG);
      done();
    }, '绑定失败，请稍后重试');
  }

  let body: ReactNode;
  if (!$loggedIn) {
    body = (
      <EmptyState
        type={1}
        text="登录后才能绑定手机号"
        action={
          <button type="button" onClick={() => openLogin('scan')} className={`rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
            立即登录
          </button>
        }
      />
    );
  } else if ($user?.mobile) {
    body = (
      <div className="space-y-4 text-center text-sm text-gray-700">
        <p>当前账号已绑定手机号 {$user.mobile}</p>
        <button type="button" onClick={done} className={submitClass}>
          {followUp ? '继续' : '知道了'}
        </button>
      </div>
    );
  } else {
    body = (
      <form ref={form.formRef} noValidate onSubmit={keepSubmitLocal} className="flex flex-col gap-2">
        <p className="mb-2 text-sm text-gray-600">{BIND_PHONE_WHY_TEXT}</p>
        <PhoneCodeFields form={form} action="bind" />
        <div className="mt-2 flex gap-3">
          <button type="button" onClick={onClose} className="w-full rounded border border-gray-300 px-4 py-2.5 text-sm text-gray-700 hover:bg-gray-50">
            暂不绑定
          </button>
          <DebounceButton type="submit" onAction={submit} className={submitClass}>
            绑定
          </DebounceButton>
        </div>
      </form>
    );
  }

  return (
    <Modal open title="绑定手机号" width={440} onClose={onClose}>
      {body}
    </Modal>
  );
}
