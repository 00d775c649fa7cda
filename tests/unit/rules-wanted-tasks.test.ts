import { describe, expect, it } from 'vitest';
import {
  MSG_OFFER_GAME_MISMATCH,
  MSG_OFFER_LISTING_NOT_YOURS,
  MSG_OFFER_LISTING_UNLISTED,
  MSG_OFFER_MIN_HOURS,
  MSG_OFFER_NO_SHOP,
  MSG_OFFER_OVER_BUDGET,
  MSG_OFFER_OWN_TASK,
  MSG_OFFER_PRICE_INVALID,
  MSG_TASK_BUDGET_INVALID,
  MSG_TASK_ENDED,
  MSG_TASK_EXPIRED,
  MSG_TASK_EXPIRY_INVALID,
  MSG_TASK_GAME_REQUIRED,
  MSG_TASK_HOURS_INVALID,
  MSG_TASK_REQUIREMENTS_LONG,
  MSG_TASK_REQUIREMENTS_SHORT,
  offerRefusal,
  taskDraftIssues,
  taskExpiresAt,
  taskOrderPriceFen,
  taskStateAt,
  type OfferCheck,
  type TaskDraft,
} from '~/features/tasks/rules/wanted-tasks';

const NOW = new Date('2026-11-26T08:00:00Z');
const DRAFT: TaskDraft = { gameId: 1, requirements: '满级账号皮肤多', budgetHourFen: 500, hours: 3, expiryHours: 24 };

describe('taskDraftIssues', () => {
  it.each([
    ['a complete draft', {}, {}],
    ['no game', { gameId: null }, { game_id: MSG_TASK_GAME_REQUIRED }],
    ['requirements of three characters after trimming', { requirements: '  满级号 ' }, { requirements: MSG_TASK_REQUIREMENTS_SHORT }],
    ['requirements of four characters', { requirements: '满级账号' }, {}],
    ['requirements of 501 characters', { requirements: '号'.repeat(501) }, { requirements: MSG_TASK_REQUIREMENTS_LONG }],
    ['a budget of 9 fen', { budgetHourFen: 9 }, { budget_hour_fen: MSG_TASK_BUDGET_INVALID }],
    ['a budget of 10 fen', { budgetHourFen: 10 }, {}],
    ['a budget of 500 yuan', { budgetHourFen: 50_000 }, {}],
    ['a budget over 500 yuan', { budgetHourFen: 50_001 }, { budget_hour_fen: MSG_TASK_BUDGET_INVALID }],
    ['a fractional budget', { budgetHourFen: 10.5 }, { budget_hour_fen: MSG_TASK_BUDGET_INVALID }],
    ['zero hours', { hours: 0 }, { hours: MSG_TASK_HOURS_INVALID }],
    ['a week of hours', { hours: 168 }, {}],
    ['more than a week', { hours: 169 }, { hours: MSG_TASK_HOURS_INVALID }],
    ['an expiry not offered', { expiryHours: 5 }, { expiry_hours: MSG_TASK_EXPIRY_INVALID }],
  ] as const)('%s', (_name, over, issues) => {
    expect(taskDraftIssues({ ...DRAFT, ...over })).toEqual(issues);
  });
});

describe('taskStateAt', () => {
  it.each([
    ['open before its expiry', 'open', 1, 'open'],
    ['expired at its expiry instant', 'open', 0, 'expired'],
    ['expired after it', 'open', -1, 'expired'],
    ['accepted stays accepted after the expiry', 'accepted', -1, 'accepted'],
    ['closed stays closed', 'closed', 1, 'closed'],
  ] as const)('%s', (_name, status, offsetMs, state) => {
    expect(taskStateAt({ status, expiresAt: new Date(NOW.getTime() + offsetMs) }, NOW)).toBe(state);
  });

  it('a task published for 24 hours expires 24 hours later', () => {
    expect(taskExpiresAt(NOW, 24).toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });
});

describe('offerRefusal', () => {
  const OK: OfferCheck = {
    taskState: 'open',
    taskOwnerId: 1,
    taskGameId: 7,
    taskBudgetHourFen: 500,
    taskHours: 3,
    sellerUserId: 2,
    sellerShopId: 20,
    listing: { shopId: 20, gameId: 7, isListed: true, minRentalHours: 1 },
    priceHourFen: 500,
  };
  it.each([
    ['an offer at the budget', {}, null],
    ['an expired task', { taskState: 'expired' }, MSG_TASK_EXPIRED],
    ['an accepted task', { taskState: 'accepted' }, MSG_TASK_ENDED],
    ['the owner offering on their own task', { sellerUserId: 1 }, MSG_OFFER_OWN_TASK],
    ['a user without a shop', { sellerShopId: null }, MSG_OFFER_NO_SHOP],
    ["another shop's listing", { listing: { ...OK.listing, shopId: 21 } }, MSG_OFFER_LISTING_NOT_YOURS],
    ['a listing off the shelf', { listing: { ...OK.listing, isListed: false } }, MSG_OFFER_LISTING_UNLISTED],
    ['a listing of another game', { listing: { ...OK.listing, gameId: 8 } }, MSG_OFFER_GAME_MISMATCH],
    ['a price of zero', { priceHourFen: 0 }, MSG_OFFER_PRICE_INVALID],
    ['a price one fen over the budget', { priceHourFen: 501 }, MSG_OFFER_OVER_BUDGET],
    ['a listing whose minimum is longer than the hours wanted', { listing: { ...OK.listing, minRentalHours: 4 } }, MSG_OFFER_MIN_HOURS],
  ] as const)('%s', (_name, over, refusal) => {
    expect(offerRefusal({ ...OK, ...over } as OfferCheck)).toBe(refusal);
  });
});

describe('taskOrderPriceFen', () => {
  it('is the agreed hourly price times the hours wanted', () => {
    expect(taskOrderPriceFen(450, 3)).toBe(1350);
    expect(taskOrderPriceFen(50_000, 168)).toBe(8_400_000);
  });
  it('refuses a price or hours outside the rules', () => {
    expect(() => taskOrderPriceFen(0, 3)).toThrow(RangeError);
    expect(() => taskOrderPriceFen(100, 169)).toThrow(RangeError);
  });
});
