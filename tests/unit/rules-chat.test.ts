/** Pure rules of the customer-service chat (issue 15), as tables. */
import { describe, expect, it } from 'vitest';
import { chatPreview, createSseParser, deskStatusText, mergeMessages, readByPeer, reconnectDelayMs, shouldPoll, sseFrame, unreadBadgeText, waitText, type SseEvent } from '~/features/chat/rules/chat';

describe('chatPreview', () => {
  it.each([
    [{ type: 'text', text: '你好\n  我的账号  登不上' }, '你好 我的账号 登不上'],
    [{ type: 'image', text: null }, '[图片]'],
    [{ type: 'order', text: null, order: { title: '王者荣耀 V8 全皮肤' } }, '[订单] 王者荣耀 V8 全皮肤'],
    [{ type: 'order', text: null, order: null }, '[订单]'],
    [{ type: 'system', text: '客服已接入' }, '客服已接入'],
    [{ type: 'text', text: '字'.repeat(50) }, `${'字'.repeat(39)}…`],
  ] as const)('%j → %s', (message, preview) => {
    expect(chatPreview(message)).toBe(preview);
  });
  it('no message, no preview', () => expect(chatPreview(null)).toBe(''));
});

describe('unreadBadgeText', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('%d → "%s"', (count, text) => expect(unreadBadgeText(count)).toBe(text));
});

describe('waitText', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  it.each([
    [0, '刚刚'],
    [59_000, '刚刚'],
    [60_000, '1 分钟'],
    [59 * 60_000, '59 分钟'],
    [60 * 60_000, '1 小时'],
    [95 * 60_000, '1 小时 35 分钟'],
    [26 * 60 * 60_000, '1 天'],
    [-5_000, '刚刚'],
  ])('waited %d ms → %s', (waited, text) => expect(waitText(now - waited, now)).toBe(text));
});

describe('read receipts', () => {
  it.each([
    [10, 9, false],
    [10, 10, true],
    [10, 11, true],
  ])('message %d with the peer read up to %d → %s', (id, peer, read) => expect(readByPeer(id, peer)).toBe(read));
});

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, the later copy winning', () => {
    const merged = mergeMessages(
      [
        { id: 3, v: 'a' },
        { id: 1, v: 'a' },
      ],
      [
        { id: 2, v: 'b' },
        { id: 3, v: 'b' },
      ],
    );
    expect(merged).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
      { id: 3, v: 'b' },
    ]);
  });
  it('nothing new keeps the same array (no re-render)', () => {
    const current = [{ id: 1 }];
    expect(mergeMessages(current, [])).toBe(current);
  });
});

describe('reconnect schedule', () => {
  it.each([
    [1, 0, 1_000],
    [2, 0, 2_000],
    [3, 0, 4_000],
    [6, 0, 30_000],
    [50, 0, 30_000],
    [1, 1, 1_200],
    [1, 7, 1_200],
  ])('failure %d with jitter %d → %d ms', (failures, random, ms) => expect(reconnectDelayMs(failures, random)).toBe(ms));
  it.each([
    [2, 3, false],
    [3, 3, true],
  ])('%d failures, threshold %d → poll %s', (failures, threshold, poll) => expect(shouldPoll(failures, threshold)).toBe(poll));
});

describe('deskStatusText says honestly who is there', () => {
  it.each([
    [{ status: null, agentName: null, queuePosition: null, agentsOnline: 0 }, '当前没有客服在线，您可以先留言，客服上线后会回复'],
    [{ status: null, agentName: null, queuePosition: null, agentsOnline: 2 }, '客服在线，有问题请直接留言'],
    [{ status: 'waiting', agentName: null, queuePosition: 1, agentsOnline: 0 }, '当前没有客服在线，您的消息已进入排队，客服上线后会按顺序回复'],
    [{ status: 'waiting', agentName: null, queuePosition: 1, agentsOnline: 1 }, '正在为您接入客服，请稍候'],
    [{ status: 'waiting', agentName: null, queuePosition: 4, agentsOnline: 1 }, '正在排队，前面还有 3 位'],
    [{ status: 'assigned', agentName: '小美', queuePosition: null, agentsOnline: 1 }, '客服 小美 为您服务'],
    [{ status: 'closed', agentName: null, queuePosition: null, agentsOnline: 1 }, '会话已结束，发送消息将开始新的会话'],
  ] as const)('%j → %s', (state, text) => expect(deskStatusText(state)).toBe(text));
});

describe('server-sent events', () => {
  it('a frame carries id, event and one JSON data line', () => {
    expect(sseFrame('message', { a: '多\n行' }, 7)).toBe('id: 7\nevent: message\ndata: {"a":"多\\n行"}\n\n');
    expect(sseFrame('ready', {})).toBe('event: ready\ndata: {}\n\n');
  });

  it('the parser reassembles events across chunk boundaries, skips comments and retry, accepts CRLF', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const text = `retry: 3000\n\n: ping\n\n${sseFrame('message', { n: 1 }, 5)}event: state\r\ndata: {"u":0}\r\n\r\ndata: plain\n\n`;
    for (let i = 0; i < text.length; i += 3) parser.push(text.slice(i, i + 3));
    expect(events).toEqual([
      { id: '5', event: 'message', data: '{"n":1}' },
      { id: null, event: 'state', data: '{"u":0}' },
      { id: null, event: 'message', data: 'plain' },
    ]);
  });

  it('a CR at the end of a chunk waits for a possible LF', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push('data: x\r');
    parser.push('\n\r');
    parser.push('\n');
    expect(events).toEqual([{ id: null, event: 'message', data: 'x' }]);
  });
});
