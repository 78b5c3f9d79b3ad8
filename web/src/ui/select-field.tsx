import { useId, type SelectHTMLAttributes } from 'react';
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

interface ToolbarSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The select's name: shown as `labelShown` says, else its accessible name only. */
  readonly label: string;
  /**
   * `above`: a small muted label over it (filter bars); `beside`: on its start side, on one line
   * (page size, the dashboard's toolbar); unset: no visible label, `aria-label` only (a list's
   * actions, where the options name themselves).
   */
  readonly labelShown?: 'above' | 'beside';
  /** Classes of the label shown (`beside`: `text-muted small` unless said). */
  readonly labelClassName?: string;
  /** A Bootstrap icon before the label shown (`bi-globe2`). */
  readonly icon?: string;
  /** Classes of the box around a label shown and the select (`col-auto` above). */
  readonly boxClassName?: string;
}

/**
 * SelectField's compact kin for toolbars and filter bars: a small select, named by a label above
 * it, beside it or by `aria-label` alone. It keeps the id, test id and handlers it is given.
 */
export function ToolbarSelect({
  label,
  labelShown,
  labelClassName,
  icon,
  boxClassName,
  className,
  children,
  ...select
}: ToolbarSelectProps) {
  const ownId = useId();
  const id = select.id ?? ownId;
  const control = (
    <select
      className={`form-select form-select-sm ${labelShown === 'above' ? '' : 'w-auto'} ${className ?? ''}`}
      aria-label={labelShown ? undefined : label}
      {...select}
      id={id}
    >
      {children}
    </select>
  );
  if (!labelShown) return control;
  const words = (
    <>
      {icon && <i className={`bi ${icon} me-1`} aria-hidden />}
      {label}
    </>
  );
  if (labelShown === 'above')
    return (
      <div className={boxClassName ?? 'col-auto'}>
        <label htmlFor={id} className={`form-label small mb-1 ${labelClassName ?? 'text-muted'}`}>
          {words}
        </label>
        {control}
      </div>
    );
  return (
    <div className={`d-flex align-items-center gap-2 ${boxClassName ?? ''}`}>
      <label
        htmlFor={id}
        className={`form-label mb-0 text-nowrap ${labelClassName ?? 'text-muted small'}`}
      >
        {words}
      </label>
      {control}
    </div>
  );
}
