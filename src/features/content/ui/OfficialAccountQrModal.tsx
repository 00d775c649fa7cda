import type { ReactNode } from 'react';
import { Modal } from '~/platform/ui/Modal';
import type { ModalContentProps } from '~/platform/ui/modal-types';

export const OFFICIAL_ACCOUNT_QR_TITLE = '关注公众号';

/** props.qrcode when it is an image the server drew (a data:image URL), else null. */
export function officialQrSource(props: Record<string, unknown>): string | null {
  const value = props.qrcode;
  return typeof value === 'string' && value.startsWith('data:image/') ? value : null;
}

/**
 * The spec §2 official-account QR modal: the code and line of GET common/wechatOfficialConfig
 * (spec §7), handed over by the prompt that fetched them (OfficialAccountPrompt), so opening it
 * costs no second call. The prompt only exists when the call succeeded (spec §8).
 */
export default function OfficialAccountQrModal({ props, onClose }: ModalContentProps): ReactNode {
  const qrcode = officialQrSource(props);
  const text = typeof props.text === 'string' ? props.text : '';
  return (
    <Modal open title={OFFICIAL_ACCOUNT_QR_TITLE} width={360} onClose={onClose}>
      <div className="flex flex-col items-center gap-3 pb-2 text-center">
        {qrcode ? (
          <img src={qrcode} alt="公众号二维码" width="200" height="200" className="h-50 w-50 rounded bg-white p-2 ring-1 ring-neutral-200" />
        ) : (
          <p className="py-8 text-sm text-neutral-500">二维码暂不可用，请稍后再试</p>
        )}
        {text ? <p className="text-sm text-neutral-700">{text}</p> : null}
        <p className="text-xs text-neutral-500">打开微信「扫一扫」，关注后即可接收订单提醒</p>
      </div>
    </Modal>
  );
}
