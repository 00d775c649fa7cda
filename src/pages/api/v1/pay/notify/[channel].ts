/**
 * POST /api/v1/pay/notify/alipay|wechat — the gateway's asynchronous notify (form fields, RSA2
 * signed). Not the envelope: the gateway reads the plain body `success` (applied now or before)
 * or `fail` (not genuine, not ours, wrong amount), and retries until `success`.
 */
import type { APIRoute } from 'astro';
import { log } from '~/server/log';
import { requireDb } from '~/server/request-context';
import { NOTIFY_ANSWER_FAIL } from '~/server/providers/payment';
import { handlePaymentNotify } from '~/server/services/order-payment';

const MAX_NOTIFY_BYTES = 16 * 1024;

const text = (body: string, status = 200): Response => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export const POST: APIRoute = async ({ params, request, locals }) => {
  const channel = params['channel'];
  if (channel !== 'alipay' && channel !== 'wechat') return text(NOTIFY_ANSWER_FAIL, 404);
  try {
    const raw = await request.text();
    if (raw.length > MAX_NOTIFY_BYTES) return text(NOTIFY_ANSWER_FAIL, 413);
    const fields = Object.fromEntries(new URLSearchParams(raw));
    return text(await handlePaymentNotify(requireDb(locals), channel, fields, new Date()));
  } catch (error) {
    log.error('payment notify failed', { channel, error });
    // The gateway will retry; nothing was half-applied (one transaction).
    return text(NOTIFY_ANSWER_FAIL, 500);
  }
};

export const ALL: APIRoute = () => new Response(null, { status: 405, headers: { allow: 'POST' } });
