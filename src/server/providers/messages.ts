/**
 * The port through which codes leave the server (issue 4 "SMS and email codes"): one `send` for
 * SMS and email alike. The only implementation is the sandbox, which "sends" by writing the message
 * to outbox_messages, where /sandbox/outbox shows it to the tester.
 *
 * Production needs a real provider (an SMS gateway, an SMTP or mail API) behind this same port;
 * config.ts already refuses APP_ENV=production unless ALLOW_SANDBOX=true says the sandbox is meant.
 */
import type { DbOrTx } from '../db/client';
import { outboxMessages, type CodeChannel } from '../db/schema';

export interface OutgoingMessage {
  channel: CodeChannel;
  /** A mobile number or a lowercased email address. */
  recipient: string;
  /** The full text; it carries the code, so callers never log it. */
  body: string;
}

export interface MessageSender {
  send(db: DbOrTx, message: OutgoingMessage, now: Date): Promise<void>;
}

/** Writes every message to outbox_messages instead of delivering it. */
export const sandboxMessageSender: MessageSender = {
  async send(db, message, now) {
    await db.insert(outboxMessages).values({
      channel: message.channel,
      recipient: message.recipient,
      body: message.body,
      createdAt: now,
    });
  },
};

/** The sender in use. Always the sandbox for now: see the module comment for production. */
export function messageSender(): MessageSender {
  return sandboxMessageSender;
}
