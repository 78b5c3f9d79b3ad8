import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { supportedCurrencyQuery } from '../../lib/api/get-supported-currency';
import { currencyNameOf } from '../../lib/currency-name';
import { SelectField } from '../../ui/select-field';

/** The currency a bank account receives: one of the product's, or any (''). */
export function CurrencyChoice({
  value,
  onChange,
}: {
  value: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const choices = (useQuery(supportedCurrencyQuery()).data ?? []).filter((c) => c.value !== '-');
  return (
    <SelectField
      label={t('settlementSetting.bank.currency')}
      hint={t('settlementSetting.bank.currencyHint')}
      name="currency"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('settlementSetting.bank.anyCurrency')}</option>
      {/* A saved currency stays shown before (or without) the choices' answer. */}
      {value && !choices.some((c) => c.value === value) && <option value={value}>{value}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {currencyNameOf(t, c.value, c.name)}
        </option>
      ))}
    </SelectField>
  );
}
