import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/form-field';
import { presetRange } from '../../ui/list/date-presets';
import { gatewaysQuery } from '../../ui/contract/api/get-payment-gateway-list';
import { SelectField } from '../../ui/select-field';
import { PERIOD_ZONE } from './api/recon-api';

/** A statement's gateway and period (whole UTC days, both included). */
export interface Period {
  readonly gatewayId: string;
  readonly from: string;
  readonly to: string;
}

/** A new import's period: no gateway yet, and yesterday (the last whole day a gateway settled). */
export const startPeriod = (): Period => ({
  gatewayId: '',
  ...presetRange('yesterday', new Date(), PERIOD_ZONE),
});

/** What is wrong with a period, field by field (its field names are the call's). */
export function periodProblems(period: Period, t: TFunction) {
  return {
    gatewayId: period.gatewayId ? null : t('reconciliation.import.required'),
    from: period.from ? null : t('reconciliation.import.required'),
    to: !period.to
      ? t('reconciliation.import.required')
      : period.to < period.from
        ? t('reconciliation.import.badPeriod')
        : null,
  };
}
export type PeriodProblems = ReturnType<typeof periodProblems>;

/**
 * The gateway and the period's first and last days; `problems` are shown once the form has
 * been sent (nothing is "Required" before the user has tried).
 */
export function PeriodFields({
  period,
  problems,
  onChange,
}: {
  period: Period;
  problems: PeriodProblems | null;
  onChange: (next: Period) => void;
}) {
  const { t } = useTranslation();
  const gateways = useQuery(gatewaysQuery());
  const hint = gateways.isPending
    ? t('reconciliation.import.gatewaysLoading')
    : gateways.isError
      ? t('reconciliation.import.gatewaysFailed')
      : undefined;
  return (
    <div className="row g-2">
      <div className="col-sm-6 col-lg-4">
        <SelectField
          name="gatewayId"
          label={t('reconciliation.import.gateway')}
          value={period.gatewayId}
          onChange={(e) => onChange({ ...period, gatewayId: e.target.value })}
          error={problems?.gatewayId}
          hint={hint}
          required
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
          name="from"
          type="date"
          label={t('reconciliation.import.from')}
          value={period.from}
          error={problems?.from}
          required
          onChange={(e) => onChange({ ...period, from: e.target.value })}
          data-testid="recon-from"
        />
      </div>
      <div className="col-sm-6 col-lg-4">
        <FormField
          name="to"
          type="date"
          label={t('reconciliation.import.to')}
          value={period.to}
          error={problems?.to}
          required
          onChange={(e) => onChange({ ...period, to: e.target.value })}
          data-testid="recon-to"
        />
      </div>
    </div>
  );
}
