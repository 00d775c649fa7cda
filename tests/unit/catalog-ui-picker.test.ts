import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import RentalPicker, { slotWindowText, startModes, type RentalPickerListing } from '~/features/orders/ui/RentalPicker';
import { quoteRental } from '~/features/orders/rules/quote';

/** Rate 10 yuan, deposit 50, 9折, 租5送1, VIP allowed, every period offered, free and reservable. */
const LISTING: RentalPickerListing = {
  id: 7,
  rental_fen: 1000,
  deposit_fen: 5000,
  is_use_vip_discount: true,
  activity: { discount: 0.9, rental_promotion: { rental_hour: 5, bonus_hour: 1 } },
  rental_period: { daily_rental: true, ten_hour_rental: true, weekly_rental: true, morning_rental: true, afternoon_rental: true, night_rental: true },
  min_rental_period: 2,
  availability: 'normal',
  is_rented: false,
  is_reservation: true,
  rental_time: '00:00-23:59',
  third_type: null,
};
/** 10:00 in Shanghai. */
const NOW = new Date('2026-03-02T02:00:00Z');

describe('rental picker helpers', () => {
  it('slot options show their §4 window', () => {
    expect(slotWindowText('morning')).toBe('07:00-12:00');
    expect(slotWindowText('afternoon')).toBe('12:00-19:00');
    expect(slotWindowText('evening')).toBe('22:00-07:00');
    expect(slotWindowText('daily')).toBeNull();
  });

  it.each([
    ['free and reservable', {}, ['now', 'reserve']],
    ['free, no reservations', { is_reservation: false }, ['now']],
    ['rented and reservable (appoint)', { availability: 'appoint', is_rented: true }, ['reserve']],
    ['rented, not reservable', { availability: 'unavailable', is_rented: true, is_reservation: false }, []],
    ['game in maintenance', { availability: 'maintenance' }, []],
    ['outside its rental_time', { rental_time: '20:00-23:00' }, ['reserve']],
    ['rented on the partner platform (uhaozu is always bookable)', { availability: 'appoint', is_rented: true, third_type: 'uhaozu' }, ['now', 'reserve']],
  ] as const)('%s → %j', (_name, patch, modes) => {
    expect(startModes({ ...LISTING, ...patch }, NOW)).toEqual(modes);
  });
});

describe('rental picker markup (server render)', () => {
  const html = renderToString(createElement(RentalPicker, { listing: LISTING, serverNow: NOW.toISOString() }));

  it('offers every period of the listing', () => {
    for (const option of ['hourly', 'ten_hour', 'daily', 'weekly', 'morning', 'afternoon', 'evening']) expect(html).toContain(`data-option="${option}"`);
  });

  it('starts on hourly at the minimum period and shows the quote of the rules', () => {
    const quote = quoteRental({ listing: LISTING, option: 'hourly', hours: 2, now: NOW, isVip: false, coupons: [] });
    const vip = quoteRental({ listing: LISTING, option: 'hourly', hours: 2, now: NOW, isVip: true, coupons: [] });
    expect(html).toMatch(new RegExp(`data-fen="${quote.baseFen}" data-line="base"`));
    expect(html).toMatch(new RegExp(`data-fen="${quote.activityDiscountFen}" data-line="activity"`));
    expect(html).toMatch(new RegExp(`data-fen="${vip.vipDiscountFen}" data-line="vip"`));
    expect(html).toMatch(new RegExp(`data-fen="${quote.totalFen}" data-line="total"`));
    expect(html).toContain('2026-03-02 10:00');
    expect(html).toContain('立即租号');
  });

  it('a listing that can neither start nor be reserved says so and disables the button', () => {
    const closed = renderToString(
      createElement(RentalPicker, { listing: { ...LISTING, availability: 'unavailable', is_rented: true, is_reservation: false }, serverNow: NOW.toISOString() }),
    );
    expect(closed).toContain('暂不可租');
    expect(closed).toMatch(/<button[^>]*disabled/);
  });
});
