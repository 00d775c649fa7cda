/**
 * The sandbox message adapter: "sends" by writing the message to outbox_messages, where
 * /sandbox/outbox shows it to the tester. Never in production pages (config.ts
 * sandboxPagesEnabled), since the outbox would hand anyone the codes.
 */
import { outboxMessages } from '~/platform/db/schema';
import type { MessageSender } from '~/platform/providers/sms/port';

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
