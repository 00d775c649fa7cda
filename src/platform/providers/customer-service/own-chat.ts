import type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

/** Our own chat: /redirect and the floating 在线客服 open it; agents answer on /ops/chat. */
export const OWN_CHAT_DESK: CustomerServiceDesk = Object.freeze({ kind: 'own-chat', redirectUrl: null });
