import { useTranslation } from 'react-i18next';
import {
  chargeOf,
  CURRENCIES,
  formatAmount,
  parseAmount,
  PPM,
  type Rate,
  formatCount,
} from '@bo/contract';
import { Code, TechInfoSection } from './tech-info-section';
import { currencyNameOf } from '../../lib/currency-name';
import { TableScroll } from '../../ui/list/table-scroll';

/** A worked example, computed by the contract's own fee arithmetic. */
const EXAMPLE = { amount: '1000.05', currency: 'THB', percent: '2.5', fixed: '1.00' };

function exampleCharge(): { fee: string; net: string } {
  const amount = parseAmount(EXAMPLE.amount, EXAMPLE.currency)!;
  const rate: Rate = {
    percentPpm: (Number(EXAMPLE.percent) * PPM) / 100,
    fixed: parseAmount(EXAMPLE.fixed, EXAMPLE.currency)!,
  };
  const fee = chargeOf(amount, rate);
  return {
    fee: formatAmount(fee, EXAMPLE.currency),
    net: formatAmount(amount - fee, EXAMPLE.currency),
  };
}

/** How fees are computed and rounded (`fees.ts`), and each currency's scale (`money.ts`). */
export function TechInfoMoney() {
  const { t } = useTranslation();
  const example = exampleCharge();
  return (
    <TechInfoSection
      title={t('technical.info.money.title')}
      intro={t('technical.info.money.intro')}
      testId="tech-info-money"
    >
      <ul>
        <li>{t('technical.info.money.amounts')}</li>
        <li>{t('technical.info.money.rate', { ppm: formatCount(PPM) })}</li>
        <li>{t('technical.info.money.rounding')}</li>
        <li>{t('technical.info.money.bounds')}</li>
        <li>{t('technical.info.money.split')}</li>
        <li data-testid="tech-info-fee-example">
          {t('technical.info.money.example', { ...EXAMPLE, ...example })}
        </li>
      </ul>
      <h6>{t('technical.info.money.currencies')}</h6>
      <TableScroll label={t('technical.info.money.currencies')} style={{ maxHeight: '20rem' }}>
        <table className="table table-sm align-middle">
          <thead className="sticky-top">
            <tr>
              <th>{t('technical.info.money.code')}</th>
              <th>{t('technical.info.money.name')}</th>
              <th className="text-end">{t('technical.info.money.scale')}</th>
              <th className="text-end">{t('technical.info.money.smallest')}</th>
            </tr>
          </thead>
          <tbody>
            {CURRENCIES.map((c) => (
              <tr key={c.code} data-testid="tech-info-currency">
                <td>
                  <Code>{c.code}</Code>
                </td>
                <td>{currencyNameOf(t, c.code, c.name)}</td>
                <td className="text-end">{c.scale}</td>
                <td className="text-end">
                  <Code>{formatAmount(1n, c.code)}</Code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </TechInfoSection>
  );
}
