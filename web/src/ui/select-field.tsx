import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldError } from './form-field';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: string;
  /** Shown under the field and marks it invalid. */
  readonly error?: string | null;
  readonly hint?: string;
}

/**
 * `FormField` for a choice: a labelled Bootstrap select with its error shown in place, its own
 * or the server's refusal of the field of its `name` in a form that places them (`FormDialog`).
 */
export function SelectField({
  label,
  error: ownError,
  hint,
  className,
  children,
  ...select
}: Props) {
  const { ref, error, control, frame } = useFieldError<HTMLSelectElement>(
    select.name,
    ownError,
    select.id,
  );
  return (
    <FieldFrame {...frame} label={label} hint={hint} className={className}>
      <select
        ref={ref}
        className={`form-select ${error ? 'is-invalid' : ''}`}
        {...control}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
