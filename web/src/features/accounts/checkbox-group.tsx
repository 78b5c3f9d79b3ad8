import { useId } from 'react';

/** A labelled set of checkboxes choosing several values (modules, currencies). */
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
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="mb-3" data-testid={`account-${name}`}>
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-3 border rounded p-2">
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
    </fieldset>
  );
}
