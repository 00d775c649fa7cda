import type { ReactNode } from 'react';

/** Characters as a person counts them (an emoji is one), after trimming the ends. */
export function countedLength(text: string): number {
  return Array.from(text.trim()).length;
}

/** Why `text` cannot be sent yet under `label`'s bounds (e.g. 问题描述至少5个字), or null; the server checks the same. */
export function countedLengthError(label: string, text: string, min: number, max: number): string | null {
  const length = countedLength(text);
  if (length < min) return `${label}至少${min}个字`;
  if (length > max) return `${label}最多${max}个字`;
  return null;
}

export interface CountedTextareaProps {
  id: string;
  label: string;
  value: string;
  max: number;
  placeholder: string;
  /** Shown (and tied to the field) when set. */
  error: string | null;
  onChange(value: string): void;
  onBlur(): void;
}

/** A labelled textarea with its live count (n/max, red past the max) and its message below. */
export function CountedTextarea({ id, label, value, max, placeholder, error, onChange, onBlur }: CountedTextareaProps): ReactNode {
  const length = countedLength(value);
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between">
        <label htmlFor={`${id}-content`} className="font-medium text-neutral-900">
          {label}
        </label>
        <span id={`${id}-count`} className={`text-xs tabular-nums ${length > max ? 'text-primary-dark' : 'text-neutral-500'}`}>
          {length}/{max}
        </span>
      </div>
      <textarea
        id={`${id}-content`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        rows={5}
        maxLength={max}
        placeholder={placeholder}
        aria-describedby={`${id}-count${error ? ` ${id}-content-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="w-full resize-y rounded border border-neutral-300 px-3 py-2 focus:border-primary focus:outline-none"
      />
      {error ? (
        <p id={`${id}-content-error`} className="mt-1 text-xs text-primary-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}
