/**
 * A local fake of Alipay's open gateway for single transfers (node:http on 127.0.0.1), speaking
 * what alipay-sdk speaks: a form POST to gateway.do whose fields are RSA2-signed by our app (checked
 * here with the app's public key), answered `{"<method>_response":{...},"sign":"..."}` signed with
 * the fake's own gateway key. It serves alipay.fund.trans.uni.transfer and
 * alipay.fund.trans.common.query, books each transfer by out_biz_no like Alipay does (the same
 * out_biz_no sent again is answered with the first result and never pays twice) and counts the
 * money that moved per out_biz_no.
 *
 * A test tells it, per out_biz_no, how to behave on the next transfer: fail with a sub_code, answer
 * SYSTEM_ERROR (nothing booked), hang past the caller's timeout and then book the success, answer
 * DEALING; it can also lose every answer of an out_biz_no (mute); and how queries behave (blind: the query
 * does not see a booked transfer yet).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { keyPair, listen, rsaSign, rsaVerify, type KeyPair } from './fake-wechatpay';

export const PAYOUT_APP_ID = '2021000000000888';

export type TransferScript =
  | { kind: 'succeed' }
  | { kind: 'fail'; subCode: string; subMsg: string }
  | { kind: 'system_error' }
  /** The transfer is booked as paid after `ms`, and only then answered (the caller has given up). */
  | { kind: 'hang_then_succeed'; ms: number }
  /** Booked as DEALING; the query answers DEALING until `settle` moves it. */
  | { kind: 'dealing' };

interface Booked {
  orderId: string;
  status: 'SUCCESS' | 'DEALING' | 'FAIL';
  errorCode?: string;
  failReason?: string;
  amount: string;
}

export interface PayoutCall {
  method: string;
  signed: boolean;
  biz: Record<string, unknown>;
}

export class FakeAlipayPayout {
  readonly gatewayKeys: KeyPair = keyPair();
  readonly calls: PayoutCall[] = [];
  /** Money moved per out_biz_no (a booked SUCCESS), however often it was asked. */
  readonly paid = new Map<string, number>();
  private readonly booked = new Map<string, Booked>();
  private readonly scripts = new Map<string, TransferScript[]>();
  private readonly blind = new Set<string>();
  private readonly muted = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  /** Answers signed with a key that is not the gateway's: the SDK must refuse them. */
  forgeAnswers = false;
  base = '';
  private server: Server | null = null;

  constructor(readonly appPublicKey: string) {}

  get gateway(): string {
    return `${this.base}/gateway.do`;
  }

  async start(): Promise<void> {
    const { server, base } = await listen((request, body, response) => this.serve(request, body, response));
    this.server = server;
    this.base = base;
  }

  async stop(): Promise<void> {
    await this.settled();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The next transfers of `outBizNo` behave so, one script each, then succeed. */
  script(outBizNo: string, ...scripts: TransferScript[]): void {
    this.scripts.set(outBizNo, [...(this.scripts.get(outBizNo) ?? []), ...scripts]);
  }

  /** Queries of `outBizNo` answer ORDER_NOT_EXIST whatever is booked (true), or see it again (false). */
  queryBlind(outBizNo: string, blind: boolean): void {
    if (blind) this.blind.add(outBizNo);
    else this.blind.delete(outBizNo);
  }

  /**
   * Transfers of `outBizNo` are booked (the first pays) but every answer is lost: the connection
   * drops (alipay-sdk's HTTP client retries a dropped socket once by itself, with the same fields).
   */
  mute(outBizNo: string, muted: boolean): void {
    if (muted) this.muted.add(outBizNo);
    else this.muted.delete(outBizNo);
  }

  /** A DEALING transfer ends: paid, or failed with Alipay's error_code. */
  settle(outBizNo: string, outcome: { status: 'SUCCESS' } | { status: 'FAIL'; errorCode: string; failReason: string }): void {
    const booked = this.booked.get(outBizNo);
    if (!booked || booked.status !== 'DEALING') throw new Error(`${outBizNo} is not dealing`);
    if (outcome.status === 'SUCCESS') {
      booked.status = 'SUCCESS';
      this.paid.set(outBizNo, (this.paid.get(outBizNo) ?? 0) + 1);
    } else Object.assign(booked, { status: 'FAIL', errorCode: outcome.errorCode, failReason: outcome.failReason });
  }

  transfersOf(outBizNo: string): number {
    return this.paid.get(outBizNo) ?? 0;
  }

  callsOf(outBizNo: string, method?: string): PayoutCall[] {
    return this.calls.filter((call) => call.biz['out_biz_no'] === outBizNo && (method === undefined || call.method === method));
  }

  /** Waits until every hanging answer has been written. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Whether `params` carry our app's RSA2 signature (Alipay checks every field but sign). */
  signedByApp(params: Record<string, string>): boolean {
    const { sign, ...rest } = params;
    const text = Object.keys(rest)
      .filter((key) => rest[key] !== '')
      .sort()
      .map((key) => `${key}=${rest[key]}`)
      .join('&');
    return params['app_id'] === PAYOUT_APP_ID && params['sign_type'] === 'RSA2' && rsaVerify(text, sign ?? '', this.appPublicKey);
  }

  private answer(response: ServerResponse, method: string, inner: Record<string, unknown>): void {
    const json = JSON.stringify(inner);
    const key = this.forgeAnswers ? keyPair().privateKey : this.gatewayKeys.privateKey;
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${method.replaceAll('.', '_')}_response":${json},"sign":"${rsaSign(json, key)}"}`);
  }

  private book(outBizNo: string, amount: string, status: Booked['status']): Booked {
    const booked: Booked = { orderId: `20261129${randomBytes(8).toString('hex')}`, status, amount };
    this.booked.set(outBizNo, booked);
    if (status === 'SUCCESS') this.paid.set(outBizNo, (this.paid.get(outBizNo) ?? 0) + 1);
    return booked;
  }

  private transferAnswer(outBizNo: string, booked: Booked): Record<string, unknown> {
    return { code: '10000', msg: 'Success', out_biz_no: outBizNo, order_id: booked.orderId, pay_fund_order_id: `${booked.orderId}F`, status: booked.status, trans_date: '2026-11-29 20:00:00' };
  }

  private serve(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.base);
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const method = params['method'] ?? '';
    const biz = JSON.parse(params['biz_content'] ?? '{}') as Record<string, unknown>;
    const signed = this.signedByApp(params);
    this.calls.push({ method, signed, biz });
    if (url.pathname !== '/gateway.do' || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    if (!signed) {
      this.answer(response, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
      return;
    }
    const outBizNo = String(biz['out_biz_no'] ?? '');
    if (biz['product_code'] !== 'TRANS_ACCOUNT_NO_PWD' || biz['biz_scene'] !== 'DIRECT_TRANSFER') {
      this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'INVALID_PARAMETER', sub_msg: '参数有误' });
      return;
    }
    if (method === 'alipay.fund.trans.common.query') {
      const booked = this.blind.has(outBizNo) ? undefined : this.booked.get(outBizNo);
      if (!booked) {
        this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'ORDER_NOT_EXIST', sub_msg: '转账订单不存在' });
        return;
      }
      this.answer(response, method, {
        code: '10000',
        msg: 'Success',
        out_biz_no: outBizNo,
        order_id: booked.orderId,
        status: booked.status,
        trans_amount: booked.amount,
        ...(booked.errorCode ? { error_code: booked.errorCode, fail_reason: booked.failReason } : {}),
      });
      return;
    }
    if (method !== 'alipay.fund.trans.uni.transfer') {
      this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.missing-method' });
      return;
    }
    const payee = (biz['payee_info'] ?? {}) as Record<string, unknown>;
    const amount = String(biz['trans_amount'] ?? '');
    if (payee['identity_type'] !== 'ALIPAY_LOGON_ID' || !payee['identity'] || !payee['name'] || !/^\d+\.\d{2}$/.test(amount)) {
      this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'INVALID_PARAMETER', sub_msg: '参数有误' });
      return;
    }
    // Alipay's idempotency: a booked out_biz_no is answered with its first result, nothing moves again.
    const existing = this.booked.get(outBizNo);
    if (this.muted.has(outBizNo)) {
      if (!existing) this.book(outBizNo, amount, 'SUCCESS');
      response.destroy();
      return;
    }
    if (existing) {
      if (existing.amount !== amount) this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'PAYMENT_INFO_INCONSISTENCY', sub_msg: '两次请求商户单号一样，但是参数不一致' });
      else this.answer(response, method, this.transferAnswer(outBizNo, existing));
      return;
    }
    const queue = this.scripts.get(outBizNo) ?? [];
    const script = queue.shift() ?? { kind: 'succeed' };
    switch (script.kind) {
      case 'succeed':
        this.answer(response, method, this.transferAnswer(outBizNo, this.book(outBizNo, amount, 'SUCCESS')));
        return;
      case 'fail':
        this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: script.subCode, sub_msg: script.subMsg });
        return;
      case 'system_error':
        this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'SYSTEM_ERROR', sub_msg: '系统繁忙' });
        return;
      case 'dealing':
        this.answer(response, method, this.transferAnswer(outBizNo, this.book(outBizNo, amount, 'DEALING')));
        return;
      case 'hang_then_succeed': {
        const done = new Promise<void>((resolve) =>
          setTimeout(() => {
            this.answer(response, method, this.transferAnswer(outBizNo, this.book(outBizNo, amount, 'SUCCESS')));
            resolve();
          }, script.ms),
        );
        this.pending.add(done);
        void done.finally(() => this.pending.delete(done));
      }
    }
  }
}
