/**
 * The renter's (or seller's) customer-service chat: history with 查看更早的消息, the
 * desk's honest status (排队, 客服在线 or not), 已读/未读 on one's own messages, text (Enter sends,
 * Shift+Enter breaks the line), an image with a preview before it goes, and an order card picked
 * from one's own orders. A visitor (not signed in) chats too, text only, and is offered to sign in
 * (the conversation then joins the account). `panel` is the floating window of the 在线客服 button on desktop; `page`
 * fills /redirect (the phone's full-screen chat).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type SubmitEvent, type KeyboardEvent, type ReactNode } from 'react';
import { getChatOrders, type ChatOrderChoice } from '~/features/chat/client';
import { UPLOAD_IMAGE_MAX_BYTES } from '~/platform/config/constants';
import { CHAT_TEXT_MAX_CHARS } from '~/features/chat/constants';
import { deskStatusText } from '~/features/chat/rules/chat';
import { fenToYuan } from '~/platform/rules/money';
import { $isLoggedIn } from '~/platform/stores/auth';
import { $chat, loadOlderMessages, sendChat, sendChatImage, setChatVisible, startChat } from '~/features/chat/stores/chat';
import { openLogin } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';
import { ChatMessageItem } from '~/features/chat/ui/ChatMessageItem';

export interface ChatPanelProps {
  variant: 'panel' | 'page';
  onClose?: () => void;
}

const LINK_TEXT = { connecting: '连接中…', live: '实时', polling: '网络不稳定，正在定时刷新', stopped: '' } as const;

const orderHref = (card: { order_no: string; as_renter: boolean }): string =>
  card.as_renter ? `/account/order?order_no=${encodeURIComponent(card.order_no)}` : '/seller/orders';

export default function ChatPanel({ variant, onClose }: ChatPanelProps): ReactNode {
  const [mounted, setMounted] = useState(false);
  const signedIn = useStore($isLoggedIn, { ssr: () => false });
  useEffect(() => setMounted(true), []);
  const titleId = useId();

  return (
    <section
      aria-labelledby={titleId}
      className={
        variant === 'panel'
          ? 'flex h-[min(600px,calc(100vh-7rem))] w-[380px] flex-col overflow-hidden rounded-xl bg-neutral-50 shadow-2xl ring-1 ring-neutral-200'
          : 'flex h-[calc(100dvh-9rem)] min-h-[420px] w-full flex-col overflow-hidden rounded-xl bg-neutral-50 shadow-sm ring-1 ring-neutral-200 md:mx-auto md:max-w-2xl'
      }
    >
      <header className="flex items-center justify-between gap-2 bg-primary px-4 py-3 text-white">
        <h2 id={titleId} className="text-base font-semibold">
          在线客服
        </h2>
        {onClose ? (
          <button type="button" onClick={onClose} aria-label="关闭在线客服" className={`rounded p-1 hover:bg-white/15 ${focusRing}`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </header>
      {!mounted ? <p className="p-6 text-center text-sm text-neutral-500">加载中…</p> : <Conversation signedIn={signedIn} />}
    </section>
  );
}

function Conversation({ signedIn }: { signedIn: boolean }): ReactNode {
  const view = useStore($chat);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const [olderLoading, setOlderLoading] = useState(false);

  useEffect(() => {
    void startChat();
    const onVisibility = (): void => setChatVisible(document.visibilityState === 'visible');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      setChatVisible(false);
    };
  }, []);

  // New messages keep the list at the bottom unless the reader scrolled up to read history.
  const lastId = view.messages.at(-1)?.id ?? 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const onScroll = (): void => {
    const list = listRef.current;
    if (list) stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  };

  const loadOlder = async (): Promise<void> => {
    const list = listRef.current;
    const before = list ? list.scrollHeight - list.scrollTop : 0;
    setOlderLoading(true);
    stickToBottom.current = false;
    try {
      await loadOlderMessages();
    } catch {
      // the client showed the error
    } finally {
      setOlderLoading(false);
      // Keep the message that was at the top where it was.
      requestAnimationFrame(() => {
        if (list) list.scrollTop = list.scrollHeight - before;
      });
    }
  };

  const conversation = view.state?.conversation ?? null;
  const status = deskStatusText({
    status: conversation?.status ?? null,
    agentName: conversation?.agent_name ?? null,
    queuePosition: conversation?.queue_position ?? null,
    agentsOnline: view.state?.agents_online ?? 0,
  });

  return (
    <>
      <div className="border-b border-neutral-200 bg-white px-4 py-2 text-xs text-neutral-600">
        <p role="status" aria-live="polite">
          {view.state ? status : signedIn ? '正在连接客服…' : '无需登录即可留言，客服会在这里回复您'}
        </p>
        {signedIn ? null : (
          <p>
            您尚未登录，
            <button type="button" onClick={() => openLogin('username')} className={`text-primary underline ${focusRing}`}>
              登录
            </button>
            后聊天记录会并入您的账号，还可发送图片和订单。
          </p>
        )}
        {view.link !== 'stopped' && view.link !== 'live' ? <p className="text-amber-600">{LINK_TEXT[view.link]}</p> : null}
      </div>
      <div ref={listRef} onScroll={onScroll} role="log" aria-live="polite" aria-label="聊天记录" className="flex-1 overflow-y-auto px-3 py-3">
      <ol className="space-y-1">
        {view.hasMore ? (
          <li className="flex justify-center">
            <button type="button" onClick={() => void loadOlder()} disabled={olderLoading} className={`rounded px-2 py-1 text-xs text-primary hover:underline disabled:text-neutral-500 ${focusRing}`}>
              {olderLoading ? '加载中…' : '查看更早的消息'}
            </button>
          </li>
        ) : null}
        {view.loading ? <li className="py-6 text-center text-sm text-neutral-500">加载中…</li> : null}
        {view.error ? (
          <li className="py-6 text-center text-sm text-neutral-500">
            {view.error}{' '}
            <button type="button" className={`text-primary underline ${focusRing}`} onClick={() => void startChat()}>
              重试
            </button>
          </li>
        ) : null}
        {!view.loading && !view.error && view.messages.length === 0 ? (
          <li className="py-6 text-center text-sm text-neutral-500">{signedIn ? '您好，请问有什么可以帮您？可以直接发送文字、图片或订单。' : '您好，请问有什么可以帮您？请直接输入您的问题。'}</li>
        ) : null}
        {view.messages.map((message) => (
          <ChatMessageItem key={message.id} message={message} reader="user" orderHref={orderHref} />
        ))}
      </ol>
      </div>
      <Composer signedIn={signedIn} />
    </>
  );
}

function Composer({ signedIn }: { signedIn: boolean }): ReactNode {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => () => {
    if (image) URL.revokeObjectURL(image.url);
  }, [image]);

  const submit = async (event?: SubmitEvent): Promise<void> => {
    event?.preventDefault();
    if (sending) return;
    const value = text.trim();
    if (!value) return;
    setSending(true);
    try {
      await sendChat({ type: 'text', text: value });
      setText('');
      setNotice('');
    } catch {
      // the API client showed why (429 发送过于频繁 ...)
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // Enter sends; Shift+Enter breaks the line; a composing IME keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const chooseImage = (file: File | undefined): void => {
    if (!file) return;
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      setNotice(`图片不能超过${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)}MB`);
      return;
    }
    if (image) URL.revokeObjectURL(image.url);
    setImage({ file, url: URL.createObjectURL(file) });
  };

  const sendImage = async (): Promise<void> => {
    if (!image || sending) return;
    setSending(true);
    try {
      await sendChatImage(image.file);
      URL.revokeObjectURL(image.url);
      setImage(null);
    } catch {
      // shown by the client
    } finally {
      setSending(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const sendOrder = async (orderNo: string): Promise<void> => {
    setPicking(false);
    setSending(true);
    try {
      await sendChat({ type: 'order', order_no: orderNo });
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  const length = Array.from(text).length;
  return (
    <div className="relative border-t border-neutral-200 bg-white">
      {image ? (
        <div className="flex items-center gap-3 border-b border-neutral-100 px-3 py-2" role="group" aria-label="待发送的图片">
          <img src={image.url} alt="待发送的图片预览" className="h-16 w-16 rounded object-cover ring-1 ring-neutral-200" />
          <div className="flex flex-1 justify-end gap-2">
            <button type="button" onClick={() => { URL.revokeObjectURL(image.url); setImage(null); }} className={`rounded px-3 py-1.5 text-sm text-neutral-600 ring-1 ring-neutral-300 ${focusRing}`}>
              取消
            </button>
            <button type="button" onClick={() => void sendImage()} disabled={sending} className={`rounded bg-primary px-3 py-1.5 text-sm text-white disabled:opacity-60 ${focusRing}`}>
              发送图片
            </button>
          </div>
        </div>
      ) : null}
      {picking ? <OrderPicker onPick={(orderNo) => void sendOrder(orderNo)} onClose={() => setPicking(false)} /> : null}
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 p-3">
        <div className="flex items-center gap-1">
          {signedIn ? (
            <>
              <button type="button" onClick={() => fileRef.current?.click()} className={`flex min-h-9 items-center gap-1 rounded px-2 text-sm text-neutral-600 hover:bg-neutral-100 ${focusRing}`} aria-label="发送图片">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <path d="m3 16 5-5 4 4 3-3 6 6" />
                </svg>
                图片
              </button>
              <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" className="hidden" aria-label="选择图片" onChange={(event) => chooseImage(event.target.files?.[0])} />
              <button type="button" onClick={() => setPicking((open) => !open)} aria-expanded={picking} className={`flex min-h-9 items-center gap-1 rounded px-2 text-sm text-neutral-600 hover:bg-neutral-100 ${focusRing}`} aria-label="发送订单">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                  <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" />
                </svg>
                订单
              </button>
            </>
          ) : null}
          <span className={`ml-auto text-[11px] ${length > CHAT_TEXT_MAX_CHARS ? 'text-primary' : 'text-neutral-500'}`}>
            {length}/{CHAT_TEXT_MAX_CHARS}
          </span>
        </div>
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            输入消息
          </label>
          <textarea
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            placeholder="输入消息，Enter 发送，Shift+Enter 换行"
            className={`min-h-11 flex-1 resize-none rounded-lg border border-neutral-300 px-3 py-2 text-sm outline-none focus:border-primary ${focusRing}`}
          />
          <button type="submit" disabled={sending || text.trim() === '' || length > CHAT_TEXT_MAX_CHARS} className={`min-h-11 rounded-lg bg-primary px-4 text-sm text-white disabled:opacity-50 ${focusRing}`}>
            发送
          </button>
        </div>
        <p aria-live="polite" className="text-xs text-primary empty:hidden">
          {notice}
        </p>
      </form>
    </div>
  );
}

function OrderPicker({ onPick, onClose }: { onPick(orderNo: string): void; onClose(): void }): ReactNode {
  const [orders, setOrders] = useState<ChatOrderChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  useEffect(() => {
    let live = true;
    getChatOrders().then(
      (list) => live && setOrders(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div role="dialog" aria-labelledby={titleId} className="absolute inset-x-2 bottom-full mb-2 max-h-72 overflow-y-auto rounded-lg bg-white p-2 shadow-xl ring-1 ring-neutral-200" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="flex items-center justify-between px-1 pb-1">
        <h3 id={titleId} className="text-sm font-medium text-neutral-800">
          选择要发送的订单
        </h3>
        <button type="button" onClick={onClose} className={`rounded px-2 text-sm text-neutral-500 ${focusRing}`}>
          关闭
        </button>
      </div>
      {failed ? <p className="p-3 text-sm text-neutral-500">订单加载失败</p> : null}
      {orders === null && !failed ? <p className="p-3 text-sm text-neutral-500">加载中…</p> : null}
      {orders?.length === 0 ? <p className="p-3 text-sm text-neutral-500">暂无订单</p> : null}
      <ul className="space-y-1">
        {orders?.map((order) => (
          <li key={order.order_no}>
            <button type="button" onClick={() => onPick(order.order_no)} className={`w-full rounded p-2 text-left hover:bg-neutral-50 ${focusRing}`}>
              <span className="flex justify-between gap-2 text-xs text-neutral-500">
                <span className="truncate">
                  {order.game_name}
                  {order.as_renter ? '' : '（我出租的）'}
                </span>
                <span className="shrink-0">{order.status_text}</span>
              </span>
              <span className="block truncate text-sm text-neutral-800">{order.title}</span>
              <span className="flex justify-between text-xs text-neutral-500">
                <span>订单号 {order.order_no}</span>
                <span className="text-primary">¥{fenToYuan(order.amount_fen)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
