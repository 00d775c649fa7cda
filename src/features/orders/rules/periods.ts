/**
 * Rental options, spec §3 rental_period and §9: hourly is always offered; daily is 24 × the
 * hourly rate, ten-hour 10 ×, weekly 168 ×; the morning, afternoon and evening slots are priced at
 * 5, 7 and 9 hours. Rental ids: 1 hourly, 6 daily, 3 slot, 2 ten-hour, 7 weekly.
 */
import { RENTAL_ID } from '~/platform/config/constants';
import { AFTERNOON_SLOT_HOURS, DAY_RENTAL_HOURS, EVENING_SLOT_HOURS, MORNING_SLOT_HOURS, TEN_HOUR_RENTAL_HOURS, WEEK_RENTAL_HOURS } from '~/features/orders/constants';
import type { Slot } from '~/features/orders/rules/slots';

/**
 * spec §3 rental_period: the periods a listing offers besides hourly (always offered). The rule
 * owns this shape; the wire contract (src/features/catalog/contract/catalog.ts) re-exports it.
 */
export interface RentalPeriodFlags {
  daily_rental: boolean;
  ten_hour_rental: boolean;
  weekly_rental: boolean;
  morning_rental: boolean;
  afternoon_rental: boolean;
  night_rental: boolean;
}

/** The rental_period flags in the order the hall and the picker list them. */
export const RENTAL_PERIOD_FLAGS = [
  'daily_rental',
  'ten_hour_rental',
  'weekly_rental',
  'morning_rental',
  'afternoon_rental',
  'night_rental',
] as const satisfies readonly (keyof RentalPeriodFlags)[];

export type RentalOption = 'hourly' | 'ten_hour' | 'daily' | 'weekly' | Slot;

export type RentalId = (typeof RENTAL_ID)[keyof typeof RENTAL_ID];

export interface RentalOptionDef {
  option: RentalOption;
  rentalId: RentalId;
  /** Short Chinese label for the picker. */
  label: string;
  /** Hours the option is priced at and lasts; 1 for hourly (price per hour). */
  hours: number;
  /** The rental_period flag that offers it; null for hourly (always offered). */
  flag: keyof RentalPeriodFlags | null;
  /** The §4 slot of a slot option. */
  slot: Slot | null;
}

/** Every option in picker order: hourly, longer blocks, then the slots by time of day. */
export const RENTAL_OPTIONS: readonly RentalOptionDef[] = [
  { option: 'hourly', rentalId: RENTAL_ID.hourly, label: '时租', hours: 1, flag: null, slot: null },
  { option: 'ten_hour', rentalId: RENTAL_ID.tenHour, label: '10小时', hours: TEN_HOUR_RENTAL_HOURS, flag: 'ten_hour_rental', slot: null },
  { option: 'daily', rentalId: RENTAL_ID.daily, label: '日租', hours: DAY_RENTAL_HOURS, flag: 'daily_rental', slot: null },
  { option: 'weekly', rentalId: RENTAL_ID.weekly, label: '周租', hours: WEEK_RENTAL_HOURS, flag: 'weekly_rental', slot: null },
  { option: 'morning', rentalId: RENTAL_ID.slot, label: '早场', hours: MORNING_SLOT_HOURS, flag: 'morning_rental', slot: 'morning' },
  { option: 'afternoon', rentalId: RENTAL_ID.slot, label: '午场', hours: AFTERNOON_SLOT_HOURS, flag: 'afternoon_rental', slot: 'afternoon' },
  { option: 'evening', rentalId: RENTAL_ID.slot, label: '夜场', hours: EVENING_SLOT_HOURS, flag: 'night_rental', slot: 'evening' },
];

const BY_OPTION = new Map(RENTAL_OPTIONS.map((def) => [def.option, def]));

export function isRentalOption(value: unknown): value is RentalOption {
  return typeof value === 'string' && BY_OPTION.has(value as RentalOption);
}

/** The definition of an option; throws a RangeError for an unknown one. */
export function rentalOptionDef(option: RentalOption): RentalOptionDef {
  const def = BY_OPTION.get(option);
  if (!def) throw new RangeError(`未知的租赁方式: ${String(option)}`);
  return def;
}

/** §3 rental_period: the options a listing offers, hourly always first. */
export function offeredOptions(flags: RentalPeriodFlags): RentalOption[] {
  return RENTAL_OPTIONS.filter((def) => def.flag === null || flags[def.flag]).map((def) => def.option);
}

export function isOptionOffered(flags: RentalPeriodFlags, option: RentalOption): boolean {
  const { flag } = rentalOptionDef(option);
  return flag === null || flags[flag];
}

/**
 * §9: the price before any discount: hourly rate × the option's hours (hourly: × `hours`, default
 * 1, a whole number of hours). Integer fen in, integer fen out.
 */
export function optionPriceFen(rentalFen: number, option: RentalOption, hours = 1): number {
  if (!Number.isSafeInteger(rentalFen) || rentalFen < 0) throw new RangeError(`时租价格无效: ${rentalFen}`);
  const def = rentalOptionDef(option);
  if (option !== 'hourly') return rentalFen * def.hours;
  if (!Number.isInteger(hours) || hours < 1) throw new RangeError(`租赁时长必须是正整数小时: ${hours}`);
  return rentalFen * hours;
}
