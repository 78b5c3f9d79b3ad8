import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/select-field';

/** The currency a setting of the approvals card is for, one of those the card lists. */
export function ApprovalCurrencyField({
  name,
  currencies,
  value,
  onPick,
  className,
}: {
  /** The field's id and test id ("threshold-currency"). */
  name: string;
  currencies: readonly { currency: string }[];
  value: string;
  onPick: (currency: string) => void;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      id={name}
      label={t('platformSettings.approvals.currency')}
      className={className}
      value={value}
      onChange={(e) => onPick(e.target.value)}
      data-testid={name}
    >
      {currencies.map((r) => (
        <option key={r.currency} value={r.currency}>
          {r.currency}
        </option>
      ))}
    </SelectField>
  );
}
