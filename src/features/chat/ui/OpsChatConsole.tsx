/**
 * The console's customer-service desk (permission chat): the queue (longest wait first,
 * with the wait), my conversations, every open one and the closed ones, each with its unread
 * count; a conversation's whole history (the user's earlier conversations too) with order cards
 * linking to the console's order view; 接入 (a second agent taking the same one gets 该会话已被其他
 * 客服接入), reply with text or an image, 转回排队 and 结束会话. Live over the console's event
 * stream (a summary per changed conversation), polling when the stream is down.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CHAT_OPS_STREAM_PATH, chatStreamUrl, closeConversation, getOpsConversations, getOpsHistory, markConversationRead, releaseConversation, replyImage, replyText, takeConversation, uploadOpsChatImage, type ChatConversationSummary, type ChatMessageView, type ChatOpsList, type ChatOpsView } from '~/features/chat/client';
import { createChatConnection, type ChatLinkStatus } from '~/features/chat/chat-connection';
import { CHAT_TEXT_MAX_CHARS } from '~/features/chat/constants';
import { lastMessageId, mergeMessages, unreadBadgeText, visitorName, waitText } from '~/features/chat/rules/chat';
import { ChatMessageItem } from '~/features/chat/ui/ChatMessageItem';

export interface OpsChatConsoleProps {
  operatorId: number;
  /** The console's order view (/ops/orders/detail), for order cards. */
  orderPath: string;
}

const VIEW_LABELS: Record<ChatOpsView, string> = { queue: '排队中', mine: '我的会话', open: '全部进行中', closed: '已结束' };
const STATUS_LABELS = { waiting: '排队中', assigned: '接待中', closed: '已结束' } as const;
const button = 'rounded px-3 py-1.5 text-sm ring-1 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function belongs(view: ChatOpsView, summary: ChatConversationSummary, operatorId: number): boolean {
  switch (view) {
    case 'queue':
      return summary.status === 'waiting';
    case 'mine':
      return summary.status === 'assigned' && summary.operator_id === operatorId;
    case 'open':
      return summary.status !== 'closed';
    case 'closed':
      return summary.status === 'closed';
  }
}

function sortFor(view: ChatOpsView, list: ChatConversationSummary[]): ChatConversationSummary[] {
  const byTime = (key: 'created_at' | 'last_message_at' | 'closed_at', asc: boolean) => (a: ChatConversationSummary, b: ChatConversationSummary) =>
    (asc ? 1 : -1) * ((a[key] ?? '').localeCompare(b[key] ?? '') || a.id - b.id);
  if (view === 'queue') return [...list].sort(byTime('created_at', true));
  return [...list].sort(byTime(view === 'closed' ? 'closed_at' : 'last_message_at', false));
}

export default function OpsChatConsole({ operatorId, orderPath }: OpsChatConsoleProps): ReactNode {
  const [view, setView] = useState<ChatOpsView>('queue');
  const [list, setList] = useState<ChatOpsList | null>(null);
  const [selected, setSelected] = useState<ChatConversationSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [link, setLink] = useState<ChatLinkStatus>('connecting');
  const [notice, setNotice] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const viewRef = useRef(view);
  const selectedRef = useRef<ChatConversationSummary | null>(null);
  const messagesRef = useRef<ChatMessageView[]>([]);
  viewRef.current = view;
  selectedRef.current = selected;
  messagesRef.current = messages;

  const loadList = useCallback(async (which: ChatOpsView = viewRef.current) => {
    try {
      const next = await getOpsConversations(which);
      if (viewRef.current === which) setList(next);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : '加载失败');
    }
  }, []);

  const fetchNew = useCallback(async () => {
    const current = selectedRef.current;
    if (!current) return;
    const page = await getOpsHistory(current.id, { after_id: lastMessageId(messagesRef.current), limit: 100 });
    if (selectedRef.current?.id !== current.id) return;
    setSelected(page.conversation);
    setMessages((old) => mergeMessages(old, page.messages));
  }, []);

  /** A conversation changed (stream or an action of ours): lists, counts, the open conversation. */
  const absorbSummary = useCallback(
    (summary: ChatConversationSummary) => {
      setList((current) => {
        if (!current) return current;
        const others = current.conversations.filter((item) => item.id !== summary.id);
        const conversations = belongs(current.view, summary, operatorId) ? sortFor(current.view, [...others, summary]) : others;
        return { ...current, conversations };
      });
      if (selectedRef.current?.id === summary.id) {
        setSelected(summary);
        void fetchNew().catch(() => undefined);
      }
    },
    [fetchNew, operatorId],
  );

  useEffect(() => {
    void loadList(view);
  }, [view, loadList]);

  useEffect(() => {
    const connection = createChatConnection({
      url: chatStreamUrl(CHAT_OPS_STREAM_PATH),
      headers: () => ({}),
      resumeAfter: () => null,
      onEvent: (event) => {
        if (event.event === 'conversation') absorbSummary(JSON.parse(event.data) as ChatConversationSummary);
        else if (event.event === 'counts') {
          const counts = JSON.parse(event.data) as ChatOpsList['counts'];
          setList((current) => (current ? { ...current, counts } : current));
        } else if (event.event === 'ready') {
          // (Re)connected: anything missed meanwhile is read again.
          void loadList();
          void fetchNew().catch(() => undefined);
        }
      },
      onStatus: setLink,
      poll: async () => {
        await loadList();
        await fetchNew();
      },
    });
    connection.start();
    const clock = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      connection.stop();
      clearInterval(clock);
    };
  }, [absorbSummary, fetchNew, loadList]);

  // The agent answering a conversation has read what is on screen.
  const lastId = lastMessageId(messages);
  useEffect(() => {
    if (!selected || selected.status !== 'assigned' || selected.operator_id !== operatorId || selected.unread === 0 || lastId === 0) return;
    if (document.visibilityState !== 'visible') return;
    markConversationRead(selected.id, lastId).then(absorbSummary, () => undefined);
  }, [selected, lastId, operatorId, absorbSummary]);

  const open = async (summary: ChatConversationSummary): Promise<void> => {
    setSelected(summary);
    setMessages([]);
    setNotice('');
    try {
      const page = await getOpsHistory(summary.id, { limit: 50 });
      if (selectedRef.current?.id !== summary.id) return;
      setSelected(page.conversation);
      setMessages(page.messages);
      setHasMore(page.has_more);
    } catch (error) {
      setNotice(error instanceof Error ? error.message : '加载失败');
    }
  };

  const loadOlder = async (): Promise<void> => {
    if (!selected || messages.length === 0) return;
    const page = await getOpsHistory(selected.id, { before_id: messages[0]!.id, limit: 50 });
    setMessages((old) => mergeMessages(old, page.messages));
    setHasMore(page.has_more);
  };

  const act = async (action: (id: number) => Promise<ChatConversationSummary>, done: string): Promise<void> => {
    if (!selected) return;
    try {
      absorbSummary(await action(selected.id));
      setNotice(done);
      void loadList();
    } catch (error) {
      setNotice(error instanceof Error ? error.message : '操作失败');
      void loadList();
    }
  };

  const mine = selected?.status === 'assigned' && selected.operator_id === operatorId;
  const counts = list?.counts;
  return (
    <div className="grid h-[calc(100vh-10rem)] min-h-[520px] grid-cols-[320px_minmax(0,1fr)] overflow-hidden rounded-lg bg-white ring-1 ring-neutral-200">
      <aside className="flex min-h-0 flex-col border-r border-neutral-200" aria-label="会话列表">
        <div role="tablist" aria-label="会话分类" className="grid grid-cols-4 border-b border-neutral-200 text-xs">
          {(Object.keys(VIEW_LABELS) as ChatOpsView[]).map((key) => (
            <button
              key={key}
              role="tab"
              type="button"
              aria-selected={view === key}
              onClick={() => setView(key)}
              className={`px-1 py-2 ${view === key ? 'border-b-2 border-primary font-medium text-primary' : 'text-neutral-600'}`}
            >
              {VIEW_LABELS[key]}
              {key === 'queue' && counts ? ` ${counts.queue}` : key === 'mine' && counts ? ` ${counts.mine}` : ''}
            </button>
          ))}
        </div>
        <p className="border-b border-neutral-100 px-3 py-1 text-[11px] text-neutral-500" role="status">
          {link === 'live' ? '实时连接' : link === 'polling' ? '实时连接不可用，每 5 秒刷新' : '连接中…'}
        </p>
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={VIEW_LABELS[view]}>
          {list?.conversations.length === 0 ? <li className="p-4 text-sm text-neutral-500">暂无会话</li> : null}
          {list?.conversations.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => void open(item)}
                aria-current={selected?.id === item.id ? 'true' : undefined}
                className={`flex w-full flex-col gap-0.5 border-b border-neutral-100 px-3 py-2 text-left hover:bg-neutral-50 ${selected?.id === item.id ? 'bg-primary-light' : ''}`}
              >
                <span className="flex items-center justify-between gap-2 text-sm">
                  <span className="flex min-w-0 items-center gap-1">
                    {item.user ? null : <VisitorMark />}
                    <span className="truncate font-medium text-neutral-800">{item.user ? item.user.nickname : visitorName(item.visitor_id)}</span>
                  </span>
                  {item.unread > 0 ? (
                    <span className="rounded-full bg-primary px-1.5 text-[11px] leading-5 text-white">
                      <span aria-hidden="true">{unreadBadgeText(item.unread)}</span>
                      <span className="sr-only">{item.unread} 条未读</span>
                    </span>
                  ) : null}
                </span>
                <span className="truncate text-xs text-neutral-500">{item.last_message_preview || '（无消息）'}</span>
                <span className="text-[11px] text-neutral-500">
                  {item.status === 'waiting' ? `已等待 ${waitText(Date.parse(item.created_at), now)}` : item.status === 'assigned' ? `接待：${item.agent_name ?? ''}` : '已结束'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="flex min-h-0 flex-col" aria-label="会话">
        {selected ? (
          <>
            <header className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 px-4 py-2">
              <div>
                <h2 className="text-base font-semibold text-neutral-800">
                  {selected.user ? (
                    <>
                      {selected.user.nickname} <span className="text-xs font-normal text-neutral-500">（{selected.user.username}，用户 ID {selected.user.id}）</span>
                    </>
                  ) : (
                    <>
                      <VisitorMark /> {visitorName(selected.visitor_id)} <span className="text-xs font-normal text-neutral-500">（未登录，只能发送文字；登录后会话并入其账号）</span>
                    </>
                  )}
                </h2>
                <p className="text-xs text-neutral-500">
                  {STATUS_LABELS[selected.status]}
                  {selected.agent_name ? ` · ${selected.agent_name}` : ''}
                  {selected.earlier_conversations > 0 ? ` · 之前有 ${selected.earlier_conversations} 次会话` : ''}
                </p>
              </div>
              <div className="flex gap-2">
                {selected.status === 'waiting' ? (
                  <button type="button" className={`${button} bg-primary text-white ring-primary`} onClick={() => void act(takeConversation, '已接入该会话')}>
                    接入
                  </button>
                ) : null}
                {mine ? (
                  <button type="button" className={`${button} ring-neutral-300`} onClick={() => void act(releaseConversation, '已转回排队')}>
                    转回排队
                  </button>
                ) : null}
                {selected.status === 'waiting' || mine ? (
                  <button type="button" className={`${button} text-primary ring-primary`} onClick={() => void act(closeConversation, '会话已结束')}>
                    结束会话
                  </button>
                ) : null}
              </div>
            </header>
            <p aria-live="polite" className="px-4 pt-1 text-xs text-primary empty:hidden">
              {notice}
            </p>
            <MessageLog key={selected.id} messages={messages} hasMore={hasMore} onOlder={() => void loadOlder()} orderPath={orderPath} peerLabel={selected.user ? '用户' : '访客'} />
            {mine ? (
              <Composer conversationId={selected.id} onSent={(message) => setMessages((old) => mergeMessages(old, [message]))} onError={setNotice} />
            ) : (
              <p className="border-t border-neutral-200 p-3 text-center text-xs text-neutral-500">
                {selected.status === 'waiting' ? '接入后即可回复' : selected.status === 'closed' ? '会话已结束' : '该会话由其他客服接待'}
              </p>
            )}
          </>
        ) : (
          <div className="flex flex-1 items-center justify-center text-sm text-neutral-500">
            <p aria-live="polite">{notice || '从左侧选择一个会话'}</p>
          </div>
        )}
      </section>
    </div>
  );
}

function MessageLog({ messages, hasMore, onOlder, orderPath, peerLabel }: { messages: ChatMessageView[]; hasMore: boolean; onOlder(): void; orderPath: string; peerLabel: string }): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  // At the newest message when opened, and kept there as messages arrive unless the agent scrolled up.
  const stick = useRef(true);
  const last = lastMessageId(messages);
  useLayoutEffect(() => {
    const list = ref.current;
    if (list && stick.current) list.scrollTop = list.scrollHeight;
  }, [last]);
  const onScroll = (): void => {
    const list = ref.current;
    if (list) stick.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  };
  return (
    <div ref={ref} onScroll={onScroll} role="log" aria-live="polite" aria-label="聊天记录" className="min-h-0 flex-1 overflow-y-auto bg-neutral-50 px-4 py-3">
    <ol className="space-y-1">
      {hasMore ? (
        <li className="flex justify-center">
          <button type="button" onClick={onOlder} className="text-xs text-primary hover:underline">
            查看更早的消息
          </button>
        </li>
      ) : null}
      {messages.map((message) => (
        <ChatMessageItem key={message.id} message={message} reader="agent" peerLabel={peerLabel} orderHref={(card) => `${orderPath}?id=${card.order_id}`} />
      ))}
    </ol>
    </div>
  );
}

function Composer({ conversationId, onSent, onError }: { conversationId: number; onSent(message: ChatMessageView): void; onError(text: string): void }): ReactNode {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const send = async (): Promise<void> => {
    const value = text.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      onSent(await replyText(conversationId, value));
      setText('');
    } catch (error) {
      onError(error instanceof Error ? error.message : '发送失败');
    } finally {
      setSending(false);
    }
  };
  const sendImage = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setSending(true);
    try {
      const uploaded = await uploadOpsChatImage(file);
      onSent(await replyImage(conversationId, uploaded.id));
    } catch (error) {
      onError(error instanceof Error ? error.message : '发送失败');
    } finally {
      setSending(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <div className="flex items-end gap-2 border-t border-neutral-200 p-3">
      <button type="button" onClick={() => fileRef.current?.click()} disabled={sending} className={`${button} ring-neutral-300`}>
        发送图片
      </button>
      <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" className="hidden" aria-label="选择要发送的图片" onChange={(event) => void sendImage(event.target.files?.[0])} />
      <label htmlFor={id} className="sr-only">
        回复内容
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={CHAT_TEXT_MAX_CHARS * 2}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="输入回复，Enter 发送，Shift+Enter 换行"
        className="min-h-11 flex-1 resize-none rounded border border-neutral-300 px-3 py-2 text-sm focus:border-primary focus:outline-none"
      />
      <button type="button" onClick={() => void send()} disabled={sending || text.trim() === ''} className={`${button} bg-primary text-white ring-primary`}>
        发送
      </button>
    </div>
  );
}

/** A conversation of someone who has not signed in (issue 26 part 3). */
function VisitorMark(): ReactNode {
  return <span className="shrink-0 rounded bg-amber-100 px-1 text-[11px] leading-4 font-medium text-amber-800">访客</span>;
}
