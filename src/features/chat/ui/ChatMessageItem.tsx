import type { ReactNode } from 'react';
import type { ChatMessageView, ChatOrderCard } from '~/features/chat/contract/chat';
import { fenToYuan } from '~/platform/rules/money';
import { formatShanghaiMonthDayTime } from '~/platform/rules/shanghai-time';

/** Whose bubble this is for the one reading: right-aligned, with 已读/未读 under it. */
export type ChatSide = 'user' | 'agent';

export interface ChatMessageItemProps {
  message: ChatMessageView;
  /** Who is reading: the renter ('user') or the console ('agent'). */
  reader: ChatSide;
  /** Where an order card links (the renter's order page, the console's order view). */
  orderHref?: (card: ChatOrderCard) => string | null;
  /** What the console calls the other side's lines: 用户, or 访客 for a visitor who has not signed in. */
  peerLabel?: string;
}

/** One order as a card: game, title, status and amount, its state when read. */
export function OrderCard({ card, href }: { card: ChatOrderCard; href: string | null }): ReactNode {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-xs text-neutral-500">
        <span className="truncate">{card.game_name}</span>
        <span className="shrink-0 rounded bg-primary-light px-1.5 py-0.5 text-primary">{card.status_text}</span>
      </span>
      <span className="mt-1 line-clamp-2 text-sm font-medium text-neutral-800">{card.title}</span>
      <span className="mt-1 flex items-center justify-between gap-2 text-xs text-neutral-500">
        <span className="truncate">订单号 {card.order_no}</span>
        <span className="shrink-0 font-semibold text-primary">¥{fenToYuan(card.amount_fen)}</span>
      </span>
    </>
  );
  const className = 'block w-60 max-w-full rounded-lg bg-white p-3 text-left ring-1 ring-neutral-200';
  return href ? (
    <a href={href} className={`${className} hover:ring-primary`}>
      {body}
    </a>
  ) : (
    <span className={className}>{body}</span>
  );
}

export function ChatMessageItem({ message, reader, orderHref, peerLabel = '用户' }: ChatMessageItemProps): ReactNode {
  if (message.type === 'system') {
    return (
      <li className="flex justify-center py-1" data-message-id={message.id}>
        <span className="rounded-full bg-neutral-200/70 px-3 py-0.5 text-xs text-neutral-600">
          {message.text}
          {reader === 'agent' && message.agent_name ? `（${message.agent_name}）` : ''}
        </span>
      </li>
    );
  }
  const own = message.sender === reader;
  const who = message.sender === 'agent' ? `客服${message.agent_name ? ` ${message.agent_name}` : ''}` : reader === 'agent' ? peerLabel : '我';
  const time = formatShanghaiMonthDayTime(new Date(message.created_at));
  return (
    <li className={`flex flex-col gap-1 py-1 ${own ? 'items-end' : 'items-start'}`} data-message-id={message.id}>
      <span className="text-[11px] text-neutral-500">
        {who} · {time}
      </span>
      {message.type === 'text' ? (
        <p className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm leading-6 ${own ? 'rounded-tr-sm bg-primary text-white' : 'rounded-tl-sm bg-white text-neutral-800 ring-1 ring-neutral-200'}`}>
          {message.text}
        </p>
      ) : message.type === 'image' ? (
        message.image ? (
          <a href={message.image.detail_url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg ring-1 ring-neutral-200">
            <img src={message.image.card_url} alt={`${who}发送的图片`} width={message.image.width} height={message.image.height} className="h-auto max-h-48 w-auto max-w-[12rem] object-contain" loading="lazy" />
          </a>
        ) : (
          <span className="text-xs text-neutral-500">[图片已删除]</span>
        )
      ) : message.order ? (
        <OrderCard card={message.order} href={orderHref?.(message.order) ?? null} />
      ) : (
        <span className="text-xs text-neutral-500">[订单已删除]</span>
      )}
      {own ? <span className={`text-[11px] ${message.read_by_peer ? 'text-neutral-500' : 'text-primary'}`}>{message.read_by_peer ? '已读' : '未读'}</span> : null}
    </li>
  );
}
