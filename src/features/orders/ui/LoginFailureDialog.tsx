import { useState, type ReactNode } from 'react';
import type { LoginFailureReport, OrderView } from '~/features/wallet/client/money';
import { reportLoginFailure } from '~/features/orders/client/orders';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';

export interface LoginFailureDialogProps {
  order: OrderView;
  open: boolean;
  onClose(): void;
  onDone(report: LoginFailureReport): void;
}

/**
 * 无法登录: the confirm step of the one-click report (features/orders/rules/login-failure.ts). It
 * says what happens before the renter commits: the rental stops, everything paid comes back.
 */
export function LoginFailureDialog({ order, open, onClose, onDone }: LoginFailureDialogProps): ReactNode {
  const [failure, setFailure] = useState<string | null>(null);
  const figures = order.login_failure;

  async function confirm(): Promise<void> {
    setFailure(null);
    try {
      onDone(await reportLoginFailure(order.order_no));
    } catch (error) {
      setFailure(errorText(error, '上报失败，请重试'));
    }
  }

  return (
    <Modal open={open} title="账号无法登录" onClose={onClose} width={480}>
      <div className="space-y-4 text-sm">
        <p className="text-base text-neutral-900">确认账号无法登录（密码错误、需要验证、被顶号）吗？</p>
        {figures ? (
          <dl className="space-y-1.5 rounded-md bg-neutral-50 px-4 py-3">
            <div className="flex justify-between gap-4 font-medium">
              <dt className="text-neutral-600">全额退回余额</dt>
              <dd className="tabular-nums text-primary" data-login-failure-refund>
                ¥{figures.refund}
              </dd>
            </div>
            {figures.compensation_fen > 0 ? (
              <div className="flex justify-between gap-4">
                <dt className="text-neutral-600">号主赔付</dt>
                <dd className="tabular-nums text-neutral-900">¥{figures.compensation}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <ul className="list-disc space-y-1 pl-5 text-xs leading-5 text-neutral-600">
          <li>租赁立即终止，已付租金、押金和哈夫币预充全部退回钱包余额。</li>
          {figures?.report_until ? (
            <li>
              需在首次查看账号后15分钟内上报（截至 <time dateTime={figures.report_until}>{formatShanghaiIso(figures.report_until)}</time>）。
            </li>
          ) : null}
          <li>号主可提供证据申诉；经平台核实为误报的，赔付将被撤回，多次误报将无法使用一键上报。</li>
        </ul>
        {failure ? (
          <p role="alert" className="text-primary-dark">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 pt-1">
          <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
            再想想
          </button>
          <DebounceButton onAction={confirm}>确认无法登录</DebounceButton>
        </div>
      </div>
    </Modal>
  );
}
