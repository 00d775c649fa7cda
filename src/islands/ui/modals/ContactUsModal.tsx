import type { ReactNode } from 'react';
import { CONTACT_CHANNELS } from '../../../lib/config/site';
import { Modal } from '../Modal';
import { focusRing } from '../focus-ring';
import type { ModalContentProps } from './types';

/**
 * The floating 联系我们 button's modal: the same channels as the /ContactUs page, read from the
 * same list (lib/config/site.ts), so the two cannot drift. The page stays the link's target
 * without JavaScript and for a renter who wants the whole page.
 */
export default function ContactUsModal({ onClose }: ModalContentProps): ReactNode {
  return (
    <Modal open title="联系我们" onClose={onClose}>
      <p className="mb-4 text-sm text-neutral-600">遇到租号、支付或账号问题，随时联系我们</p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {CONTACT_CHANNELS.map((channel) => (
          <div key={channel.label} className="min-w-0 rounded-lg bg-neutral-50 p-4 ring-1 ring-neutral-200">
            <dt className="text-xs text-neutral-500">{channel.label}</dt>
            <dd className="mt-1 break-all font-semibold text-neutral-900">{channel.value}</dd>
            <dd className="mt-1 text-xs text-neutral-500">{channel.note}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-neutral-600">
        常见问题可先查看{' '}
        <a href="/help" className={`text-primary underline ${focusRing}`}>
          帮助中心
        </a>
        ；订单纠纷请在{' '}
        <a href="/account/complain" className={`text-primary underline ${focusRing}`}>
          我的投诉
        </a>{' '}
        中提交，便于客服核实处理。
      </p>
      <p className="mt-3 text-right text-sm">
        <a href="/ContactUs" className={`text-primary hover:underline ${focusRing}`}>
          查看联系我们页面 ›
        </a>
      </p>
    </Modal>
  );
}
