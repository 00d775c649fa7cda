import { useState, type ReactNode } from 'react';
import { fenToYuanShort } from '~/platform/rules/money';
import { Field } from '~/platform/ui/Field';
import type { AmountCheck } from '~/features/wallet/ui/amounts';

export interface AmountInput {
  text: string;
  error: string | null;
  /** The user typed (or picked) `text`; an error already shown is checked again as it is fixed. */
  change(text: string): void;
  /** Shows what is wrong with `text` now (leaving the box, 全部提现). */
  check(text?: string): void;
  /** The server's or the submit's word on the amount. */
  setError(error: string | null): void;
  clear(): void;
}

/**
 * The amount box of 充值 and 提现: the typed text and its error. `onEdit` runs on every change,
 * for what a new amount means to the form (a new intent key, the last failure cleared).
 */
export function useAmountInput(rule: (text: string) => AmountCheck, initial: string, onEdit: () => void): AmountInput {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const messageOf = (value: string): string | null => {
    const result = rule(value);
    return result.ok ? null : result.error;
  };
  return {
    text,
    error,
    change(next) {
      setText(next);
      onEdit();
      if (error) setError(messageOf(next));
    },
    check(value = text) {
      if (value.trim() !== '') setError(messageOf(value));
    },
    setError,
    clear() {
      setText('');
      setError(null);
    },
  };
}

/** The yuan box itself, its placeholder naming the limits. */
export function AmountField({ label, input, minFen, maxFen, trailing }: { label: string; input: AmountInput; minFen: number; maxFen: number; trailing?: ReactNode }): ReactNode {
  return (
    <Field
      label={label}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder={`${fenToYuanShort(minFen)}-${fenToYuanShort(maxFen)}元，最多两位小数`}
      value={input.text}
      error={input.error}
      onChange={(event) => input.change(event.target.value)}
      onBlur={() => input.check()}
      trailing={trailing}
    />
  );
}
