import { useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { usePlacedFieldError } from './field-errors';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** Shown under the field and marks it invalid. */
  readonly error?: string | null;
  readonly hint?: string;
}

/**
 * A field's id (the one it is given, else its own), the ref its control takes, and its error:
 * its own, or the server's refusal of the field of its `name` when it sits in a form that places
 * them (`FormDialog`).
 */
export function useFieldError<E extends HTMLElement>(
  name: string | undefined,
  own?: string | null,
  givenId?: string,
) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const ref = useRef<E>(null);
  const placed = usePlacedFieldError(name, () => ref.current?.focus());
  const error = own || placed;
  /** What the control carries, and what its frame shows. */
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return { ref, error, control, frame: { id, error, name } };
}

/**
 * The label, the control, then the error (or the hint) under it, as every field shows them,
 * `mb-3` below unless `className` names its own bottom margin.
 */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  name,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | null | undefined;
  hint?: string;
  name?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={/\bmb-\d\b/.test(className ?? '') ? className : `mb-3 ${className ?? ''}`}>
      <label htmlFor={id} className="form-label fw-medium">
        {label}
      </label>
      {children}
      {error && (
        <div
          id={`${id}-error`}
          className="invalid-feedback"
          data-testid={`field-error-${name ?? id}`}
        >
          {error}
        </div>
      )}
      {!error && hint && <div className="form-text">{hint}</div>}
    </div>
  );
}

/**
 * A labelled Bootstrap input with its error shown in place: its own, or the server's refusal
 * of the field of its `name` when it sits in a form that places them (`FormDialog`).
 */
export function FormField({ label, error: ownError, hint, className, ...input }: Props) {
  const { ref, error, control, frame } = useFieldError<HTMLInputElement>(
    input.name,
    ownError,
    input.id,
  );
  return (
    <FieldFrame {...frame} label={label} hint={hint} className={className}>
      <input
        ref={ref}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        {...control}
        {...input}
      />
    </FieldFrame>
  );
}
