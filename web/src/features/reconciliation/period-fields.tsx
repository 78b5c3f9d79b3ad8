import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { reconGatewaysQuery } from './api/recon-api';

/** A statement's gateway and period (whole UTC days, both included). */
export interface Period {
  readonly gatewayId: string;
  readonly from: string;
  readonly to: string;
}

/** Today in UTC as YYYY-MM-DD. */
export const todayText = () => new Date().toISOString().slice(0, 10);

/** The gateway and the period's first and last days. */
export function PeriodFields({
  period,
  onChange,
}: {
  period: Period;
  onChange: (next: Period) => void;
}) {
  const { t } = useTranslation();
  const gateways = useQuery(reconGatewaysQuery());
  return (
    <div className="row g-2">
      <div className="col-sm-6 col-lg-4">
        <SelectField
          label={t('reconciliation.import.gateway')}
          value={period.gatewayId}
          onChange={(e) => onChange({ ...period, gatewayId: e.target.value })}
          error={period.gatewayId ? null : t('reconciliation.import.required')}
          data-testid="recon-gateway"
        >
          <option value="">{t('reconciliation.import.choose')}</option>
          {gateways.data?.rows.map((g) => (
            <option key={g.id} value={g.id}>
              {g.payment_gateway_code} · {g.payment_gateway_name} · {g.currency}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="col-sm-6 col-lg-4">
        <FormField
          type="date"
          label={t('reconciliation.import.from')}
          value={period.from}
          onChange={(e) => onChange({ ...period, from: e.target.value })}
          data-testid="recon-from"
        />
      </div>
      <div className="col-sm-6 col-lg-4">
        <FormField
          type="date"
          label={t('reconciliation.import.to')}
          value={period.to}
          error={period.to < period.from ? t('reconciliation.import.badPeriod') : null}
          onChange={(e) => onChange({ ...period, to: e.target.value })}
          data-testid="recon-to"
        />
      </div>
    </div>
  );
}
