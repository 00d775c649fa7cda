/**
 * The customer-service desk port (ARCHITECTURE "customer-service desk"; spec §2 /redirect 正在跳转
 * 七鱼客服..., §7 start-up "initialises customer service"). Two adapters, chosen by configuration
 * (index.ts): our own chat (own-chat.ts: conversations in our database, agents on /ops/chat), and
 * a third-party desk reached by a link (external.ts: the spec's 七鱼). Unlike payment or SMS, the
 * own chat is not a sandbox standing in for the real thing: it is a real desk, so production may
 * run it.
 */
export interface CustomerServiceDesk {
  readonly kind: 'own-chat' | 'external';
  /** Where /redirect sends the browser; null: /redirect shows our own chat. */
  readonly redirectUrl: string | null;
}
