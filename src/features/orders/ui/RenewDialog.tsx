import { useEffect, useId, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { MONEY_CODES, type RenewCheck } from '~/features/wallet/client/money';
import { checkRenew, renewOrder } from '~/features/orders/client/orders';
import { RENEW_MAX_HOURS } from '~/features/orders/constants';
import { fenToYuan } from '~/platform/rules/money';
import { RechargeLink, MoneyFailureLine, type MoneyFailure } from '~/features/wallet/ui/PayDialog';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Modal } from '~/platform/ui/Modal';
import { errorText, focusRing, isNonZeroYuan, type OrderDialogProps } from '~/features/orders/ui/order-helpers';
import { useIntentKeys } from '~/platform/ui/use-intent-keys';
import { FigureRow } from '~/platform/ui/FigureRow';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** Wait this long after the last keystroke before asking the server for a price. */
export const RENEW_CHECK_DEBOUNCE_MS = 300;

/** The hours box: a whole number 1..RENEW_MAX_HOURS, or why not. */
export function parseRenewHours(text: string): { hours: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: '请输入整数小时' };
  const hours = Number(trimmed);
  if (hours < 1) return { error: '至少续租1小时' };
  if (hours > RENEW_MAX_HOURS) return { error: `单次最多续租${RENEW_MAX_HOURS}小时` };
  return { hours };
}

/** Renewals are paid from the wallet, so the balance must cover the price. */
export function renewAffordable(check: Pick<RenewCheck, 'pay_fen' | 'balance_fen'>): boolean {
  return check.pay_fen <= check.balance_fen;
}

export function RenewDialog({ order, open, onClose, onDone }: OrderDialogProps): ReactNode {
  return (
    <Modal open={open} title="续租" onClose={onClose} width={480}>
      <RenewBody order={order} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

type CheckLoad = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; msg: string } | { kind: 'ready'; check: RenewCheck };

function RenewBody({ order, onClose, onDone }: Omit<OrderDialogProps, 'open'>): ReactNode {
  const id = useId();
  const keys = useIntentKeys();
  const [hoursText, setHoursText] = useState('1');
  const [load, setLoad] = useState<CheckLoad>({ kind: 'idle' });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const parsed = parseRenewHours(hoursText);
  const hours = 'hours' in parsed ? parsed.hours : null;

  useEffect(() => {
    if (hours === null) {
      setLoad({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    const timer = setTimeout(() => {
      checkRenew(order.order_no, hours, { signal: controller.signal })
        .then((check) => setLoad({ kind: 'ready', check }))
        .catch((error: unknown) => {
          if (isApiError(error) && error.cancelled) return;
          // 409 该账号此时段已被租用 and the like: the server's words.
          setLoad({ kind: 'failed', msg: errorText(error, '获取续租价格失败') });
        });
    }, RENEW_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [order.order_no, hours]);

  const check = load.kind === 'ready' && load.check.hours === hours ? load.check : null;
  const affordable = check ? renewAffordable(check) : false;

  async function confirm(): Promise<void> {
    if (!check || !affordable) return;
    const intent = `renew:${check.hours}`;
    setFailure(null);
    try {
      onDone(await renewOrder(order.order_no, check.hours, keys.keyFor(intent)));
    } catch (error) {
      keys.settle(intent, error);
      setFailure({ msg: errorText(error, '续租失败，请重试'), recharge: isApiError(error) && error.code === MONEY_CODES.insufficientBalance });
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <p className="text-neutral-700">
        当前结束时间 <time dateTime={order.hire_end_time ?? undefined}>{formatShanghaiIso(order.hire_end_time)}</time>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-hours`} className="text-neutral-700">
          续租时长
        </label>
        <input
          id={`${id}-hours`}
          type="number"
          inputMode="numeric"
          min={1}
          max={RENEW_MAX_HOURS}
          step={1}
          value={hoursText}
          onChange={(event) => {
            setHoursText(event.target.value);
            setFailure(null);
          }}
          aria-invalid={'error' in parsed ? true : undefined}
          aria-describedby={`${id}-hours-hint`}
          data-autofocus=""
          className="w-24 rounded border border-neutral-300 px-2 py-1"
        />
        <span className="text-neutral-700">小时</span>
        <span id={`${id}-hours-hint`} className={`text-xs ${'error' in parsed ? 'text-primary-dark' : 'text-neutral-600'}`}>
          {'error' in parsed ? parsed.error : `1-${RENEW_MAX_HOURS}小时`}
        </span>
      </div>

      <div aria-live="polite" className="min-h-24">
        {load.kind === 'loading' ? <p className="text-neutral-500">正在计算续租价格…</p> : null}
        {load.kind === 'failed' ? (
          <p role="alert" className="text-primary-dark">
            {load.msg}
          </p>
        ) : null}
        {check ? (
          <>
            <dl className="space-y-1.5 rounded-md bg-neutral-50 px-4 py-3">
              <FigureRow label="续租后结束时间">
                <time dateTime={check.new_ends_at}>{formatShanghaiIso(check.new_ends_at)}</time>
              </FigureRow>
              <FigureRow label="原价">¥{check.original}</FigureRow>
              {isNonZeroYuan(check.vip_discount) ? <FigureRow label="VIP减免">−¥{check.vip_discount}</FigureRow> : null}
              <FigureRow label="应付" strong>
                ¥{check.pay}
              </FigureRow>
              <FigureRow label="可用余额">¥{fenToYuan(check.balance_fen)}</FigureRow>
            </dl>
            {!affordable ? (
              <p className="mt-2 text-primary-dark">
                余额不足 <RechargeLink />
              </p>
            ) : null}
          </>
        ) : null}
      </div>

      <MoneyFailureLine failure={failure} />
      <p className="text-xs text-neutral-600">续租费用从余额扣除。</p>
      <div className="flex justify-end gap-3 pt-1">
        <button type="button" onClick={onClose} className={`rounded border border-neutral-300 px-4 py-2 text-neutral-700 hover:text-primary ${focusRing}`}>
          取消
        </button>
        <DebounceButton onAction={confirm} disabled={!check || !affordable}>
          确认续租
        </DebounceButton>
      </div>
    </div>
  );
}
