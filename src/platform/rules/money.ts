/**
 * Money (spec §7 "amount (2 decimals)", §9 prices): the rules compute in integer fen
 * (1 yuan = 100 fen) and only turn fen into yuan text at the edge. No floating-point sums.
 */

function assertFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分: ${fen}`);
}

/** 1250 → "12.50"; -5 → "-0.05". Throws a RangeError for a non-integer. */
export function fenToYuan(fen: number): string {
  assertFen(fen);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Like fenToYuan without trailing zeros of the fraction: 5000 → "50", 1250 → "12.5", 1205 → "12.05". */
export function fenToYuanShort(fen: number): string {
  return fenToYuan(fen).replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

const YUAN_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * "12.50" / "12.5" / 12.5 → 1250, exactly. A string is parsed digit by digit (no float); extra
 * decimals must be zeros ("12.500" is fine, "12.345" is not: sub-fen money is a contract bug, not
 * something to round away). A number must be within 1e-6 fen of a whole fen (0.1 + 0.2 is 30).
 * Negative, NaN, infinite, empty or malformed input throws a RangeError.
 */
export function yuanToFen(yuan: string | number): number {
  let fen: number;
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan) || yuan < 0) throw new RangeError(`金额无效: ${yuan}`);
    const scaled = yuan * 100;
    fen = Math.round(scaled);
    if (Math.abs(scaled - fen) > 1e-6) throw new RangeError(`金额最多两位小数: ${yuan}`);
  } else {
    const match = YUAN_TEXT.exec(yuan.trim());
    if (!match) throw new RangeError(`金额无效: "${yuan}"`);
    const [, whole = '', fraction = ''] = match;
    if (/[1-9]/.test(fraction.slice(2))) throw new RangeError(`金额最多两位小数: "${yuan}"`);
    fen = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  }
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额过大: ${yuan}`);
  return fen + 0; // + 0 turns -0 into 0
}

/**
 * amountFen × factor, rounded half up to the fen, exactly for factors with up to 4 decimals
 * (0.88, 0.9, 0.85): the factor becomes an integer of ten-thousandths before multiplying, so
 * 1250 × 0.9 is 1125, not 1125.0000000000002.
 */
export function applyFactorFen(amountFen: number, factor: number): number {
  assertFen(amountFen);
  if (!Number.isFinite(factor) || factor < 0) throw new RangeError(`折扣系数无效: ${factor}`);
  const tenThousandths = Math.round(factor * 10_000);
  const sign = amountFen < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(amountFen) * tenThousandths + 5_000) / 10_000) + 0;
}
