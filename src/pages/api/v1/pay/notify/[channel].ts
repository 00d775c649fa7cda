/**
 * POST /api/v1/pay/notify/alipay|wechat — the gateway's asynchronous notify, handed raw (body and
 * headers: the signature covers the bytes) to the channel's adapter through the service. Not the
 * envelope: the answer is what that gateway reads as success or failure (Alipay and the sandbox:
 * plain `success`/`fail`; WeChat Pay v3: 204, or 4xx/5xx with JSON code FAIL), and it retries
 * until success.
 */
import type { APIRoute } from 'astro';
import { isAppError } from '~/platform/http/errors';
import { readBodyText } from '~/platform/http/http';
import { log } from '~/platform/config/log';
import { requireDb } from '~/platform/http/request-context';
import { NOTIFY_ANSWER_FAIL, type NotifyAnswer } from '~/platform/providers/payment';
import { handlePaymentNotify, paymentNotifyAnswer } from '~/features/orders/server';

const MAX_NOTIFY_BYTES = 16 * 1024;

const text = (body: string, status = 200): Response => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
const answer = ({ status, contentType, body }: NotifyAnswer): Response =>
  new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });

export const POST: APIRoute = async ({ params, request, locals }) => {
  const channel = params['channel'];
  if (channel !== 'alipay' && channel !== 'wechat') return text(NOTIFY_ANSWER_FAIL, 404);
  let raw: string;
  try {
    // Read no more than a notify can be: an unbounded read would hold whatever a caller sends.
    raw = await readBodyText(request, MAX_NOTIFY_BYTES);
  } catch (error) {
    const status = isAppError(error) ? error.httpStatus : 400;
    const refused = answer(paymentNotifyAnswer(channel, 'fail', status));
    if (status === 413) refused.headers.set('connection', 'close');
    return refused;
  }
  try {
    return answer(paymentNotifyAnswer(channel, await handlePaymentNotify(requireDb(locals), channel, { body: raw, headers: request.headers }, new Date())));
  } catch (error) {
    log.error('payment notify failed', { channel, error });
    // The gateway will retry; nothing was half-applied (one transaction).
    return answer(paymentNotifyAnswer(channel, 'fail', 500));
  }
};

export const ALL: APIRoute = () => new Response(null, { status: 405, headers: { allow: 'POST' } });
