import { useRef, useState, type ChangeEvent, type RefObject, type SubmitEvent } from 'react';
export { runAction } from '~/platform/ui/run-action';

export type Validators<K extends string> = Record<K, (value: string) => string | null>;

export interface FieldBinding {
  name: string;
  value: string;
  error: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur(): void;
}

export interface FormFields<K extends string> {
  values: Record<K, string>;
  set(name: K, value: string): void;
  setError(name: K, error: string | null): void;
  /** Checks one field now (and shows its message); true when valid. */
  check(name: K): boolean;
  /** Checks every field, shows the messages and focuses the first invalid one; true when all pass. */
  checkAll(): boolean;
  bind(name: K): FieldBinding;
  formRef: RefObject<HTMLFormElement | null>;
}

/** Field values and their §5 messages, checked on blur and on submit by the given validators. */
export function useFormFields<K extends string>(validators: Validators<K>, initial: Record<K, string>): FormFields<K> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(values);
  latest.current = values;

  const setError = (name: K, error: string | null): void => setErrors((prev) => ({ ...prev, [name]: error }));
  const check = (name: K): boolean => {
    const error = validators[name](latest.current[name]);
    setError(name, error);
    return error === null;
  };

  return {
    values,
    set: (name, value) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
    },
    setError,
    check,
    checkAll: () => {
      const names = Object.keys(validators) as K[];
      const invalid = names.filter((name) => !check(name));
      if (invalid[0] !== undefined) focusField(formRef, invalid[0]);
      return invalid.length === 0;
    },
    bind: (name) => ({
      name,
      value: values[name],
      error: errors[name] ?? null,
      onChange: (event) => {
        const value = event.target.value;
        latest.current = { ...latest.current, [name]: value };
        setValues(latest.current);
        // A field already showing an error re-checks as the user fixes it.
        if (errors[name]) setError(name, validators[name](value));
      },
      onBlur: () => {
        if (latest.current[name] !== '') check(name);
      },
    }),
    formRef,
  };
}

/** Moves focus to the named field of a form (the first invalid one, the code after a send). */
export function focusField(formRef: RefObject<HTMLFormElement | null>, name: string): void {
  const element = formRef.current?.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * The page's inline script marks every bubbling `submit` as a navigation (progress bar); these
 * forms never navigate, so the event stops here.
 */
export function keepSubmitLocal(event: SubmitEvent<HTMLFormElement>): void {
  event.preventDefault();
  event.stopPropagation();
}
