/** The re-authentication window's pure rules (features/account/rules/reauth.ts; docs/decisions.md "Re-authentication window"). */
import { describe, expect, it } from 'vitest';
import { REAUTH_WINDOW_S } from '~/features/account/constants';
import { SECURITY_CHANGES, identityWindowOpen, securityNoticeText } from '~/features/account/rules/reauth';

const proved = new Date('2026-11-29T10:00:00Z');
const after = (seconds: number): Date => new Date(proved.getTime() + seconds * 1000);

describe('identityWindowOpen', () => {
  it.each([
    ['no proof yet', null, after(1), false],
    ['at the proof', proved, after(0), true],
    ['a second before the end', proved, after(REAUTH_WINDOW_S - 1), true],
    ['at the end', proved, after(REAUTH_WINDOW_S), false],
    ['an hour later', proved, after(3600), false],
    ['a proof stamped in the future', after(60), after(0), false],
  ] as const)('%s → %s', (_name, at, now, open) => {
    expect(identityWindowOpen(at, now)).toBe(open);
  });

  it('is about ten minutes', () => {
    expect(REAUTH_WINDOW_S).toBe(600);
  });
});

describe('securityNoticeText', () => {
  it.each(SECURITY_CHANGES)('%s names the change, the time and what to do', (change) => {
    const text = securityNoticeText(change, '2026-11-29 18:00');
    expect(text).toContain('2026-11-29 18:00');
    expect(text).toMatch(/修改|绑定|更换|设置/);
    expect(text).toContain('如非本人操作');
  });
});
