/** Pure rules of visitors' chat (issue 26 part 3): which conversation stays on a join, the merged read pointer, names, announcements. */
import { describe, expect, it } from 'vitest';
import { joinKeeper, mergedReadPointer, visitorName } from '~/features/chat/rules/chat';
import { parseChatAnnouncement } from '~/features/chat/server/hub';

describe('joinKeeper', () => {
  it.each([
    ['waiting', 'waiting', 'account'],
    ['assigned', 'waiting', 'account'],
    ['waiting', 'assigned', 'visitor'],
    ['assigned', 'assigned', 'account'],
  ] as const)('account %s, visitor %s → %s stays', (account, visitor, keeper) => {
    expect(joinKeeper({ status: account, operatorId: account === 'assigned' ? 1 : null }, { status: visitor, operatorId: visitor === 'assigned' ? 2 : null })).toBe(keeper);
  });
});

describe('mergedReadPointer', () => {
  it.each([
    // every part read to its end → the newest message
    [[{ pointer: 10, lastMessageId: 10 }, { pointer: 20, lastMessageId: 20 }], 20],
    // one part has unread messages after 5 → 5, though the other read up to 20
    [[{ pointer: 5, lastMessageId: 10 }, { pointer: 20, lastMessageId: 20 }], 5],
    // both have unread ones → the earlier pointer
    [[{ pointer: 12, lastMessageId: 30 }, { pointer: 3, lastMessageId: 8 }], 3],
    // nothing read at all
    [[{ pointer: 0, lastMessageId: 4 }, { pointer: 0, lastMessageId: 9 }], 0],
    // a part with no messages has nothing unread
    [[{ pointer: 0, lastMessageId: null }, { pointer: 7, lastMessageId: 7 }], 7],
    [[{ pointer: 0, lastMessageId: null }], 0],
  ])('%j → %i', (parts, pointer) => {
    expect(mergedReadPointer(parts)).toBe(pointer);
  });
});

describe('visitorName', () => {
  it.each([
    [12, '访客 12'],
    [null, '访客'],
  ])('%s → %s', (id, name) => expect(visitorName(id)).toBe(name));
});

describe('parseChatAnnouncement', () => {
  it.each([
    ['12:34', { conversationId: 12, owner: '34' }],
    ['12:v34', { conversationId: 12, owner: 'v34' }],
    ['12:', null],
    ['12:x34', null],
    ['v12:34', null],
    ['12:34:56', null],
  ])('%s → %j', (payload, parsed) => expect(parseChatAnnouncement(payload)).toEqual(parsed));
});
