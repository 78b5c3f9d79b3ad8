import { useId, useRef } from 'react';
import { usePlacedFieldError } from './field-errors';

/**
 * A labelled set of checkboxes choosing several values (modules, currencies), with the
 * server's refusal of the field `name` (or of one of its items) under it.
 */
export function CheckboxGroup({
  legend,
  name,
  choices,
  selected,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: readonly string[]) => void;
}) {
  const id = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  const error = usePlacedFieldError(name, () => group.current?.querySelector('input')?.focus());
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset
      ref={group}
      className="mb-3"
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={`account-${name}`}
    >
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className={`d-flex flex-wrap gap-3 border rounded p-2 ${error ? 'border-danger' : ''}`}>
        {choices.map((choice) => (
          <div key={choice.value} className="form-check mb-0">
            <input
              id={`${id}-${choice.value}`}
              type="checkbox"
              className="form-check-input"
              value={choice.value}
              checked={selected.includes(choice.value)}
              onChange={(e) => toggle(choice.value, e.target.checked)}
              data-testid={`account-${name}-${choice.value}`}
            />
            <label htmlFor={`${id}-${choice.value}`} className="form-check-label">
              {choice.label}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div
          id={`${id}-error`}
          className="invalid-feedback d-block"
          data-testid={`field-error-${name}`}
        >
          {error}
        </div>
      )}
    </fieldset>
  );
}
