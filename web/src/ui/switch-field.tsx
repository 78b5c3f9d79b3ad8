import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  readonly label: string;
  /** Said under the switch, and read with it. */
  readonly hint?: string;
  readonly testId: string;
}

/**
 * An on/off setting of a form: a labelled switch (a checkbox with the switch role, on when
 * ticked; with `name`, a form sends its `value` when on), its hint under it.
 */
export function SwitchField({ label, hint, testId, id: givenId, ...input }: Props) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className="form-check form-switch mb-3">
      <input
        {...input}
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
      />
      <label className={`form-check-label ${hint ? 'fw-medium' : ''}`} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
