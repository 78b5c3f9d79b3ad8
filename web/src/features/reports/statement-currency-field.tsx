import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/select-field';

/** The currency a statement dialog asks for, among the owner's. */
export function StatementCurrencyField({
  currencies,
  value,
  onChange,
  testId,
}: {
  currencies: readonly string[];
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('reportLedgers.verifiable.currency')}
      name="currency"
      value={value}
      onChange={onChange}
      data-testid={testId}
    >
      {currencies.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}
