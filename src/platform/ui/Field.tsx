import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass, submitClass } from '~/platform/ui/field-classes';

export { inputClass, submitClass };

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error: string | null;
  /** Shown beside the input (e.g. the SMS code button). */
  trailing?: ReactNode;
}


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
