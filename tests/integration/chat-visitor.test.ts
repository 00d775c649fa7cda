/**
 * Visitors reach customer service (issue 26 part 3): a browser that has not signed in mints an
 * opaque visitor token and writes to the desk with it; another visitor's token reads nothing of it;
 * visitors write text only, within per-visitor and per-address limits; an agent's answer reaches the
 * visitor's history and stream; signing in joins the visitor's conversations to the account exactly
 * once, also when joins and messages race; on PGlite and (DATABASE_URL_TEST) PostgreSQL.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_VISITOR_IP_MESSAGES_PER_WINDOW, CHAT_VISITOR_MESSAGES_PER_WINDOW, CHAT_VISITOR_MINTS_PER_IP, CHAT_TEXT_MAX_CHARS } from '~/features/chat/constants';
import { CHAT_MESSAGES, type ChatConversationSummary, type ChatHistory, type ChatJoinResult, type ChatOpsHistory, type ChatOpsList, type ChatSendResult, type ChatState, type ChatVisitorAnswer } from '~/features/chat/contract/chat';
import type { Db } from '~/platform/db/client';
import { chatConversations, chatMessages, chatVisitors } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { POST as visitorRoute } from '~/pages/api/v1/chat/visitor';
import { POST as joinRoute } from '~/pages/api/v1/chat/join';
import { GET as historyRoute, POST as sendRoute } from '~/pages/api/v1/chat/messages';
import { POST as readRoute } from '~/pages/api/v1/chat/read';
import { GET as stateRoute } from '~/pages/api/v1/chat/state';
import { GET as streamRoute } from '~/pages/api/v1/chat/stream';
import { GET as listRoute } from '~/pages/api/v1/ops/chat/conversations';
import { GET as opsMessagesRoute } from '~/pages/api/v1/ops/chat/messages';
import { POST as takeRoute } from '~/pages/api/v1/ops/chat/take';
import { POST as replyRoute } from '~/pages/api/v1/ops/chat/reply';
import { chatUser, sseReader } from './chat-helpers';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, routeResponse } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const HEADER = 'X-Chat-Visitor';
let serial = 0;
/** A fresh address per test, so per-address limits of one test never reach another. */
const nextIp = (): string => {
  serial += 1;
  return `198.51.100.${serial % 250}:${process.pid}:${serial}`;
};

describe.each(TEST_DRIVERS)('customer-service chat for visitors on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  async function mint(ip: string): Promise<string> {
    return expectOk(await callRoute<ChatVisitorAnswer>(visitorRoute, '/api/v1/chat/visitor', { method: 'POST', ip })).token;
  }

  const send = (token: string, body: unknown, ip = nextIp()) =>
    callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', headers: { [HEADER]: token }, body, ip });
  const history = (token: string, query = '') => callRoute<ChatHistory>(historyRoute, `/api/v1/chat/messages${query}`, { headers: { [HEADER]: token } });
  const join = (bearer: string, token: string) => callRoute<ChatJoinResult>(joinRoute, '/api/v1/chat/join', { method: 'POST', authorization: bearer, headers: { [HEADER]: token } });

  async function agent(): Promise<{ id: number; cookie: string; name: string }> {
    serial += 1;
    const name = `访客客服${serial}`;
    const row = await createOperator(db, { username: `kf_visitor_${process.pid % 1000}_${serial}`, password: 'kf_test_pass_01', role: 'service', displayName: name });
    const { cookie } = await openOperatorSession(db, row.id, new Date());
    return { id: row.id, cookie, name };
  }

  it.skipIf(skip)('a visitor writes without signing in, an agent sees it marked as a visitor\'s and answers, the visitor reads the answer', async () => {
    const token = await mint(nextIp());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept: a database leak names no visitor's token.
    const stored = await db.select({ tokenHash: chatVisitors.tokenHash }).from(chatVisitors);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const first = expectOk(await send(token, { type: 'text', text: '  我还没注册，想问问怎么租号  ' }));
    expect(first.message).toMatchObject({ sender: 'user', type: 'text', text: '我还没注册，想问问怎么租号' });
    expect(first.state.conversation).toMatchObject({ status: 'waiting' });
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, first.message.conversation_id));
    expect(row).toMatchObject({ userId: null, status: 'waiting' });
    expect(row!.visitorId).not.toBeNull();

    const kf = await agent();
    const queue = expectOk(await callRoute<ChatOpsList>(listRoute, '/api/v1/ops/chat/conversations?view=queue', { cookie: kf.cookie }));
    const listed = queue.conversations.find((c) => c.id === first.message.conversation_id);
    expect(listed).toMatchObject({ user: null, visitor_id: row!.visitorId, last_message_preview: '我还没注册，想问问怎么租号', unread: 1 });
    const opsHistory = expectOk(await callRoute<ChatOpsHistory>(opsMessagesRoute, `/api/v1/ops/chat/messages?conversation_id=${row!.id}`, { cookie: kf.cookie }));
    expect(opsHistory.messages.map((m) => m.text)).toEqual(['我还没注册，想问问怎么租号']);

    const stream = sseReader(await routeResponse(streamRoute, '/api/v1/chat/stream', { headers: { [HEADER]: token } }));
    await stream.next('ready');
    expectOk(await callRoute<ChatConversationSummary>(takeRoute, '/api/v1/ops/chat/take', { method: 'POST', cookie: kf.cookie, body: { conversation_id: row!.id } }));
    const reply = expectOk(await callRoute<{ id: number }>(replyRoute, '/api/v1/ops/chat/reply', { method: 'POST', cookie: kf.cookie, body: { conversation_id: row!.id, type: 'text', text: '您好，先注册再下单即可' } }));
    const live = await stream.next('message', (data) => (data as { id: number }).id === reply.id);
    expect(live.data).toMatchObject({ sender: 'agent', text: '您好，先注册再下单即可', agent_name: kf.name });
    await stream.close();

    const read = expectOk(await history(token));
    expect(read.messages.map((m) => [m.sender, m.text])).toEqual([
      ['user', '我还没注册，想问问怎么租号'],
      ['system', '客服已接入'],
      ['agent', '您好，先注册再下单即可'],
    ]);
    expect(read.state).toMatchObject({ unread: 1, conversation: { status: 'assigned', agent_name: kf.name } });
    const afterRead = expectOk(await callRoute<{ unread: number }>(readRoute, '/api/v1/chat/read', { method: 'POST', headers: { [HEADER]: token }, body: { message_id: reply.id } }));
    expect(afterRead.unread).toBe(0);
    expect(expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { headers: { [HEADER]: token } })).unread).toBe(0);
  });

  it.skipIf(skip)('another visitor\'s token reads nothing of it; a made-up, malformed or missing token is 401', async () => {
    const ip = nextIp();
    const alice = await mint(ip);
    const bob = await mint(ip);
    expect(bob).not.toBe(alice);
    const sent = expectOk(await send(alice, { type: 'text', text: '只有我能看到' }));
    expect(expectOk(await history(bob)).messages).toEqual([]);
    expect(expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { headers: { [HEADER]: bob } }))).toMatchObject({ conversation: null, unread: 0 });
    // Bob reading "after 0" gets nothing of Alice's, and his stream does not carry her messages.
    expect(expectOk(await history(bob, '?after_id=0')).messages).toEqual([]);
    const bobStream = sseReader(await routeResponse(streamRoute, '/api/v1/chat/stream', { headers: { [HEADER]: bob, 'last-event-id': '0' } }));
    await bobStream.next('ready');
    const mine = expectOk(await send(bob, { type: 'text', text: '我是 Bob' }));
    expect((await bobStream.next('message')).id).toBe(String(mine.message.id));
    await bobStream.close();
    expect(mine.message.conversation_id).not.toBe(sent.message.conversation_id);

    const madeUp = 'A'.repeat(43);
    expectError(await history(madeUp), 401, CHAT_MESSAGES.visitorUnknown);
    expectError(await send(madeUp, { type: 'text', text: 'x' }), 401, CHAT_MESSAGES.visitorUnknown);
    expectError(await history('not-a-token'), 401, CHAT_MESSAGES.visitorUnknown);
    expectUnauthorized(await callRoute(historyRoute, '/api/v1/chat/messages'));
    expectError(await callRoute(streamRoute, '/api/v1/chat/stream', { headers: { [HEADER]: madeUp } }), 401, CHAT_MESSAGES.visitorUnknown);
    // A Bearer that is not valid is never read as the visitor beside it.
    expectUnauthorized(await callRoute(historyRoute, '/api/v1/chat/messages', { authorization: 'Bearer nope', headers: { [HEADER]: alice } }));
  });

  it.skipIf(skip)('visitors write text only, with the same checks as users; refusals write nothing', async () => {
    const token = await mint(nextIp());
    expectError(await send(token, { type: 'image', image_id: 1 }), 403, CHAT_MESSAGES.visitorTextOnly);
    expectError(await send(token, { type: 'order', order_no: 'ABC123' }), 403, CHAT_MESSAGES.visitorTextOnly);
    expectError(await send(token, { type: 'text', text: 'a\u0000b' }), 400, '参数包含非法字符');
    expectError(await send(token, { type: 'text', text: 42 }), 400, /参数 text 无效/);
    expectError(await send(token, { type: 'text', text: '   ' }), 400, /参数 text 无效/);
    expectError(await send(token, { type: 'text', text: '字'.repeat(CHAT_TEXT_MAX_CHARS + 1) }), 400, /长度应不超过 1000 个字符/);
    expectError(await send(token, { type: 'voice' }), 400, /参数 type 无效/);
    expect(expectOk(await history(token)).messages).toEqual([]);
    expect(expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { headers: { [HEADER]: token } })).conversation).toBeNull();
  });

  it.skipIf(skip)(`a visitor is limited to ${CHAT_VISITOR_MESSAGES_PER_WINDOW} messages per window, and one address to ${CHAT_VISITOR_IP_MESSAGES_PER_WINDOW} over all its visitors`, async () => {
    const ip = nextIp();
    const tokens = [await mint(ip), await mint(ip), await mint(ip)];
    for (let i = 0; i < CHAT_VISITOR_MESSAGES_PER_WINDOW; i += 1) expectOk(await send(tokens[0]!, { type: 'text', text: `甲 ${i}` }, ip));
    const refused = await send(tokens[0]!, { type: 'text', text: '太快了' }, ip);
    expectError(refused, 429, CHAT_MESSAGES.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // New ids from the same address: the address's own limit still holds (the refusal above, by the
    // visitor's limit, did not reach the address's count).
    const left = CHAT_VISITOR_IP_MESSAGES_PER_WINDOW - CHAT_VISITOR_MESSAGES_PER_WINDOW;
    for (let i = 0; i < left; i += 1) expectOk(await send(tokens[1]!, { type: 'text', text: `乙 ${i}` }, ip));
    expectError(await send(tokens[2]!, { type: 'text', text: '换个身份' }, ip), 429, CHAT_MESSAGES.rateLimited);
    // Another address is not held back by this one.
    expectOk(await send(tokens[2]!, { type: 'text', text: '换个网络' }, nextIp()));
  });

  it.skipIf(skip)(`one address mints at most ${CHAT_VISITOR_MINTS_PER_IP} visitors per window`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CHAT_VISITOR_MINTS_PER_IP; i += 1) await mint(ip);
    expectError(await callRoute(visitorRoute, '/api/v1/chat/visitor', { method: 'POST', ip }), 429, CHAT_MESSAGES.visitorMintLimited);
    await mint(nextIp());
  });

  it.skipIf(skip)('signing in joins the visitor\'s conversations to the account once; the token is then no visitor\'s', async () => {
    const token = await mint(nextIp());
    const a = expectOk(await send(token, { type: 'text', text: '访客时说的' }));
    const user = await chatUser(db, 'vj');
    const joined = expectOk(await join(user.bearer, token));
    expect(joined.joined).toBe(true);
    expect(joined.state.conversation).toMatchObject({ id: a.message.conversation_id, status: 'waiting' });
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, a.message.conversation_id));
    expect(row).toMatchObject({ userId: user.id, visitorId: null });
    const mine = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer }));
    expect(mine.messages.map((m) => m.text)).toEqual(['访客时说的']);
    // Once joined, the token is nobody's: not the visitor's, and a second join does nothing.
    expectError(await history(token), 401, CHAT_MESSAGES.visitorUnknown);
    expect(expectOk(await join(user.bearer, token)).joined).toBe(false);
    const other = await chatUser(db, 'vj');
    expect(expectOk(await join(other.bearer, token)).joined).toBe(false);
    expect(expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: other.bearer })).messages).toEqual([]);
    expectError(await callRoute(joinRoute, '/api/v1/chat/join', { method: 'POST', authorization: user.bearer }), 400, CHAT_MESSAGES.visitorTokenMissing);
    expectUnauthorized(await callRoute(joinRoute, '/api/v1/chat/join', { method: 'POST', headers: { [HEADER]: token } }));
  });

  it.skipIf(skip)('parallel joins (two tabs) join once; an account with its own open conversation ends with one, holding every message', async () => {
    const token = await mint(nextIp());
    const user = await chatUser(db, 'vj');
    const own = expectOk(await callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, body: { type: 'text', text: '账号里原有的' } }));
    const v1 = expectOk(await send(token, { type: 'text', text: '访客 1' }));
    const v2 = expectOk(await send(token, { type: 'text', text: '访客 2' }));
    const results = await Promise.all(Array.from({ length: 5 }, () => join(user.bearer, token)));
    expect(results.map((r) => expectOk(r).joined).filter(Boolean)).toHaveLength(1);
    const open = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, user.id), ne(chatConversations.status, 'closed')));
    expect(open).toHaveLength(1);
    // Neither was taken: the account's conversation stays, the visitor's messages moved into it.
    expect(open[0]!.id).toBe(own.message.conversation_id);
    expect(open[0]!.lastMessageId).toBe(v2.message.id);
    const messages = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.conversationId, open[0]!.id));
    expect(messages.map((m) => m.id).sort((x, y) => x - y)).toEqual([own.message.id, v1.message.id, v2.message.id]);
    expect(await db.select().from(chatConversations).where(eq(chatConversations.id, v1.message.conversation_id))).toEqual([]);
    // The desk sees one conversation for this person, with the visitor's lines unread.
    const kf = await agent();
    const queue = expectOk(await callRoute<ChatOpsList>(listRoute, '/api/v1/ops/chat/conversations?view=open', { cookie: kf.cookie }));
    const theirs = queue.conversations.filter((c) => c.user?.id === user.id);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ unread: 3, visitor_id: null });
  });

  it.skipIf(skip)('when an agent already serves the visitor\'s conversation, it is the one that stays', async () => {
    const token = await mint(nextIp());
    const user = await chatUser(db, 'vj');
    const own = expectOk(await callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, body: { type: 'text', text: '账号排队中' } }));
    const visit = expectOk(await send(token, { type: 'text', text: '访客已被接待' }));
    const kf = await agent();
    expectOk(await callRoute(takeRoute, '/api/v1/ops/chat/take', { method: 'POST', cookie: kf.cookie, body: { conversation_id: visit.message.conversation_id } }));
    expect(expectOk(await join(user.bearer, token)).joined).toBe(true);
    const open = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, user.id), ne(chatConversations.status, 'closed')));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: visit.message.conversation_id, status: 'assigned', operatorId: kf.id });
    const texts = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer })).messages.map((m) => m.text);
    expect(texts).toEqual(['账号排队中', '访客已被接待', '客服已接入']);
    expect(await db.select().from(chatConversations).where(eq(chatConversations.id, own.message.conversation_id))).toEqual([]);
    // The agent goes on answering in the same conversation, now the account's.
    expectOk(await callRoute(replyRoute, '/api/v1/ops/chat/reply', { method: 'POST', cookie: kf.cookie, body: { conversation_id: visit.message.conversation_id, type: 'text', text: '已看到您的账号' } }));
  });

  it.skipIf(skip)('messages racing the join are each kept exactly once, in the account\'s conversation, or refused 401', async () => {
    const token = await mint(nextIp());
    expectOk(await send(token, { type: 'text', text: '开始' }));
    const user = await chatUser(db, 'vj');
    const [visitorSends, joinResult, accountSends] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, (_, i) => send(token, { type: 'text', text: `并发 ${i}` }))),
      join(user.bearer, token),
      Promise.all(Array.from({ length: 4 }, (_, i) => callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, body: { type: 'text', text: `账号 ${i}` } }))),
    ]);
    for (const result of visitorSends) expect([200, 401]).toContain(result.status);
    const accepted = visitorSends.filter((r) => r.status === 200).length;
    for (const result of accountSends) expectOk(result);
    expect(expectOk(joinResult).joined).toBe(true);
    const all = await db
      .select({ text: chatMessages.body })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatConversations.userId, user.id));
    expect(all).toHaveLength(1 + accepted + 4);
    expect(new Set(all.map((m) => m.text)).size).toBe(all.length);
    const open = await db.select().from(chatConversations).where(and(eq(chatConversations.userId, user.id), ne(chatConversations.status, 'closed')));
    expect(open).toHaveLength(1);
    expect(await db.select().from(chatConversations).innerJoin(chatVisitors, eq(chatVisitors.id, chatConversations.visitorId)).where(eq(chatVisitors.joinedUserId, user.id))).toEqual([]);
  });
});
