import type { ReactNode } from 'react';
import { OPS_LABEL } from '~/platform/ui/console/field-classes';

export interface OpsFieldFrameProps {
  inputId: string;
  label: string;
  /** A checkbox carries its label itself, so the frame draws none. */
  bareControl: boolean;
  /** Draws the asterisk; the caller decides (a read-only field asks nothing of the operator). */
  required: boolean;
  /** Text after the label, e.g. the unit of an amount. */
  suffix?: ReactNode;
  help?: string;
  error?: string | null;
  children: ReactNode;
}

/**
 * One console form field's frame: label, control, help and error, with the ids the control's
 * aria-describedby points at (`${inputId}-help`, `${inputId}-error`).
 */
export function OpsFieldFrame({ inputId, label, bareControl, required, suffix, help, error, children }: OpsFieldFrameProps): ReactNode {
  return (
    <div>
      {!bareControl && (
        <label htmlFor={inputId} className={OPS_LABEL}>
          {label}
          {required ? <span className="text-primary"> *</span> : null}
          {suffix}
        </label>
      )}
      {children}
      {help && (
        <p id={`${inputId}-help`} className="mt-1 text-xs text-neutral-500">
          {help}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-xs text-primary">
          {error}
        </p>
      )}
    </div>
  );
}
