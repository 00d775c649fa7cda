import { describe, expect, it } from 'vitest';
import type { RentalPeriodFlags } from '~/features/catalog/types';
import { RENTAL_OPTIONS, isOptionOffered, offeredOptions, optionPriceFen, type RentalOption } from '~/features/orders/rules/periods';

const NOTHING_BUT_HOURLY: RentalPeriodFlags = {
  daily_rental: false,
  ten_hour_rental: false,
  weekly_rental: false,
  morning_rental: false,
  afternoon_rental: false,
  night_rental: false,
};
const EVERYTHING: RentalPeriodFlags = {
  daily_rental: true,
  ten_hour_rental: true,
  weekly_rental: true,
  morning_rental: true,
  afternoon_rental: true,
  night_rental: true,
};

describe('rental ids (spec §9: 1 hourly, 6 daily, 3 slot, 2 ten-hour, 7 weekly)', () => {
  it.each<[RentalOption, number, number]>([
    ['hourly', 1, 1],
    ['daily', 6, 24],
    ['ten_hour', 2, 10],
    ['weekly', 7, 168],
    ['morning', 3, 5],
    ['afternoon', 3, 7],
    ['evening', 3, 9],
  ])('%s has rental id %i and lasts %i hours', (option, rentalId, hours) => {
    const def = RENTAL_OPTIONS.find((candidate) => candidate.option === option);
    expect(def).toMatchObject({ rentalId, hours });
  });
});

describe('offered options (spec §3 rental_period; hourly is always offered)', () => {
  it('a listing with no period flags offers hourly only', () => {
    expect(offeredOptions(NOTHING_BUT_HOURLY)).toEqual(['hourly']);
  });

  it('a listing with every flag offers all seven, hourly first', () => {
    expect(offeredOptions(EVERYTHING)).toEqual(['hourly', 'ten_hour', 'daily', 'weekly', 'morning', 'afternoon', 'evening']);
  });

  it.each<[keyof RentalPeriodFlags, RentalOption]>([
    ['daily_rental', 'daily'],
    ['ten_hour_rental', 'ten_hour'],
    ['weekly_rental', 'weekly'],
    ['morning_rental', 'morning'],
    ['afternoon_rental', 'afternoon'],
    ['night_rental', 'evening'],
  ])('%s offers %s', (flag, option) => {
    const flags = { ...NOTHING_BUT_HOURLY, [flag]: true };
    expect(offeredOptions(flags)).toEqual(['hourly', option]);
    expect(isOptionOffered(flags, option)).toBe(true);
    expect(isOptionOffered(NOTHING_BUT_HOURLY, option)).toBe(false);
  });
});

describe('option prices (spec §9: day 24 ×, ten-hour 10 ×, week 168 ×, slots 5/7/9 hours of the hourly rate)', () => {
  it.each<[RentalOption, number]>([
    ['hourly', 250],
    ['daily', 24 * 250],
    ['ten_hour', 10 * 250],
    ['weekly', 168 * 250],
    ['morning', 5 * 250],
    ['afternoon', 7 * 250],
    ['evening', 9 * 250],
  ])('at 2.50 yuan an hour, %s costs %i fen', (option, fen) => {
    expect(optionPriceFen(250, option)).toBe(fen);
  });

  it('hourly multiplies by the hours rented', () => {
    expect(optionPriceFen(250, 'hourly', 3)).toBe(750);
  });

  it('other options ignore the hours argument', () => {
    expect(optionPriceFen(250, 'daily', 3)).toBe(6000);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s hours', (hours) => {
    expect(() => optionPriceFen(250, 'hourly', hours)).toThrow(RangeError);
  });

  it('refuses a rate that is not whole fen', () => {
    expect(() => optionPriceFen(2.5, 'hourly')).toThrow(RangeError);
    expect(() => optionPriceFen(-1, 'hourly')).toThrow(RangeError);
  });
});
