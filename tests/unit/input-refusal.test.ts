/**
 * Issue 11 "Hardening": the one door every body and query passes (platform/http/http.ts parseInput and
 * readJsonText) refuses a NUL anywhere and nesting past MAX_INPUT_DEPTH, without a walk of its own
 * that a deep input could overflow. The bad-input walk found both holes: a NUL below the old
 * 64-level scan reached a jsonb column (SQLSTATE 22P05), and 50,000 levels overflowed the stack in
 * the collector's size refine (JSON.stringify).
 */
import { describe, expect, it } from 'vitest';
import { carriesNul, inputRefusal, MAX_INPUT_DEPTH, MSG_INPUT_TOO_DEEP, MSG_NUL_IN_INPUT, NUL } from '~/platform/wire/common';

/** `levels` nested objects around `leaf`: { k: { k: ... leaf } }. */
function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = { k: value };
  return value;
}

describe('inputRefusal', () => {
  it('lets plain input through', () => {
    expect(inputRefusal({ account_id: 1, keyword: '王者', tags: ['a', 'b'], value: { gameId: 3 } })).toBeNull();
    expect(inputRefusal('text')).toBeNull();
    expect(inputRefusal(null)).toBeNull();
  });

  it('refuses a NUL in a string or a key at any depth', () => {
    expect(inputRefusal({ keyword: `a${NUL}b` })).toBe(MSG_NUL_IN_INPUT);
    expect(inputRefusal({ [`k${NUL}`]: 1 })).toBe(MSG_NUL_IN_INPUT);
    expect(inputRefusal([[[`x${NUL}`]]])).toBe(MSG_NUL_IN_INPUT);
    expect(carriesNul(nested(70, `deep${NUL}`))).toBe(true);
    expect(carriesNul(nested(70, 'deep'))).toBe(false);
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(inputRefusal(nested(MAX_INPUT_DEPTH, 1))).toBeNull();
    expect(inputRefusal(nested(MAX_INPUT_DEPTH + 1, 1))).toBe(MSG_INPUT_TOO_DEEP);
  });

  it('walks input far deeper than the stack without overflowing', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(inputRefusal(deep)).toBe(MSG_INPUT_TOO_DEEP);
    expect(() => carriesNul(deep)).not.toThrow();
  });

  it('walks a wide flat array (a 1 MB body of numbers) in one piece', () => {
    expect(inputRefusal(Array.from({ length: 300_000 }, (_, i) => i))).toBeNull();
  });
});
