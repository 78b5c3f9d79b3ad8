import { useId, useRef, type InputHTMLAttributes } from 'react';
import { usePlacedFieldError } from './field-errors';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** Shown under the field and marks it invalid. */
  readonly error?: string | null;
  readonly hint?: string;
}

/**
 * A labelled Bootstrap input with its error shown in place: its own, or the server's refusal
 * of the field of its `name` when it sits in a form that places them (`FormDialog`).
 */
export function FormField({ label, error: ownError, hint, className, ...input }: Props) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const placed = usePlacedFieldError(input.name, () => field.current?.focus());
  const error = ownError || placed;
  return (
    <div className={`mb-3 ${className ?? ''}`}>
      <label htmlFor={id} className="form-label fw-medium">
        {label}
      </label>
      <input
        ref={field}
        id={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <div
          id={`${id}-error`}
          className="invalid-feedback"
          data-testid={`field-error-${input.name ?? id}`}
        >
          {error}
        </div>
      )}
      {!error && hint && <div className="form-text">{hint}</div>}
    </div>
  );
}
