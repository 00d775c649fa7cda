/** banInEffect (src/features/account/rules/user-ban.ts): whether an operator's ban holds at a moment (issue 15, timed bans). */
import { describe, expect, it } from 'vitest';
import { banInEffect, type BanState } from '~/features/account/rules/user-ban';

const at = (iso: string): Date => new Date(iso);
const BANNED = at('2026-11-20T00:00:00Z');
const ENDS = at('2026-11-27T00:00:00Z');

describe('banInEffect', () => {
  it.each<[string, BanState, Date, boolean]>([
    ['never banned', { bannedAt: null, bannedUntil: null }, ENDS, false],
    ['until lifted, long after', { bannedAt: BANNED, bannedUntil: null }, at('2030-01-01T00:00:00Z'), true],
    ['timed, during', { bannedAt: BANNED, bannedUntil: ENDS }, at('2026-11-26T23:59:59Z'), true],
    ['timed, at the end itself: over', { bannedAt: BANNED, bannedUntil: ENDS }, ENDS, false],
    ['timed, after the end, before the sweep lifted it', { bannedAt: BANNED, bannedUntil: ENDS }, at('2026-11-27T00:00:20Z'), false],
    ['an end left without a ban counts for nothing', { bannedAt: null, bannedUntil: ENDS }, BANNED, false],
  ])('%s', (_name, ban, now, expected) => {
    expect(banInEffect(ban, now)).toBe(expected);
  });
});
