import { useId, type InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** Shown under the field and marks it invalid. */
  readonly error?: string | null;
  readonly hint?: string;
}

/** A labelled Bootstrap input with its error shown in place. */
export function FormField({ label, error, hint, className, ...input }: Props) {
  const id = useId();
  return (
    <div className={`mb-3 ${className ?? ''}`}>
      <label htmlFor={id} className="form-label fw-medium">
        {label}
      </label>
      <input
        id={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
      {!error && hint && <div className="form-text">{hint}</div>}
    </div>
  );
}
