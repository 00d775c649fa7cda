/**
 * Hafu coin tags and prepay, spec §9: "under 1 million shown in 万; 1M, 10M, 100M thresholds are
 * named tiers. Prepay = game_money divided by money_exchange_rate."
 *
 * Tag text (amounts are always rounded DOWN, so a tag never promises coins the account lacks):
 * - under 1,000,000: 万 with at most one decimal: 500000 → '50万', 855000 → '85.5万',
 *   855999 → '85.5万', 5000 → '0.5万'; 1-999 coins → '<0.1万'; 0 → no tag (null).
 * - 1,000,000 to under 100,000,000: whole 万: 3500000 → '350万', 12345678 → '1234万'.
 * - 100,000,000 and more: 亿 with at most two decimals: 123456789 → '1.23亿', 1e8 → '1亿'.
 * The tier is a separate label (百万级, 千万级, 亿级), shown beside the amount and used by the
 * rental-hall filter (HallQuery.hafu_tier).
 * Prepay: money_exchange_rate is coins per yuan (docs/decisions.md, data layer), so the prepay in
 * fen is game_money × 100 / rate, rounded half up; null without a positive rate.
 */
import { HAFU_COIN_TIERS } from '~/platform/config/constants';
import { HAFU_COIN_WAN, HAFU_COIN_YI } from '~/features/orders/constants';

export type HafuTier = 'lt1m' | '1m' | '10m' | '100m';

export const HAFU_TIER_LABEL: Readonly<Record<HafuTier, string>> = {
  lt1m: '百万以下',
  '1m': '百万级',
  '10m': '千万级',
  '100m': '亿级',
};

const [ONE_MILLION, TEN_MILLION, HUNDRED_MILLION] = HAFU_COIN_TIERS;

function assertCoins(gameMoney: number): void {
  if (!Number.isSafeInteger(gameMoney) || gameMoney < 0) throw new RangeError(`哈夫币数量无效: ${gameMoney}`);
}

export function hafuTier(gameMoney: number): HafuTier {
  assertCoins(gameMoney);
  if (gameMoney >= HUNDRED_MILLION) return '100m';
  if (gameMoney >= TEN_MILLION) return '10m';
  if (gameMoney >= ONE_MILLION) return '1m';
  return 'lt1m';
}

/** floor(coins / unit) with `decimals` decimals, trailing zeros dropped, using integers only. */
function floorIn(coins: number, unit: number, decimals: number): string {
  const scale = 10 ** decimals;
  const scaled = Math.floor((coins * scale) / unit);
  const whole = Math.floor(scaled / scale);
  const fraction = String(scaled % scale).padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The amount part of the tag ('85.5万', '350万', '1.23亿'); null for 0 coins. */
export function hafuTagText(gameMoney: number): string | null {
  assertCoins(gameMoney);
  if (gameMoney === 0) return null;
  if (gameMoney >= HAFU_COIN_YI) return `${floorIn(gameMoney, HAFU_COIN_YI, 2)}亿`;
  if (gameMoney >= ONE_MILLION) return `${floorIn(gameMoney, HAFU_COIN_WAN, 0)}万`;
  if (gameMoney < HAFU_COIN_WAN / 10) return '<0.1万';
  return `${floorIn(gameMoney, HAFU_COIN_WAN, 1)}万`;
}

export interface HafuTag {
  text: string;
  tier: HafuTier;
  /** Null below 1M: the spec names only the 1M, 10M and 100M tiers. */
  tierLabel: string | null;
}

/** Tag of a hafu-coin listing; null when it has no coins. */
export function hafuTag(gameMoney: number): HafuTag | null {
  const text = hafuTagText(gameMoney);
  if (text === null) return null;
  const tier = hafuTier(gameMoney);
  return { text, tier, tierLabel: tier === 'lt1m' ? null : HAFU_TIER_LABEL[tier] };
}

/** game_money / money_exchange_rate in fen, half up; null when there is no positive rate. */
export function hafuPrepayFen(gameMoney: number, moneyExchangeRate: number | null | undefined): number | null {
  assertCoins(gameMoney);
  if (moneyExchangeRate === null || moneyExchangeRate === undefined) return null;
  if (!Number.isFinite(moneyExchangeRate) || moneyExchangeRate <= 0) return null;
  if (Number.isSafeInteger(moneyExchangeRate) && Number.isSafeInteger(gameMoney * 200)) {
    // exact: floor((coins × 100 + rate / 2) / rate) = floor((coins × 200 + rate) / (2 × rate))
    return Math.floor((gameMoney * 200 + moneyExchangeRate) / (2 * moneyExchangeRate));
  }
  return Math.round((gameMoney * 100) / moneyExchangeRate);
}
