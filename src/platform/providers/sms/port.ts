/**
 * The port through which verification codes leave the server ("SMS and email codes"):
 * one `send` per channel. Adapters: the sandbox outbox (sandbox-outbox.ts, shown on
 * /sandbox/outbox) and Aliyun SMS (aliyun-sms.ts). The registry (../sign-in-providers.ts) picks one
 * per channel from configuration; email has no real adapter yet (docs/providers-sign-in.md).
 */
import type { DbOrTx } from '~/platform/db/client';
import type { CodeChannel } from '~/platform/db/schema';

export interface OutgoingMessage {
  channel: CodeChannel;
  /** A mobile number or a lowercased email address. */
  recipient: string;
  /** The full text; it carries the code, so callers never log it. */
  body: string;
  /**
   * The code alone, for providers that fill it into a registered template (Aliyun SMS); null for
   * a notice that carries no code (a security notice after an account change), which a
   * template-only provider refuses.
   */
  code: string | null;
  /**
   * A notice's variables by name (time, change), for providers that fill a registered notice
   * template (Aliyun SMS with ALIYUN_SMS_NOTICE_TEMPLATE_CODE); absent on code messages.
   */
  noticeParams?: Readonly<Record<string, string>>;
}

export interface MessageSender {
  /** Resolves once the provider accepted the message; throws (never logging body or code) when it did not. */
  send(db: DbOrTx, message: OutgoingMessage, now: Date): Promise<void>;
}

/** Thrown when a provider refused a message; `providerCode` is the provider's own code (e.g. isv.BUSINESS_LIMIT_CONTROL). */
export class MessageRefusedError extends Error {
  readonly providerCode: string;
  constructor(providerCode: string, options?: ErrorOptions) {
    super(`message provider refused the message: ${providerCode}`, options);
    this.name = 'MessageRefusedError';
    this.providerCode = providerCode;
  }
}
