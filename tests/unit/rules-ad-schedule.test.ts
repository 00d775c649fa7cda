/**
 * Popup ads as the console schedules them (issue 15): the window in Shanghai days, an ad's state on
 * the list, and the deterministic preview of what a fresh visitor sees (spec §4 rule, fixed random
 * source) in features/campaigns/rules/ad-schedule.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PopupAd } from '~/features/campaigns/rules/ad-choice';
import { adDaysOf, adStatusAt, adWindowFromDays, previewAdRotation } from '~/features/campaigns/rules/ad-schedule';

const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}+08:00`);

function ad(id: number, fields: Partial<PopupAd> = {}): PopupAd {
  return { id, title: `广告${id}`, image: `/ads/${id}.svg`, link: null, priority: 1, display_frequency: 0, position: 0, start_date: null, end_date: null, ...fields };
}

describe('adWindowFromDays', () => {
  it.each([
    ['both days', '2026-05-01', '2026-05-03', at('2026-05-01 00:00:00.000'), at('2026-05-03 23:59:59.999')],
    ['one day', '2026-05-01', '2026-05-01', at('2026-05-01 00:00:00.000'), at('2026-05-01 23:59:59.999')],
    ['no start', null, '2026-05-03', null, at('2026-05-03 23:59:59.999')],
    ['no end', '2026-05-01', null, at('2026-05-01 00:00:00.000'), null],
    ['neither', null, null, null, null],
  ])('%s', (_name, start, end, startDate, endDate) => {
    expect(adWindowFromDays(start, end)).toEqual({ startDate, endDate });
  });

  it.each([
    ['an end before the start', '2026-05-03', '2026-05-01'],
    ['a day that does not exist', '2026-02-30', null],
    ['not a day', 'tomorrow', null],
  ])('refuses %s', (_name, start, end) => {
    expect(adWindowFromDays(start, end)).toBeNull();
  });

  it('reads back the days it stored, in Shanghai whatever the instant says in UTC', () => {
    const window = adWindowFromDays('2026-05-01', '2026-05-03')!;
    expect(window.startDate!.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(adDaysOf({ start_date: window.startDate!.toISOString(), end_date: window.endDate!.toISOString() })).toEqual({ startDay: '2026-05-01', endDay: '2026-05-03' });
  });
});

describe('adStatusAt', () => {
  const window = { start_date: at('2026-05-01 00:00').toISOString(), end_date: at('2026-05-03 23:59:59.999').toISOString() };
  it.each([
    ['before the first day', at('2026-04-30 23:59:59'), true, 'upcoming'],
    ['at the first instant', at('2026-05-01 00:00'), true, 'active'],
    ['at the last millisecond', at('2026-05-03 23:59:59.999'), true, 'active'],
    ['after the last day', at('2026-05-04 00:00'), true, 'ended'],
    ['switched off', at('2026-05-02 12:00'), false, 'inactive'],
  ])('%s', (_name, now, isActive, expected) => {
    expect(adStatusAt({ ...window, is_active: isActive }, now)).toBe(expected);
  });
});

describe('previewAdRotation: a fresh visitor at 00:00 and every 6 hours', () => {
  it.each<[string, PopupAd[], boolean, (number | null)[]]>([
    ['no ads: nothing', [], false, [null, null, null, null]],
    ['one once-a-day ad: once', [ad(1)], false, [1, null, null, null]],
    ['one twice-a-day ad: twice', [ad(1, { display_frequency: 1 })], false, [1, 1, null, null]],
    ['a tejia-only ad is not shown on home', [ad(1, { position: 1 })], false, [null, null, null, null]],
    ['a tejia-only ad is shown on tejia', [ad(1, { position: 1 })], true, [1, null, null, null]],
    ['priorities rotate 1 → 2 → 3', [ad(1), ad(2, { priority: 2 }), ad(3, { priority: 3 })], false, [1, 2, 3, null]],
    ['an ad starting at noon shows from the 12:00 visit', [ad(1, { start_date: at('2026-05-01 12:00').toISOString() })], false, [null, null, 1, null]],
    ['an ad ended the day before never shows', [ad(1, { end_date: at('2026-04-30 23:59:59.999').toISOString() })], false, [null, null, null, null]],
  ])('%s', (_name, ads, tejia, expected) => {
    expect(previewAdRotation(ads, '2026-05-01', tejia).map((step) => step.ad?.id ?? null)).toEqual(expected);
  });

  it('visits at 00:00, 06:00, 12:00 and 18:00 Shanghai', () => {
    expect(previewAdRotation([], '2026-05-01', false).map((step) => step.at)).toEqual(['00:00', '06:00', '12:00', '18:00'].map((time) => at(`2026-05-01 ${time}`)));
  });

  it('takes the first candidate and names the others a different draw could show', () => {
    const [first] = previewAdRotation([ad(4), ad(7), ad(9, { priority: 2 })], '2026-05-01', false);
    expect(first!.ad!.id).toBe(4);
    expect(first!.possible.map((candidate) => candidate.id)).toEqual([4, 7]);
  });

  it('is the same every time', () => {
    const ads = [ad(1), ad(2), ad(3, { priority: 2, display_frequency: 1 }), ad(4, { priority: 3, display_frequency: 2 })];
    expect(previewAdRotation(ads, '2026-05-01', true)).toEqual(previewAdRotation(ads, '2026-05-01', true));
  });

  it('answers nothing for a day that does not exist', () => {
    expect(previewAdRotation([ad(1)], '2026-13-01', false)).toEqual([]);
  });
});
