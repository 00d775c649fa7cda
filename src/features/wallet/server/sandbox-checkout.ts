/**
 * The payer's side of the sandbox gateway (/sandbox/pay/<pay_no> and its two buttons). After a
 * confirmation the notify goes out at once, so a one-computer demo sees the order paid when it
 * lands on /pay-result; if the merchant does not answer `success`, the sweeper keeps retrying.
 */
import type { Db } from '~/platform/db/client';
import { notFound } from '~/platform/http/errors';
import { cancelSandboxTrade, confirmSandboxTrade, deliverDueNotifies, findSandboxTrade } from '~/platform/providers/payment/sandbox';
import { fenToYuan } from '~/platform/rules/money';

export const MSG_TRADE_NOT_FOUND = '交易不存在';

export interface SandboxCheckoutView {
  payNo: string;
  channel: 'alipay' | 'wechat';
  subject: string;
  amount: string;
  status: 'waiting' | 'paid' | 'cancelled';
  returnUrl: string;
}

export async function sandboxCheckoutView(db: Db, payNo: string): Promise<SandboxCheckoutView | null> {
  const trade = await findSandboxTrade(db, payNo);
  if (!trade) return null;
  return {
    payNo: trade.payNo,
    channel: trade.channel === 'wechat' ? 'wechat' : 'alipay',
    subject: trade.subject,
    amount: fenToYuan(trade.amountFen),
    status: trade.status,
    returnUrl: trade.returnUrl,
  };
}

export async function confirmSandboxPayment(db: Db, payNo: string, now: Date): Promise<{ return_url: string }> {
  const trade = await confirmSandboxTrade(db, payNo, now);
  if (!trade) throw notFound(MSG_TRADE_NOT_FOUND);
  if (trade.status === 'paid' && trade.notifiedAt === null) await deliverDueNotifies(db, now, { onlyPayNo: payNo });
  return { return_url: trade.returnUrl };
}

export async function cancelSandboxPayment(db: Db, payNo: string): Promise<{ return_url: string }> {
  const trade = await cancelSandboxTrade(db, payNo);
  if (!trade) throw notFound(MSG_TRADE_NOT_FOUND);
  return { return_url: trade.returnUrl };
}
