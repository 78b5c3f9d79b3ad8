import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getMerchantStatement, pathOf, type ReportPeriod } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { PrintButton } from '../../ui/report/print-button';
import { ReportSummary } from '../../ui/report/report-summary';
import { LedgerPicker, merchantOptions, useLedgerContracts } from './ledger-pickers';
import { statementColumns } from './statement-columns';
import { StatementTools } from './statement-tools';

function StatementReport({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const list = useListPage(getMerchantStatement, { fixed: { merchantId } });
  const period = list.answer?.period as ReportPeriod | undefined;
  const columns = useMemo(() => statementColumns(t, merchantId, period), [t, merchantId, period]);
  const merchant = list.answer?.merchant as
    { merchant_db_code: string; merchant_name: string } | undefined;
  return (
    <>
      {merchant && (
        <p className="fw-semibold mb-2" data-testid="statement-header">
          {t('reportLedgers.header.statementOf', {
            owner: merchant.merchant_db_code,
            name: merchant.merchant_name,
          })}
        </p>
      )}
      <ListView
        list={list}
        columns={columns}
        listId="merchant-statement"
        getRowId={(r) => r.currency}
        actions={<PrintButton />}
      />
      <p className="small text-muted mt-2">{t('reportLedgers.statementNote')}</p>
      <ReportSummary list={list} columns={columns} />
    </>
  );
}

/**
 * `/merchant/{id}/merchant-statement` (`id`: the merchant's id): per currency, the opening
 * balance, pay-ins net of fees, pay-outs, settlements, top-ups, refunds, disputes, adjustments and
 * the closing balance over the period; printable. The picker opens another merchant's statement.
 */
export default function MerchantStatementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choices = useLedgerContracts();
  const id = useCurrentRoute().params.id;
  const options = choices && merchantOptions(choices);
  return (
    <>
      <RouteTitle />
      <LedgerPicker
        label={t('reportLedgers.picker.merchant')}
        options={options}
        value={id}
        onChange={(next) => void navigate(pathOf('merchantStatement', { id: next }))}
        testId="ledger-merchant"
      />
      {id && (
        <StatementTools
          ownerId={id}
          currencies={[
            ...new Set(choices?.filter((c) => c.merchant_id === id).map((c) => c.currency)),
          ]}
        />
      )}
      {id && <StatementReport key={id} merchantId={id} />}
    </>
  );
}
