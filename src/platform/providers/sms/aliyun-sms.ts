/**
 * Aliyun SMS (dysmsapi 2017-05-25, action SendSms) spoken by hand over its published RPC protocol,
 * rather than through @alicloud/dysmsapi20170525: the protocol is one signed form POST, and doing
 * it here keeps a large SDK tree out of the server and lets the tests point the endpoint at a
 * local fake over plain http.
 *
 * Signature v1: every parameter but Signature, percent-encoded per RFC 3986 (space → %20, * → %2A,
 * ~ kept), sorted by name and joined as k=v&k=v; StringToSign = METHOD & %2F & encode(that);
 * Signature = base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign)). The answer is JSON whose
 * Code is "OK" on success; anything else is a refusal, logged by its Code only (the body carries
 * the code the user will type, so it is never logged).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { log } from '~/platform/config/log';
import { MessageRefusedError, type MessageSender } from '~/platform/providers/sms/port';

export const ALIYUN_SMS_API_VERSION = '2017-05-25';
/** How long one SendSms may take before the send counts as failed. */
export const ALIYUN_SMS_TIMEOUT_MS = 10_000;

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /**
   * A registered notice template with the variables ${time} and ${change} (a security notice after
   * an account change); without it such notices are refused as NO_NOTICE_TEMPLATE and only the
   * in-site message and the email tell the user.
   */
  noticeTemplateCode?: string;
  /** Scheme and host, no trailing slash: https://dysmsapi.aliyuncs.com in production. */
  endpoint: string;
  fetch?: typeof fetch;
}

/** RFC 3986 percent-encoding as Aliyun's POP signature wants it (only A-Z a-z 0-9 - _ . ~ stay). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalised query: every parameter but Signature, sorted by name, encoded, k=v joined by &. */
export function aliyunCanonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key]!)}`)
    .join('&');
}

/** Signature v1 (HMAC-SHA1) of `params` sent with `method`. */
export function aliyunSignature(method: string, params: Readonly<Record<string, string>>, accessKeySecret: string): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** ISO 8601 UTC to the second, as the protocol's Timestamp: 2026-03-01T08:00:00Z. */
function aliyunTimestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

interface SendSmsAnswer {
  Code?: unknown;
  Message?: unknown;
  RequestId?: unknown;
  BizId?: unknown;
}

export function createAliyunSmsSender(options: AliyunSmsOptions): MessageSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(_db, message, now) {
      if (message.channel !== 'sms') throw new Error('Aliyun SMS sends SMS only');
      // Aliyun sends registered templates only: a code fills the code template, a notice its own.
      const template =
        message.code !== null
          ? { code: options.templateCode, param: { code: message.code } }
          : options.noticeTemplateCode && message.noticeParams
            ? { code: options.noticeTemplateCode, param: message.noticeParams }
            : null;
      if (!template) throw new MessageRefusedError('NO_NOTICE_TEMPLATE');
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: 'cn-hangzhou',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: aliyunTimestamp(now),
        Version: ALIYUN_SMS_API_VERSION,
        PhoneNumbers: message.recipient,
        SignName: options.signName,
        TemplateCode: template.code,
        TemplateParam: JSON.stringify(template.param),
      };
      params['Signature'] = aliyunSignature('POST', params, options.accessKeySecret);
      // POST, not GET: the code then travels in the body and never sits in a URL or an access log.
      const body = Object.entries(params)
        .map(([key, value]) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(value)}`)
        .join('&');

      let answer: SendSmsAnswer;
      let status: number;
      try {
        const response = await doFetch(`${options.endpoint}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(ALIYUN_SMS_TIMEOUT_MS),
        });
        status = response.status;
        answer = (await response.json()) as SendSmsAnswer;
      } catch (error) {
        log.warn('aliyun sms unreachable', { provider: 'aliyun-sms', err: error instanceof Error ? error.message : String(error) });
        throw new MessageRefusedError('UNREACHABLE', { cause: error });
      }
      if (answer?.Code === 'OK') return;
      // Code and RequestId only: Message may echo parameters, and the body is the user's code.
      const code = typeof answer?.Code === 'string' ? answer.Code : `HTTP_${status}`;
      log.warn('aliyun sms refused', {
        provider: 'aliyun-sms',
        providerCode: code,
        providerRequestId: typeof answer?.RequestId === 'string' ? answer.RequestId : undefined,
        status,
      });
      throw new MessageRefusedError(code);
    },
  };
}
