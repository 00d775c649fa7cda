/**
 * Console form fields (src/platform/ui/console/ops-form-fields.ts): money typed in yuan goes out as fen,
 * Shanghai wall time goes out as an instant with +08:00, and an empty optional field is left out.
 */
import { describe, expect, it } from 'vitest';
import { fieldValueToWire, wireToFieldValue, type OpsFieldDef } from '~/platform/ui/console/ops-form-fields';

const field = (type: OpsFieldDef['type'], extra: Partial<OpsFieldDef> = {}): OpsFieldDef => ({ name: 'x', label: '金额', type, ...extra });

describe('fieldValueToWire', () => {
  it.each([
    ['12.5', 1250],
    ['0.01', 1],
    ['100', 10000],
  ])('yuan %s → %i fen', (text, fen) => {
    expect(fieldValueToWire(field('yuan'), text)).toEqual({ ok: true, value: fen });
  });

  it.each(['12.345', 'abc', '-1', '1e3'])('yuan %s is refused with a message', (text) => {
    expect(fieldValueToWire(field('yuan'), text)).toEqual({ ok: false, msg: '金额应为最多两位小数的金额' });
  });

  const rate = (): OpsFieldDef => ({ name: 'bps_0', label: '佣金', type: 'percent', min: 0, max: 10_000 });
  it.each([
    ['9', 900],
    ['12.5', 1250],
    ['0.01', 1],
    ['100', 10_000],
    ['0', 0],
  ])('percent %s → %i basis points', (text, bps) => {
    expect(fieldValueToWire(rate(), text)).toEqual({ ok: true, value: bps });
  });

  it.each(['100.01', '12.345', '-1', '九', '5%'])('percent %s is refused with a message naming the range', (text) => {
    expect(fieldValueToWire(rate(), text)).toEqual({ ok: false, msg: '佣金应为0%至100%之间、最多两位小数的百分比' });
  });

  it('reads a datetime-local value as Shanghai time', () => {
    expect(fieldValueToWire(field('datetime'), '2026-11-26T09:30')).toEqual({ ok: true, value: '2026-11-26T09:30:00+08:00' });
    expect(fieldValueToWire(field('datetime'), '2026-11-26 09:30')).toEqual({ ok: false, msg: '金额格式无效' });
  });

  it('leaves an empty optional field out, and names an empty required one', () => {
    expect(fieldValueToWire(field('text'), '  ')).toEqual({ ok: true, value: undefined });
    expect(fieldValueToWire(field('text', { required: true }), '')).toEqual({ ok: false, msg: '请填写金额' });
    expect(fieldValueToWire(field('select'), '')).toEqual({ ok: true, value: null });
  });

  it('sends numbers, numeric selects, checkboxes and untrimmed passwords as typed', () => {
    expect(fieldValueToWire(field('number'), '42')).toEqual({ ok: true, value: 42 });
    expect(fieldValueToWire(field('number'), '4.2')).toEqual({ ok: false, msg: '金额应为整数' });
    expect(fieldValueToWire(field('select', { numeric: true }), '2')).toEqual({ ok: true, value: 2 });
    expect(fieldValueToWire(field('checkbox'), true)).toEqual({ ok: true, value: true });
    expect(fieldValueToWire(field('password'), ' pass word ')).toEqual({ ok: true, value: ' pass word ' });
  });
});

describe('wireToFieldValue', () => {
  it('shows basis points as a percent without trailing zeros', () => {
    const rate: OpsFieldDef = { name: 'bps_0', label: '佣金', type: 'percent' };
    expect([900, 1250, 1, 10_000, 0].map((bps) => wireToFieldValue(rate, bps))).toEqual(['9', '12.5', '0.01', '100', '0']);
  });

  it('shows fen as yuan and an instant as Shanghai wall time', () => {
    expect(wireToFieldValue(field('yuan'), 1250)).toBe('12.50');
    expect(wireToFieldValue(field('datetime'), '2026-11-26T01:30:00Z')).toBe('2026-11-26T09:30');
    expect(wireToFieldValue(field('date'), '2026-11-25T16:30:00Z')).toBe('2026-11-26');
    expect(wireToFieldValue(field('checkbox'), undefined)).toBe(false);
    expect(wireToFieldValue(field('text'), null)).toBe('');
  });
});
