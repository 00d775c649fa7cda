/**
 * Words the catalogue pages show for the values of src/features/catalog/types.ts. Display only: which
 * value applies is decided by the rules and the catalogue service.
 */
import type { Availability, HallQuery, HallSort, RentalPeriodFlags } from '~/features/catalog/types';
import { RENTAL_OPTIONS } from '~/features/orders/rules/periods';

/** Spec §4 availability as a card shows it. */
export const AVAILABILITY_LABEL: Record<Availability, string> = {
  normal: '可租',
  appoint: '出租中可预约',
  unavailable: '不可租',
  maintenance: '维护中',
};

/** A normal listing that cannot start now (outside its rental_time) still takes reservations. */
export const NOT_BOOKABLE_NOW_LABEL = '非可租时段';

/** Tailwind classes per availability; every pair meets WCAG AA (4.5:1) at 12 px. */
export const AVAILABILITY_STYLE: Record<Availability, string> = {
  normal: 'bg-emerald-700 text-white',
  appoint: 'bg-amber-700 text-white',
  unavailable: 'bg-neutral-700 text-white',
  maintenance: 'bg-neutral-700 text-white',
};

/** Sort links: the visible word, an arrow for the price direction and what the arrow says. */
export const SORT_LABEL: Record<HallSort | 'default', { text: string; arrow?: string; spoken?: string }> = {
  default: { text: '综合' },
  price_asc: { text: '价格', arrow: '↑', spoken: '从低到高' },
  price_desc: { text: '价格', arrow: '↓', spoken: '从高到低' },
  popular: { text: '人气' },
  newest: { text: '最新' },
  // 口碑优先: a record first, then 上号成功率, then rentals. Short, so the phone's sort bar keeps one line.
  record: { text: '口碑', spoken: '优先' },
};

/** The periods a listing may offer besides hourly (spec §3 rental_period), named as the picker names them. */
export const PERIOD_LABEL = Object.fromEntries(
  RENTAL_OPTIONS.filter((def) => def.flag !== null).map((def) => [def.flag, def.label]),
) as Record<keyof RentalPeriodFlags, string>;

export const OWNER_LABEL: Record<NonNullable<HallQuery['owner']>, string> = {
  merchant: '商家',
  store: '店铺',
};

/** Spec §9 hafu coin tiers as the hall filter names them (the rules' tier names). */
export { HAFU_TIER_LABEL } from '~/features/orders/rules/hafu';
