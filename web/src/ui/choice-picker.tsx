import { useTranslation } from 'react-i18next';
import { ToolbarSelect } from './select-field';

/** One choice: its value and the words shown. */
export interface PickerOption {
  readonly value: string;
  readonly label: string;
}

export interface ChoicePickerProps {
  label: string;
  options: readonly PickerOption[] | undefined;
  value: string | undefined;
  onChange: (value: string) => void;
  testId: string;
  /** A first, empty choice while nothing is chosen yet (so the first option can be picked). */
  placeholder?: string;
  /** Said when there is nothing to choose from. */
  noneText?: string;
}

/**
 * A labelled choice of what a screen shows (a contract, merchant or reseller): a select, with
 * a line while the options load and one when there are none.
 */
export function ChoicePicker({
  label,
  options,
  value,
  onChange,
  testId,
  placeholder,
  noneText,
}: ChoicePickerProps) {
  const { t } = useTranslation();
  if (!options) return <p className="text-muted small">{t('page.pickerLoading')}</p>;
  if (!options.length) return <p className="text-muted">{noneText ?? t('page.pickerNone')}</p>;
  return (
    <div className="mb-3 report-no-print" style={{ maxWidth: '32rem' }}>
      <ToolbarSelect
        id={testId}
        label={label}
        labelShown="above"
        labelClassName="fw-semibold"
        boxClassName=""
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder && !value && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </ToolbarSelect>
    </div>
  );
}
