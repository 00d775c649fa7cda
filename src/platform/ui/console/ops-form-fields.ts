/**
 * How a console form field's text becomes a wire value and back (OpsForm.tsx). Money is typed in
 * yuan and travels as integer fen; a rate is typed in percent (at most two decimals) and travels
 * as integer basis points (12.5% is 1250); a date-time is typed as Shanghai wall time and travels as an
 * ISO instant with +08:00, whatever zone the operator's computer is set to.
 */
import { fenToYuan, yuanToFen } from '~/platform/rules/money';
import { formatShanghaiDate, formatShanghaiDateTime } from '~/platform/rules/shanghai-time';

export type OpsFieldType = 'text' | 'textarea' | 'password' | 'number' | 'yuan' | 'percent' | 'select' | 'checkbox' | 'datetime' | 'date';

export interface OpsFieldDef {
  name: string;
  label: string;
  type: OpsFieldType;
  required?: boolean;
  /** select: the choices; their values are sent as strings unless `numeric`. */
  options?: { value: string; label: string }[];
  /** select: send the chosen value as a number. */
  numeric?: boolean;
  placeholder?: string;
  help?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  rows?: number;
  /** The wire value when `initial` has none. */
  defaultValue?: unknown;
}

export type FieldConversion = { ok: true; value: unknown } | { ok: false; msg: string };

/** The wire value (fen, ISO instant, number, boolean, string) as the field shows it. */
export function wireToFieldValue(field: OpsFieldDef, wire: unknown): string | boolean {
  if (field.type === 'checkbox') return wire === true;
  if (wire === null || wire === undefined || wire === '') return '';
  if (field.type === 'yuan' && typeof wire === 'number' && Number.isSafeInteger(wire)) return fenToYuan(wire);
  // Basis points are hundredths of a percent, as fen are of a yuan: 1250 → '12.5'.
  if (field.type === 'percent' && typeof wire === 'number' && Number.isSafeInteger(wire)) return fenToYuan(wire).replace(/\.?0+$/, '');
  if (field.type === 'datetime' || field.type === 'date') {
    const date = new Date(String(wire));
    if (Number.isNaN(date.getTime())) return '';
    return field.type === 'date' ? formatShanghaiDate(date) : formatShanghaiDateTime(date).replace(' ', 'T');
  }
  return String(wire);
}

/**
 * The field's text as its wire value. An empty optional field is left out (undefined) so the
 * server keeps its default; an empty required one is a message.
 */
export function fieldValueToWire(field: OpsFieldDef, value: string | boolean): FieldConversion {
  if (field.type === 'checkbox') return { ok: true, value: value === true };
  const text = String(value).trim();
  if (text === '') return field.required ? { ok: false, msg: `请填写${field.label}` } : { ok: true, value: field.type === 'select' ? null : undefined };
  switch (field.type) {
    case 'number': {
      if (!/^-?\d+$/.test(text)) return { ok: false, msg: `${field.label}应为整数` };
      return { ok: true, value: Number(text) };
    }
    case 'yuan': {
      try {
        return { ok: true, value: yuanToFen(text) };
      } catch {
        return { ok: false, msg: `${field.label}应为最多两位小数的金额` };
      }
    }
    case 'percent': {
      try {
        const bps = yuanToFen(text);
        if ((field.min !== undefined && bps < field.min) || (field.max !== undefined && bps > field.max)) throw new RangeError('out of range');
        return { ok: true, value: bps };
      } catch {
        return { ok: false, msg: `${field.label}应为${fenToYuan(field.min ?? 0).replace(/\.?0+$/, '')}%至${fenToYuan(field.max ?? 10_000).replace(/\.?0+$/, '')}%之间、最多两位小数的百分比` };
      }
    }
    case 'select':
      return { ok: true, value: field.numeric ? Number(text) : text };
    case 'datetime': {
      // <input type=datetime-local> gives 'YYYY-MM-DDTHH:mm' (maybe with seconds): Shanghai wall time.
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return { ok: false, msg: `${field.label}格式无效` };
      return { ok: true, value: `${text.length === 16 ? `${text}:00` : text}+08:00` };
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return { ok: false, msg: `${field.label}格式无效` };
      return { ok: true, value: text };
    default:
      return { ok: true, value: field.type === 'password' ? String(value) : text };
  }
}
