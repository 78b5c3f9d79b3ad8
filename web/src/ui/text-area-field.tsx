import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldError } from './form-field';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly label: string;
  readonly error?: string | null;
  readonly hint?: string;
}

/** `FormField`'s sibling for longer text: a labelled textarea with its error or hint under it. */
export function TextAreaField({ label, error: ownError, hint, className, ...area }: Props) {
  const { ref, error, control, frame } = useFieldError<HTMLTextAreaElement>(
    area.name,
    ownError,
    area.id,
  );
  return (
    <FieldFrame {...frame} label={label} hint={hint} className={className}>
      <textarea
        ref={ref}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        {...control}
        {...area}
      />
    </FieldFrame>
  );
}
