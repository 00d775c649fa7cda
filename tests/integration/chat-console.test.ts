/**
 * Customer-service chat, the desk's side (issue 15): the queue oldest first, take (two agents at
 * once: exactly one wins, the other 409), reply only into one's own conversation, unread counts
 * per conversation and read receipts both ways, close (a new conversation on the next message),
 * release back to the queue, every state change audited in its transaction, agents' images,
 * presence (客服在线), and the console's and the renter's streams carrying the desk's changes, on
 * PGlite and (DATABASE_URL_TEST) PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_SYSTEM_TEXT, type ChatConversationSummary, type ChatHistory, type ChatMessageView, type ChatOpsHistory, type ChatOpsList, type ChatSendResult, type ChatState } from '~/features/chat/contract/chat';
import type { Db } from '~/platform/db/client';
import { chatConversations, opsAuditLog } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { storeOwnedImage } from '~/platform/db/uploads';
import { GET as listRoute } from '~/pages/api/v1/ops/chat/conversations';
import { GET as opsMessagesRoute } from '~/pages/api/v1/ops/chat/messages';
import { GET as consoleStreamRoute } from '~/pages/api/v1/ops/chat/stream';
import { POST as takeRoute } from '~/pages/api/v1/ops/chat/take';
import { POST as replyRoute } from '~/pages/api/v1/ops/chat/reply';
import { POST as opsReadRoute } from '~/pages/api/v1/ops/chat/read';
import { POST as closeRoute } from '~/pages/api/v1/ops/chat/close';
import { POST as releaseRoute } from '~/pages/api/v1/ops/chat/release';
import { POST as sendRoute, GET as historyRoute } from '~/pages/api/v1/chat/messages';
import { POST as userReadRoute } from '~/pages/api/v1/chat/read';
import { GET as stateRoute } from '~/pages/api/v1/chat/state';
import { GET as userStreamRoute } from '~/pages/api/v1/chat/stream';
import { chatUser, pngBytes, sseReader } from './chat-helpers';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, routeResponse } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

let serial = 0;

describe.each(TEST_DRIVERS)('customer-service chat (the desk) on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  async function agent(role: 'service' | 'admin' = 'service'): Promise<{ id: number; cookie: string; name: string }> {
    serial += 1;
    const name = `客服${serial}`;
    const row = await createOperator(db, { username: `kf_test_${serial}`, password: 'kf_test_pass_01', role, displayName: name });
    const { cookie } = await openOperatorSession(db, row.id, new Date());
    return { id: row.id, cookie, name };
  }

  const ops = <T>(route: Parameters<typeof callRoute>[0], path: string, cookie: string, body?: unknown) =>
    callRoute<T>(route, path, body === undefined ? { cookie } : { method: 'POST', cookie, body });

  async function waitingConversation(text = '请帮帮我'): Promise<{ user: Awaited<ReturnType<typeof chatUser>>; conversationId: number; messageId: number }> {
    const user = await chatUser(db, 'cc');
    const sent = expectOk(await callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, body: { type: 'text', text } }));
    return { user, conversationId: sent.message.conversation_id, messageId: sent.message.id };
  }

  it.skipIf(skip)('the queue lists waiting conversations oldest first, with the unread count', async () => {
    const kf = await agent();
    const first = await waitingConversation('第一位');
    const second = await waitingConversation('第二位');
    const list = expectOk(await ops<ChatOpsList>(listRoute, '/api/v1/ops/chat/conversations?view=queue', kf.cookie));
    const ids = list.conversations.map((c) => c.id);
    expect(ids.indexOf(first.conversationId)).toBeLessThan(ids.indexOf(second.conversationId));
    const row = list.conversations.find((c) => c.id === second.conversationId)!;
    expect(row).toMatchObject({ status: 'waiting', unread: 1, last_message_preview: '第二位', operator_id: null });
    expect(list.counts.queue).toBeGreaterThanOrEqual(2);
    expectError(await ops(listRoute, '/api/v1/ops/chat/conversations?view=everything', kf.cookie), 400, /参数 view 无效/);
  });

  it.skipIf(skip)('take: the conversation is the agent\'s, the user sees 客服已接入, the audit log has it; a second agent gets 409', async () => {
    const kf = await agent();
    const other = await agent();
    const { user, conversationId } = await waitingConversation();
    const taken = expectOk(await ops<ChatConversationSummary>(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    expect(taken).toMatchObject({ status: 'assigned', operator_id: kf.id, agent_name: kf.name });
    expectError(await ops(takeRoute, '/api/v1/ops/chat/take', other.cookie, { conversation_id: conversationId }), 409, CHAT_MESSAGES.alreadyTaken);
    expectError(await ops(takeRoute, '/api/v1/ops/chat/take', other.cookie, { conversation_id: 2_000_000_000 }), 404, CHAT_MESSAGES.notFound);
    const audit = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'chat.take'), eq(opsAuditLog.targetId, String(conversationId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.operatorId).toBe(kf.id);
    const history = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer }));
    expect(history.messages.at(-1)).toMatchObject({ sender: 'system', type: 'system', text: CHAT_SYSTEM_TEXT.taken });
    expect(history.state.conversation).toMatchObject({ status: 'assigned', agent_name: kf.name, queue_position: null });
  });

  it.skipIf(skip)('agents taking the same conversation at once: exactly one wins, every other gets 409', async () => {
    const agents = await Promise.all(Array.from({ length: 8 }, () => agent()));
    const { conversationId } = await waitingConversation();
    const answers = await Promise.all(agents.map((kf) => ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(agents.length - 1);
    const winner = agents[answers.findIndex((answer) => answer.status === 200)]!;
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
    expect(row!.operatorId).toBe(winner.id);
    const audit = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'chat.take'), eq(opsAuditLog.targetId, String(conversationId))));
    expect(audit, 'one audit row: the losers wrote nothing').toHaveLength(1);
  });

  it.skipIf(skip)('replies go only into one\'s own conversation; unread counts and read receipts move both ways', async () => {
    const kf = await agent();
    const other = await agent();
    const { user, conversationId, messageId } = await waitingConversation('在吗');
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'text', text: '您好' }), 409, CHAT_MESSAGES.takeFirst);
    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', other.cookie, { conversation_id: conversationId, type: 'text', text: '抢答' }), 409, CHAT_MESSAGES.notYours);
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'text', text: '' }), 400, /参数 text 无效/);
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'order', order_no: 'X1' }), 400, /参数 type 无效/);

    // The user's message is unread for the desk until the agent reads it; the user then sees 已读.
    let summary = expectOk(await ops<ChatOpsHistory>(opsMessagesRoute, `/api/v1/ops/chat/messages?conversation_id=${conversationId}`, kf.cookie)).conversation;
    expect(summary.unread).toBe(1);
    summary = expectOk(await ops<ChatConversationSummary>(opsReadRoute, '/api/v1/ops/chat/read', kf.cookie, { conversation_id: conversationId, message_id: messageId }));
    expect(summary.unread).toBe(0);
    let history = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer }));
    expect(history.messages.find((m) => m.id === messageId)!.read_by_peer).toBe(true);
    expect(history.state.conversation!.peer_read_id).toBeGreaterThanOrEqual(messageId);

    const reply = expectOk(await ops<ChatMessageView>(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'text', text: '您好，请问有什么可以帮您？' }));
    expect(reply).toMatchObject({ sender: 'agent', agent_name: kf.name, read_by_peer: false });
    let state = expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { authorization: user.bearer }));
    expect(state.unread).toBe(1);
    expect(expectOk(await callRoute<{ unread: number }>(userReadRoute, '/api/v1/chat/read', { method: 'POST', authorization: user.bearer, body: { message_id: reply.id } })).unread).toBe(0);
    state = expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { authorization: user.bearer }));
    expect(state.unread).toBe(0);
    const agentView = expectOk(await ops<ChatOpsHistory>(opsMessagesRoute, `/api/v1/ops/chat/messages?conversation_id=${conversationId}`, kf.cookie));
    expect(agentView.messages.find((m) => m.id === reply.id)!.read_by_peer, 'the agent sees 已读 once the user read it').toBe(true);
    history = expectOk(await callRoute<ChatHistory>(historyRoute, '/api/v1/chat/messages', { authorization: user.bearer }));
    expect(history.messages.find((m) => m.id === reply.id)).toMatchObject({ sender: 'agent', read_by_peer: false });
  });

  it.skipIf(skip)('close ends it with 会话已结束 (audited); the user\'s next message opens a new waiting conversation', async () => {
    const kf = await agent();
    const other = await agent();
    const { user, conversationId } = await waitingConversation();
    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    expectError(await ops(closeRoute, '/api/v1/ops/chat/close', other.cookie, { conversation_id: conversationId }), 409, CHAT_MESSAGES.notYours);
    const closed = expectOk(await ops<ChatConversationSummary>(closeRoute, '/api/v1/ops/chat/close', kf.cookie, { conversation_id: conversationId }));
    expect(closed.status).toBe('closed');
    expectError(await ops(closeRoute, '/api/v1/ops/chat/close', kf.cookie, { conversation_id: conversationId }), 409, CHAT_MESSAGES.closed);
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'text', text: '还在吗' }), 409, CHAT_MESSAGES.closed);
    const audit = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'chat.close'), eq(opsAuditLog.targetId, String(conversationId))));
    expect(audit).toHaveLength(1);
    const again = expectOk(await callRoute<ChatSendResult>(sendRoute, '/api/v1/chat/messages', { method: 'POST', authorization: user.bearer, body: { type: 'text', text: '我又来了' } }));
    expect(again.message.conversation_id).not.toBe(conversationId);
    expect(again.state.conversation!.status).toBe('waiting');
    const history = expectOk(await ops<ChatOpsHistory>(opsMessagesRoute, `/api/v1/ops/chat/messages?conversation_id=${again.message.conversation_id}`, kf.cookie));
    expect(history.conversation.earlier_conversations).toBe(1);
    expect(history.messages.map((m) => m.text)).toEqual(['请帮帮我', CHAT_SYSTEM_TEXT.taken, CHAT_SYSTEM_TEXT.closed, '我又来了']);
  });

  it.skipIf(skip)('release puts it back in the queue (audited); an admin may close anyone\'s', async () => {
    const kf = await agent();
    const admin = await agent('admin');
    const { conversationId } = await waitingConversation();
    expectError(await ops(releaseRoute, '/api/v1/ops/chat/release', kf.cookie, { conversation_id: conversationId }), 409, CHAT_MESSAGES.notAssigned);
    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    const released = expectOk(await ops<ChatConversationSummary>(releaseRoute, '/api/v1/ops/chat/release', kf.cookie, { conversation_id: conversationId }));
    expect(released).toMatchObject({ status: 'waiting', operator_id: null });
    expect((await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'chat.release'), eq(opsAuditLog.targetId, String(conversationId))))).length).toBe(1);
    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    expect(expectOk(await ops<ChatConversationSummary>(closeRoute, '/api/v1/ops/chat/close', admin.cookie, { conversation_id: conversationId })).status).toBe('closed');
  });

  it.skipIf(skip)('an agent sends their own uploaded image, never another agent\'s', async () => {
    const kf = await agent();
    const other = await agent();
    const { conversationId } = await waitingConversation();
    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    const mine = await storeOwnedImage(db, { kind: 'operator', operatorId: kf.id }, 'chat', await pngBytes(40), new Date());
    const theirs = await storeOwnedImage(db, { kind: 'operator', operatorId: other.id }, 'chat', await pngBytes(41), new Date());
    const sent = expectOk(await ops<ChatMessageView>(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'image', image_id: mine.id }));
    expect(sent.image?.card_url).toBe(mine.card_url);
    expectError(await ops(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'image', image_id: theirs.id }), 404, CHAT_MESSAGES.imageNotFound);
  });

  it.skipIf(skip)('the console\'s stream tells of changes; the renter\'s stream carries the reply; an open console counts as 客服在线', async () => {
    const kf = await agent();
    const { user, conversationId } = await waitingConversation();
    const consoleStream = sseReader(await routeResponse(consoleStreamRoute, '/api/v1/ops/chat/stream', { cookie: kf.cookie }));
    await consoleStream.next('ready');
    const state = expectOk(await callRoute<ChatState>(stateRoute, '/api/v1/chat/state', { authorization: user.bearer }));
    expect(state.agents_online).toBeGreaterThanOrEqual(1);
    const userStream = sseReader(await routeResponse(userStreamRoute, '/api/v1/chat/stream', { authorization: user.bearer }));
    await userStream.next('ready');

    expectOk(await ops(takeRoute, '/api/v1/ops/chat/take', kf.cookie, { conversation_id: conversationId }));
    await consoleStream.next('conversation', (data) => (data as ChatConversationSummary).id === conversationId && (data as ChatConversationSummary).status === 'assigned');
    const reply = expectOk(await ops<ChatMessageView>(replyRoute, '/api/v1/ops/chat/reply', kf.cookie, { conversation_id: conversationId, type: 'text', text: '实时回复' }));
    const got = await userStream.next('message', (data) => (data as ChatMessageView).id === reply.id);
    expect(got.data).toMatchObject({ sender: 'agent', text: '实时回复', agent_name: kf.name });
    await userStream.next('state', (data) => (data as ChatState).unread === 1);
    await consoleStream.close();
    await userStream.close();
  });
});
