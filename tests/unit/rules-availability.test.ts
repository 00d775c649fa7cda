import { describe, expect, it } from 'vitest';
import type { Availability } from '~/features/catalog/types';
import { isBookableNow, isWithinRentalTime, listingAvailability, type AvailabilityInput } from '~/features/catalog/rules/availability';

const at = (text: string): Date => new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+08:00`);

/** A listed, free listing of a game that is up. */
const FREE: AvailabilityInput = { maintenance_status: 0, is_suspended: 0, is_rented: false, is_reservation: false, is_listed: true };

describe('listing availability (spec §4; precedence: not listed, maintenance, rented)', () => {
  it.each<[string, Partial<AvailabilityInput>, Availability]>([
    ['a listed free listing is normal', {}, 'normal'],
    ['maintenance_status 1 and is_suspended 1 is maintenance', { maintenance_status: 1, is_suspended: 1 }, 'maintenance'],
    ['maintenance_status 1 alone is normal', { maintenance_status: 1 }, 'normal'],
    ['is_suspended 1 alone is normal', { is_suspended: 1 }, 'normal'],
    ['rented without reservation is unavailable', { is_rented: true }, 'unavailable'],
    ['not listed is unavailable', { is_listed: false }, 'unavailable'],
    ['rented but reservable is appoint', { is_rented: true, is_reservation: true }, 'appoint'],
    ['reservable but not rented is normal', { is_reservation: true }, 'normal'],
    ['not listed wins over maintenance', { is_listed: false, maintenance_status: 1, is_suspended: 1 }, 'unavailable'],
    ['not listed wins over appoint', { is_listed: false, is_rented: true, is_reservation: true }, 'unavailable'],
    ['maintenance wins over appoint', { maintenance_status: 1, is_suspended: 1, is_rented: true, is_reservation: true }, 'maintenance'],
    ['maintenance wins over rented', { maintenance_status: 1, is_suspended: 1, is_rented: true }, 'maintenance'],
    ['booleans work like 0/1', { maintenance_status: true, is_suspended: true }, 'maintenance'],
  ])('%s', (_rule, change, availability) => {
    expect(listingAvailability({ ...FREE, ...change })).toBe(availability);
  });
});

describe('rental_time (HH:mm-HH:mm, Shanghai time, end minute included, may cross midnight)', () => {
  it.each<[string | null, string, boolean]>([
    ['00:00-23:59', '00:00', true],
    ['00:00-23:59', '23:59', true],
    ['00:00-23:59', '23:59:59', true],
    ['08:00-22:00', '07:59', false],
    ['08:00-22:00', '08:00', true],
    ['08:00-22:00', '22:00', true],
    ['08:00-22:00', '22:00:59', true],
    ['08:00-22:00', '22:01', false],
    ['22:00-02:00', '21:59', false],
    ['22:00-02:00', '22:00', true],
    ['22:00-02:00', '23:59', true],
    ['22:00-02:00', '00:00', true],
    ['22:00-02:00', '02:00', true],
    ['22:00-02:00', '02:01', false],
    ['12:00-12:00', '12:00', true],
    ['12:00-12:00', '12:01', false],
    [null, '03:00', true],
    ['', '03:00', true],
    ['8:00-22:00', '12:00', false],
    ['08:00~22:00', '12:00', false],
    ['garbage', '12:00', false],
  ])('rental_time %s at %s: inside %s', (rentalTime, clock, inside) => {
    expect(isWithinRentalTime(rentalTime, at(`2025-03-10 ${clock}`))).toBe(inside);
  });
});

describe('bookable now (spec §4: not when rented or outside rental_time; uhaozu always)', () => {
  it.each<[string, string, boolean, { is_rented: boolean; rental_time: string; third_type: string | null }]>([
    ['a free listing inside its hours', '12:00', true, { is_rented: false, rental_time: '08:00-22:00', third_type: null }],
    ['a free listing outside its hours', '23:00', false, { is_rented: false, rental_time: '08:00-22:00', third_type: null }],
    ['a rented listing inside its hours', '12:00', false, { is_rented: true, rental_time: '08:00-22:00', third_type: null }],
    ['an overnight listing after midnight', '01:30', true, { is_rented: false, rental_time: '20:00-06:00', third_type: null }],
    ['uhaozu outside its hours', '23:00', true, { is_rented: false, rental_time: '08:00-22:00', third_type: 'uhaozu' }],
    ['uhaozu while rented', '12:00', true, { is_rented: true, rental_time: '08:00-22:00', third_type: 'uhaozu' }],
    ['another third_type follows the rules', '12:00', false, { is_rented: true, rental_time: '00:00-23:59', third_type: 'other' }],
  ])('%s at %s: bookable %s', (_name, clock, bookable, listing) => {
    expect(isBookableNow(listing, at(`2025-03-10 ${clock}`))).toBe(bookable);
  });

  it('reads the Shanghai clock whatever the instant is in UTC', () => {
    // 2025-03-10 15:30 UTC is 23:30 in Shanghai
    expect(isBookableNow({ is_rented: false, rental_time: '08:00-22:00', third_type: null }, new Date('2025-03-10T15:30:00Z'))).toBe(false);
    expect(isBookableNow({ is_rented: false, rental_time: '08:00-22:00', third_type: null }, new Date('2025-03-10T01:30:00Z'))).toBe(true);
  });
});
