import { describe, expect, it } from 'vitest';
import { LISTING_RECORD_MIN_RENTALS } from '~/features/catalog/constants';
import { complaintRatePercent, medianSeconds, recordCardLine, recordCardParts, recordFigures, replyDurationText, successRatePercent, withReplySeconds } from '~/features/catalog/rules/listing-record';

describe('上号成功率: rentals without a login failure over rentals, whole percent rounded down', () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [10, 0, 100],
    [200, 1, 99], // 99.5% never reads 100%
    [3, 1, 66],
    [3, 3, 0],
    [3, 5, 0], // more failures than rentals (never expected) reads 0, not negative
    [-1, 0, null],
    [Number.NaN, 0, null],
  ])('%i rentals, %i failures -> %s', (rentals, failures, rate) => {
    expect(successRatePercent(rentals, failures)).toBe(rate);
  });
});

describe('投诉率: complained rentals over rentals, whole percent rounded up', () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [10, 0, 0],
    [300, 1, 1], // one complaint in 300 never reads 0%
    [3, 1, 34],
    [4, 1, 25],
    [3, 3, 100],
    [3, 9, 100],
  ])('%i rentals, %i complained -> %s', (rentals, complained, rate) => {
    expect(complaintRatePercent(rentals, complained)).toBe(rate);
  });
});

describe('median reply seconds (half up; the mean of the two middle values for an even count)', () => {
  it.each<[number[], number | null]>([
    [[], null],
    [[120], 120],
    [[600, 120], 360],
    [[1, 2], 2], // 1.5 rounds up, as round(numeric) in the backfill
    [[5, 1, 9], 5],
    [[10, 1, 2, 30], 6],
  ])('%j -> %s', (values, median) => {
    expect(medianSeconds(values)).toBe(median);
  });
});

describe('kept reply times', () => {
  it.each<[number[], number, number, number[]]>([
    [[], 12.4, 5, [12]],
    [[1, 2], -30, 5, [1, 2, 0]], // an answer cannot come before the complaint
    [[1, 2, 3], 4, 3, [2, 3, 4]], // the oldest goes past the limit
  ])('%j + %d (keep %i) -> %j', (kept, seconds, keep, next) => {
    expect(withReplySeconds(kept, seconds, keep)).toEqual(next);
  });
});

describe('the figures and their words', () => {
  it(`fewer than ${LISTING_RECORD_MIN_RENTALS} rentals is new: no rates, no card line`, () => {
    const record = recordFigures({ rentals: LISTING_RECORD_MIN_RENTALS - 1, complainedRentals: 1, loginFailures: 0, medianReplySeconds: 90 });
    expect(record).toEqual({ rentals: 2, is_new: true, success_rate: null, complaint_rate: null, median_reply_seconds: 90 });
    expect(recordCardLine(record)).toBeNull();
    expect(recordCardParts(record)).toBeNull();
  });

  it('a record shows its rates and the compact card line', () => {
    const record = recordFigures({ rentals: 132, complainedRentals: 2, loginFailures: 2, medianReplySeconds: null });
    expect(record).toEqual({ rentals: 132, is_new: false, success_rate: 98, complaint_rate: 2, median_reply_seconds: null });
    expect(recordCardLine(record)).toBe('上号成功率 98% · 出租 132次');
    expect(recordCardParts(record)).toEqual(['上号成功率 98%', '出租 132次']);
  });

  it.each<[number, string]>([
    [0, '0秒'],
    [45, '45秒'],
    [60, '1分钟'],
    [720, '12分钟'],
    [3599, '1小时'],
    [12_000, '3小时20分'],
    [7200, '2小时'],
    [2 * 86_400, '2天'],
  ])('%i seconds reads %s', (seconds, text) => {
    expect(replyDurationText(seconds)).toBe(text);
  });
});
