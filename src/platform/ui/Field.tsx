import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error: string | null;
  /** Shown beside the input (e.g. the SMS code button). */
  trailing?: ReactNode;
}

export const inputClass =
  'w-full min-w-0 rounded border border-gray-300 px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-[invalid=true]:border-primary';

export const submitClass =
  'inline-flex w-full items-center justify-center gap-2 rounded bg-primary px-4 py-2.5 text-sm font-medium text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** A labelled input whose error sits under it (aria-invalid + aria-describedby, announced). */
export function Field({ label, error, trailing, id, ...inputProps }: FieldProps): ReactNode {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm text-gray-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          {...inputProps}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        {trailing}
      </div>
      <p id={errorId} role="alert" className="min-h-[1.25rem] text-xs text-primary">
        {error ?? ''}
      </p>
    </div>
  );
}
