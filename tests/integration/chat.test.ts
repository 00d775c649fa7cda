/**
 * Customer-service chat, the user's side (issue 15): conversations open on the first message and
 * reopen after closing, message rules (length, empty, types, extra keys), images and order cards
 * only of one's own, the rate limit kept in the database, history paging, read pointers, and the
 * user's stream delivering what the database announces, on PGlite and (DATABASE_URL_TEST) PostgreSQL.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX_CHARS, CHAT_USER_MESSAGES_PER_WINDOW } from '~/features/chat/constants';
import { CHAT_MESSAGES, type ChatHistory, type ChatOrderChoice, type ChatSendResult, type ChatState } from '~/features/chat/contract/chat';
import type { Db } from '~/platform/db/client';
import { chatConversations, chatMessages, orders, users } from '~/platform/db/schema';
import { chatHubFor } from '~/features/chat/server/hub';
import { sendUserMessage } from '~/features/chat/server/user-chat';
import { storeImageUpload } from '~/platform/db/uploads';
import { GET as historyRoute, POST as sendRoute, ALL as messagesOther } from '~/pages/api/v1/chat/messages';
import { POST as readRoute } from '~/pages/api/v1/chat/read';
import { GET as stateRoute } from '~/pages/api/v1/chat/state';
import { GET as ordersRoute } from '~/pages/api/v1/chat/orders';
import { GET as streamRoute } from '~/pages/api/v1/chat/stream';
import { chatUser, pngBytes, sseReader } from './chat-helpers';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, routeResponse } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

describe.each(TEST_DRIVERS)('customer-service chat (user side) on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  const send = (bearer: string, body: unknown) => callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: bearer, body });

  it.skipIf(skip)('the first message opens a waiting conversation; the next ones join it', async () => {
    const user = await chatUser(db);
    const first = expectOk(await send(user.bearer, { type: 'text', text: '  你好，我的账号登不上  ' }));
    expect(first.message).toMatchObject({ sender: 'user', type: 'text', text: '你好，我的账号登不上', read_by_peer: false, agent_name: null });
    expect(first.state.conversation).toMatchObject({ status: 'waiting', agent_name: null });
    expect(first.state.conversation!.queue_position).toBeGreaterThanOrEqual(1);
    const second = expectOk(await send(user.bearer, { type: 'text', text: '订单号稍后发' }));
    expect(second.message.conversation_id).toBe(first.message.conversation_id);
    expect(second.message.id).toBeGreaterThan(first.message.id);
    const open = await db.select().from(chatConversations).where(eq(chatConversations.userId, user.id));
    expect(open).toHaveLength(1);
    expect(open[0]!.lastMessageId).toBe(second.message.id);
    // Writing means the user has seen the chat: their read pointer follows their own message.
    expect(open[0]!.userLastReadId).toBe(second.message.id);
  });

  it.skipIf(skip)('a closed conversation stays in history and the next message opens a new one', async () => {
    const user = await chatUser(db);
    const first = expectOk(await send(user.bearer, { type: 'text', text: '第一次咨询' }));
    await db.update(chatConversations).set({ status: 'closed', closedAt: new Date() }).where(eq(chatConversations.id, first.message.conversation_id));
    const again = expectOk(await send(user.bearer, { type: 'text', text: '第二次咨询' }));
    expect(again.message.conversation_id).not.toBe(first.message.conversation_id);
    expect(again.state.conversation).toMatchObject({ id: again.message.conversation_id, status: 'waiting' });
    const history = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer }));
    expect(history.messages.map((m) => m.text)).toEqual(['第一次咨询', '第二次咨询']);
    expect(history.has_more).toBe(false);
  });

  it.skipIf(skip)('two first messages at once open one conversation (one open per user)', async () => {
    const user = await chatUser(db);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => sendUserMessage(db, user.id, { type: 'text', text: `并发 ${i}` }, new Date())));
    expect(new Set(results.map((r) => r.message.conversation_id)).size).toBe(1);
    const open = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, user.id), ne(chatConversations.status, 'closed')));
    expect(open).toHaveLength(1);
  });

  it.skipIf(skip)('text is trimmed, must not be empty and holds at most 1000 characters (code points)', async () => {
    const user = await chatUser(db);
    expectError(await send(user.bearer, { type: 'text', text: '   ' }), 400, /参数 text 无效/);
    expectError(await send(user.bearer, { type: 'text', text: '字'.repeat(CHAT_TEXT_MAX_CHARS + 1) }), 400, /参数 text 无效：长度应不超过 1000 个字符/);
    // 1000 emoji are 2000 UTF-16 units but 1000 characters: accepted, like the column counts them.
    const emoji = expectOk(await send(user.bearer, { type: 'text', text: '😀'.repeat(CHAT_TEXT_MAX_CHARS) }));
    expect(Array.from(emoji.message.text!)).toHaveLength(CHAT_TEXT_MAX_CHARS);
    expectError(await send(user.bearer, { type: 'voice', text: 'x' }), 400, /参数 type 无效/);
    expectError(await send(user.bearer, { type: 'text', text: 'x', extra: 1 }), 400, /不支持的参数 extra/);
    expectError(await send(user.bearer, { type: 'text', text: 'a\u0000b' }), 400, '参数包含非法字符');
    expectError(await send(user.bearer, { type: 'image', image_id: 1e20 }), 400, /参数 image_id 无效/);
    expectError(await callRoute(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, text: '{"type":' }), 400, '请求体不是有效的 JSON');
    expect((await callRoute(messagesOther, '/api/v1/chat/messages', { method: 'DELETE', authorization: user.bearer })).status).toBe(405);
  });

  it.skipIf(skip)('every chat endpoint answers 401 without a valid token', async () => {
    expectUnauthorized(await send('', { type: 'text', text: 'x' }));
    expectUnauthorized(await callRoute(historyRoute, '/api/v1/chat/messages', { authorization: 'Bearer nope' }));
    expectUnauthorized(await callRoute(stateRoute, '/api/v1/chat/state'));
    expectUnauthorized(await callRoute(ordersRoute, '/api/v1/chat/orders'));
    expectUnauthorized(await callRoute(readRoute, '/api/v1/chat/read', { method: 'POST', body: { message_id: 1 } }));
    expectUnauthorized(await callRoute(streamRoute, '/api/v1/chat/stream'));
  });

  it.skipIf(skip)('an order card is only of the sender\'s own orders; another user\'s order reads as missing', async () => {
    const [owner] = await db.select({ userId: orders.userId, orderNo: orders.orderNo }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(users.username, 'renter01')).limit(1);
    expect(owner, 'the demo renter has orders').toBeTruthy();
    const { issueToken } = await import('~/features/sign-in/server/tokens');
    const ownerBearer = `Bearer ${(await issueToken(db, owner!.userId, { now: new Date() })).token}`;
    const choices = expectOk(await callRoute<ChatOrderChoice[]>(ordersRoute, '/api/v1/chat/orders', { authorization: ownerBearer }));
    expect(choices.map((c) => c.order_no)).toContain(owner!.orderNo);
    const card = expectOk(await send(ownerBearer, { type: 'order', order_no: owner!.orderNo }));
    expect(card.message.type).toBe('order');
    expect(card.message.order).toMatchObject({ order_no: owner!.orderNo, as_renter: true });
    expect(card.message.order!.status_text).not.toBe('');
    expect(card.message.order!.amount_fen).toBeGreaterThanOrEqual(0);

    const stranger = await chatUser(db);
    expectError(await send(stranger.bearer, { type: 'order', order_no: owner!.orderNo }), 404, CHAT_MESSAGES.orderNotFound);
    expectError(await send(stranger.bearer, { type: 'order', order_no: 'NOSUCHORDER1' }), 404, CHAT_MESSAGES.orderNotFound);
    expect(expectOk(await callRoute<ChatOrderChoice[]>(ordersRoute, '/api/v1/chat/orders', { authorization: stranger.bearer }))).toEqual([]);
  });

  it.skipIf(skip)('a seller may attach an order of their own shop\'s listing', async () => {
    const [sold] = await db.execute<{ order_no: string; owner_user_id: number }>(
      (await import('drizzle-orm')).sql`select o.order_no, s.owner_user_id from orders o join shops s on s.id = o.shop_id where o.user_id <> s.owner_user_id limit 1`,
    ).then((result) => result.rows);
    expect(sold, 'the demo has a rental of a shop\'s listing').toBeTruthy();
    const { issueToken } = await import('~/features/sign-in/server/tokens');
    const sellerBearer = `Bearer ${(await issueToken(db, Number(sold!.owner_user_id), { now: new Date() })).token}`;
    const card = expectOk(await send(sellerBearer, { type: 'order', order_no: sold!.order_no }));
    expect(card.message.order).toMatchObject({ order_no: sold!.order_no, as_renter: false });
  });

  it.skipIf(skip)('an image is only the sender\'s own chat upload', async () => {
    const user = await chatUser(db);
    const other = await chatUser(db);
    const mine = await storeImageUpload(db, user.id, { purpose: 'chat', bytes: await pngBytes(1) }, new Date());
    const theirs = await storeImageUpload(db, other.id, { purpose: 'chat', bytes: await pngBytes(2) }, new Date());
    const listingPicture = await storeImageUpload(db, user.id, { purpose: 'listing', bytes: await pngBytes(3) }, new Date());
    const sent = expectOk(await send(user.bearer, { type: 'image', image_id: mine.id }));
    expect(sent.message.image).toMatchObject({ card_url: mine.card_url, detail_url: mine.detail_url, width: 8, height: 8 });
    expectError(await send(user.bearer, { type: 'image', image_id: theirs.id }), 404, CHAT_MESSAGES.imageNotFound);
    expectError(await send(user.bearer, { type: 'image', image_id: listingPicture.id }), 404, CHAT_MESSAGES.imageNotFound);
  });

  it.skipIf(skip)(`message number ${CHAT_USER_MESSAGES_PER_WINDOW + 1} within the window is refused with 429 and Retry-After`, async () => {
    const user = await chatUser(db);
    for (let i = 0; i < CHAT_USER_MESSAGES_PER_WINDOW; i += 1) expectOk(await send(user.bearer, { type: 'text', text: `第 ${i} 条` }));
    const refused = await send(user.bearer, { type: 'text', text: '太快了' });
    expectError(refused, 429, CHAT_MESSAGES.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, user.id));
    const count = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, row!.id));
    expect(count).toHaveLength(CHAT_USER_MESSAGES_PER_WINDOW);
  });

  it.skipIf(skip)('history pages backwards with before_id and forwards with after_id', async () => {
    const user = await chatUser(db);
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(expectOk(await send(user.bearer, { type: 'text', text: `m${i}` })).message.id);
    const newest = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages?limit=3', { authorization: user.bearer }));
    expect(newest.messages.map((m) => m.text)).toEqual(['m4', 'm5', 'm6']);
    expect(newest.has_more).toBe(true);
    const older = expectOk(await callRoute<ChatHistory>(historyRoute, `/api/v1/chat/messages?limit=3&before_id=${newest.messages[0]!.id}`, { authorization: user.bearer }));
    expect(older.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    const after = expectOk(await callRoute<ChatHistory>(historyRoute, `/api/v1/chat/messages?after_id=${ids[4]}`, { authorization: user.bearer }));
    expect(after.messages.map((m) => m.text)).toEqual(['m5', 'm6']);
    expectError(await callRoute(historyRoute, '/api/v1/chat/messages?limit=0', { authorization: user.bearer }), 400, /参数 limit 无效/);
    expectError(await callRoute(historyRoute, '/api/v1/chat/messages?after_id=abc', { authorization: user.bearer }), 400, /参数 after_id 无效/);
    expectError(await callRoute(historyRoute, '/api/v1/chat/messages?before_id=99999999999999999999', { authorization: user.bearer }), 400, /参数 before_id 无效/);
  });

  it.skipIf(skip)('state: no conversation yet, and 客服在线 counts nobody without an open console', async () => {
    const user = await chatUser(db);
    const state = expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { authorization: user.bearer }));
    expect(state).toEqual({ conversation: null, unread: 0, agents_online: 0 });
  });

  it.skipIf(skip)('the user\'s stream delivers a message written elsewhere, then resumes after Last-Event-ID without gaps', async () => {
    const user = await chatUser(db);
    const response = await routeResponse(streamRoute, '/api/v1/chat/stream', { authorization: user.bearer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = sseReader(response);
    await stream.next('ready');
    const sent = await sendUserMessage(db, user.id, { type: 'text', text: '实时送达' }, new Date());
    const got = await stream.next('message', (data) => (data as { id: number }).id === sent.message.id);
    expect(got.id).toBe(String(sent.message.id));
    expect(got.data).toMatchObject({ text: '实时送达', sender: 'user' });
    await stream.next('state', (data) => (data as ChatState).conversation?.status === 'waiting');
    await stream.close();
    // Messages written while no stream was open come first on the next one.
    const missed1 = await sendUserMessage(db, user.id, { type: 'text', text: '断线期间 1' }, new Date());
    const missed2 = await sendUserMessage(db, user.id, { type: 'text', text: '断线期间 2' }, new Date());
    const resumed = sseReader(await routeResponse(streamRoute, '/api/v1/chat/stream', { authorization: user.bearer, headers: { 'last-event-id': String(sent.message.id) } }));
    expect((await resumed.next('message')).id).toBe(String(missed1.message.id));
    expect((await resumed.next('message')).id).toBe(String(missed2.message.id));
    await resumed.close();
    // The hub forgets a stream whose client left.
    await expect.poll(() => chatHubFor(db).size).toBe(0);
  });

  it.skipIf(skip)('a stream never carries another user\'s messages', async () => {
    const a = await chatUser(db);
    const b = await chatUser(db);
    const stream = sseReader(await routeResponse(streamRoute, '/api/v1/chat/stream', { authorization: a.bearer }));
    await stream.next('ready');
    await sendUserMessage(db, b.id, { type: 'text', text: '别人的消息' }, new Date());
    const mine = await sendUserMessage(db, a.id, { type: 'text', text: '我的消息' }, new Date());
    const first = await stream.next('message');
    expect(first.id).toBe(String(mine.message.id));
    await stream.close();
  });

  it.skipIf(skip)('markUserRead moves the pointer up to the message, never back', async () => {
    const user = await chatUser(db);
    const a = expectOk(await send(user.bearer, { type: 'text', text: 'a' }));
    const result = expectOk(await callRoute<{ unread: number }>(readRoute, '/api/v1/chat/read', { method: 'POST', authorization: user.bearer, body: { message_id: a.message.id + 1000 } }));
    expect(result.unread).toBe(0);
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, user.id));
    expect(row!.userLastReadId).toBe(a.message.id); // capped at the conversation's last message
    expectOk(await callRoute(readRoute, '/api/v1/chat/read', { method: 'POST', authorization: user.bearer, body: { message_id: 1 } }));
    const [after] = await db.select().from(chatConversations).where(eq(chatConversations.userId, user.id));
    expect(after!.userLastReadId).toBe(a.message.id);
    expectError(await callRoute(readRoute, '/api/v1/chat/read', { method: 'POST', authorization: user.bearer, body: { message_id: -1 } }), 400, /参数 message_id 无效/);
  });

});
