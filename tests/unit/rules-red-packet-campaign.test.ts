/**
 * Red-envelope campaign limits (issue 15 "with limits (per user, total)"): when one more envelope
 * may be issued, and whether a grant goes through whole (features/campaigns/rules/red-packet-campaign.ts).
 */
import { describe, expect, it } from 'vitest';
import { planGrant, templateIssueRefusal, templateRemaining, type TemplateLimits } from '~/features/campaigns/rules/red-packet-campaign';

const template = (fields: Partial<TemplateLimits> = {}): TemplateLimits => ({ active: true, issued: 0, totalLimit: null, perUserLimit: 1, ...fields });

describe('templateRemaining', () => {
  it.each([
    [{ issued: 0, totalLimit: null }, null],
    [{ issued: 5, totalLimit: 10 }, 5],
    [{ issued: 10, totalLimit: 10 }, 0],
    [{ issued: 12, totalLimit: 10 }, 0],
  ])('%j → %s', (fields, expected) => {
    expect(templateRemaining(fields)).toBe(expected);
  });
});

describe('templateIssueRefusal (one envelope to one user)', () => {
  it.each<[string, Partial<TemplateLimits>, number, ReturnType<typeof templateIssueRefusal>]>([
    ['a fresh template, a new user', {}, 0, null],
    ['the last one left', { issued: 9, totalLimit: 10 }, 0, null],
    ['none left', { issued: 10, totalLimit: 10 }, 0, 'gone'],
    ['the user holds the limit', { perUserLimit: 1 }, 1, 'user_limit'],
    ['the user may hold three and has two', { perUserLimit: 3 }, 2, null],
    ['stopped, whatever else', { active: false, issued: 10, totalLimit: 10 }, 5, 'inactive'],
    ['none left and the user at the limit: gone first', { issued: 1, totalLimit: 1 }, 1, 'gone'],
  ])('%s', (_name, fields, held, expected) => {
    expect(templateIssueRefusal(template(fields), held)).toBe(expected);
  });
});

describe('planGrant (all or nothing)', () => {
  it.each<[string, Partial<TemplateLimits>, number, ReturnType<typeof planGrant>]>([
    ['no total limit', {}, 10_000, { ok: true, recipients: 10_000 }],
    ['exactly what is left', { issued: 7, totalLimit: 10 }, 3, { ok: true, recipients: 3 }],
    ['one more than is left', { issued: 7, totalLimit: 10 }, 4, { ok: false, reason: 'short', needed: 4, remaining: 3 }],
    ['nobody eligible', {}, 0, { ok: false, reason: 'nobody' }],
    ['a stopped template', { active: false }, 5, { ok: false, reason: 'inactive' }],
  ])('%s', (_name, fields, eligible, expected) => {
    expect(planGrant(template(fields), eligible)).toEqual(expected);
  });
});
