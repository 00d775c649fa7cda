/**
 * Pure rules of the customer-service chat, shared by the renter's chat, the console and
 * the server: previews, badges, wait times, merging what the stream and the history deliver, and
 * the browser's reconnect schedule. No I/O, no clock read inside (pass `now`).
 */

/** What a preview needs of a message. */
export interface PreviewSource {
  type: 'text' | 'image' | 'order' | 'system';
  text: string | null;
  order?: { title: string } | null;
}

/** Characters of a list preview. */
export const CHAT_PREVIEW_CHARS = 40;

/** The one-line preview of a message in a conversation list: text cut to 40 characters, [图片], [订单] title. */
export function chatPreview(message: PreviewSource | null): string {
  if (!message) return '';
  switch (message.type) {
    case 'image':
      return '[图片]';
    case 'order':
      return message.order ? `[订单] ${clip(message.order.title, CHAT_PREVIEW_CHARS - 5)}` : '[订单]';
    default:
      return clip((message.text ?? '').replace(/\s+/g, ' ').trim(), CHAT_PREVIEW_CHARS);
  }
}

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

// In a module of its own: the 在线客服 opener runs on every page and needs only this (issue 27).
export { unreadBadgeText } from '~/features/chat/rules/unread-badge';

/** How long someone has waited, as the queue shows it: 刚刚, N 分钟, N 小时 M 分钟, N 天. */
export function waitText(sinceMs: number, nowMs: number): string {
  const minutes = Math.floor(Math.max(0, nowMs - sinceMs) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} 小时` : `${hours} 小时 ${minutes % 60} 分钟`;
  return `${Math.floor(hours / 24)} 天`;
}

/** 已读 once the other side's read pointer reaches the message. */
export function readByPeer(messageId: number, peerReadId: number): boolean {
  return messageId <= peerReadId;
}

/**
 * Messages by id, each once, oldest first: what the history page, the stream and the poll
 * delivered, in any order and with repeats (a reconnect resends what the poll already fetched).
 * A later copy of an id wins (its read receipt is newer).
 */
export function mergeMessages<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return current as T[];
  const byId = new Map<number, T>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The highest message id of a list, or 0. */
export function lastMessageId(messages: readonly { id: number }[]): number {
  let max = 0;
  for (const message of messages) if (message.id > max) max = message.id;
  return max;
}

/**
 * The wait before reconnecting a dropped stream: 1 s, 2 s, 4 s ... capped at 30 s, with up to
 * 20 % of jitter from `random` (0..1) so a restarted server is not hit by every tab at once.
 */
export function reconnectDelayMs(failures: number, random: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, Math.min(failures, 10) - 1));
  return Math.round(base * (1 + 0.2 * Math.min(1, Math.max(0, random))));
}

/** Past this many failures in a row the browser polls instead of streaming (and retries the stream later). */
export function shouldPoll(failures: number, threshold: number): boolean {
  return failures >= threshold;
}

/** What the renter's chat says about the desk, honestly. */
export function deskStatusText(state: { status: 'waiting' | 'assigned' | 'closed' | null; agentName: string | null; queuePosition: number | null; agentsOnline: number }): string {
  if (state.status === 'assigned') return state.agentName ? `客服 ${state.agentName} 为您服务` : '客服为您服务中';
  if (state.status === 'waiting') {
    if (state.agentsOnline <= 0) return '当前没有客服在线，您的消息已进入排队，客服上线后会按顺序回复';
    return state.queuePosition && state.queuePosition > 1 ? `正在排队，前面还有 ${state.queuePosition - 1} 位` : '正在为您接入客服，请稍候';
  }
  if (state.status === 'closed') return '会话已结束，发送消息将开始新的会话';
  return state.agentsOnline > 0 ? '客服在线，有问题请直接留言' : '当前没有客服在线，您可以先留言，客服上线后会回复';
}

/** One SSE frame (text/event-stream): optional id and event, the data as one JSON line. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * A text/event-stream parser for fetch()-read streams (EventSource cannot send the Bearer header):
 * feed it chunks, it calls `onEvent` per complete event. Comments (heartbeats) and `retry:` are
 * skipped; CRLF, CR and LF all end lines.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { push(chunk: string): void } {
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onEvent({ id, event: event || 'message', data: data.join('\n') });
      id = null;
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\u0000')) id = value;
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// a visitor signing in (docs/decisions.md "Visitors reach customer service")

/** What the join needs of an open conversation. */
export interface OpenConversationBrief {
  status: 'waiting' | 'assigned';
  operatorId: number | null;
}

/**
 * The account and the visitor each have an open conversation: which one stays (the other's
 * messages move into it). The one an agent is already serving stays, so nobody is dropped from a
 * desk; when both or neither are served, the account's stays (its agent, its place in the queue).
 */
export function joinKeeper(account: OpenConversationBrief, visitor: OpenConversationBrief): 'account' | 'visitor' {
  return visitor.status === 'assigned' && account.status !== 'assigned' ? 'visitor' : 'account';
}

/**
 * One read pointer for conversations merged into one (message ids grow across conversations): the
 * first message any part had not read stays unread, so merging never hides an unread message (it
 * may show a few read ones as unread again). A part is all read when its pointer reached its last
 * message. Answers 0 for nothing read, the highest last message when everything was read.
 */
export function mergedReadPointer(parts: readonly { pointer: number; lastMessageId: number | null }[]): number {
  let firstUnreadBefore = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const part of parts) {
    const partLast = part.lastMessageId ?? 0;
    last = Math.max(last, partLast);
    if (part.pointer < partLast) firstUnreadBefore = Math.min(firstUnreadBefore, part.pointer);
  }
  return Number.isFinite(firstUnreadBefore) ? firstUnreadBefore : last;
}

/** How the console names a visitor's conversation: 访客 and the visitor's number (no account name exists). */
export function visitorName(visitorId: number | null): string {
  return visitorId === null ? '访客' : `访客 ${visitorId}`;
}
