import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathOf } from '@bo/contract';
import { resellerChoicesQuery } from '../../lib/api/get-reseller-choices';
import { ChoicePicker } from '../../ui/choice-picker';
import type { ContractMovement, ContractRateLine } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { NewContractButton, useMayCreateContract } from '../../ui/contract/new-contract-button';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { resellerContractRatesQuery } from './api/get-reseller-contract-rates';
import { rateText } from './contract-columns';
import { FeePreviewPanel } from '../../ui/contract/fee-preview-panel';
import { RateEditDialog } from './rate-edit-dialog';

const MOVEMENTS: readonly ContractMovement[] = ['payin', 'payout', 'settlement'];

/** One movement's merchant rate, the reseller's beneath it and the margin between. */
function MovementCell({ line, movement }: { line: ContractRateLine; movement: ContractMovement }) {
  const { t } = useTranslation();
  const v = line.in_force?.[movement];
  if (!v) return <span className="text-muted">—</span>;
  const m = v.merchant;
  return (
    <div className="small text-nowrap" data-testid={`cell-${movement}`}>
      <div>
        <span className="text-muted">{t('contracts.rates.merchant')}: </span>
        <bdi data-testid={`merchant-${movement}`}>
          {rateText(t, m.percent, m.fixed, m.min, m.max)}
        </bdi>
      </div>
      <div>
        <span className="text-muted">{t('contracts.rates.reseller')}: </span>
        <bdi>{rateText(t, v.reseller.percent, v.reseller.fixed)}</bdi>
      </div>
      <div className="text-success">
        <span>{t('contracts.rates.margin')}: </span>
        <bdi>{rateText(t, v.margin_percent, v.margin_fixed)}</bdi>
      </div>
    </div>
  );
}

/** The refund fee in force: the merchant's rate only (no reseller rate, so no margin). */
function RefundCell({ line }: { line: ContractRateLine }) {
  const { t } = useTranslation();
  const v = line.in_force?.refund;
  if (!v) return <span className="text-muted">—</span>;
  return (
    <div className="small text-nowrap" data-testid="cell-refund">
      <span className="text-muted">{t('contracts.rates.merchant')}: </span>
      <bdi data-testid="merchant-refund">{rateText(t, v.percent, v.fixed)}</bdi>
    </div>
  );
}

/**
 * /reseller/{id}/reseller-&-merchant-contract-rates: a reseller's rates beside each of its
 * merchants' rates, with the commission margin per line; an admin edits a line as a new
 * version from an effective date, or adds a merchant's first contract (New contract); the
 * server refuses anyone else, and another reseller's.
 */
export default function ContractRatesPage() {
  const resellerId = useCurrentRoute().params.id ?? '';
  // The admin menu's link names no reseller (`all`): the screen asks which one first.
  return resellerId === ALL_RESELLERS ? (
    <ChooseReseller />
  ) : (
    <ResellerRates key={resellerId} resellerId={resellerId} />
  );
}

/** The admin menu's parameter for "no reseller chosen yet". */
const ALL_RESELLERS = 'all';

/** Asks which reseller's rates to show, then opens them. */
function ChooseReseller() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resellers = useQuery(resellerChoicesQuery());
  const options = resellers.data?.rows.map((r) => ({
    value: r.account_db_code,
    label: `${r.account_db_code} · ${r.name}`,
  }));
  return (
    <>
      <RouteTitle />
      <p className="text-muted" data-testid="choose-reseller-lead">
        {t('page.chooseResellerLead')}
      </p>
      {resellers.isError ? (
        <LoadFailed onRetry={() => void resellers.refetch()} />
      ) : (
        <ChoicePicker
          label={t('page.pickerReseller')}
          options={options}
          value={undefined}
          placeholder={t('page.pickerPlaceholder')}
          onChange={(code) => void navigate(pathOf('resellerMerchantContractRates', { id: code }))}
          testId="choose-reseller"
        />
      )}
    </>
  );
}

/** One reseller's rates, by its code. */
function ResellerRates({ resellerId }: { resellerId: string }) {
  const { t } = useTranslation();
  const mayEdit = useMayCreateContract();
  const query = useQuery(resellerContractRatesQuery(resellerId));
  const [editing, setEditing] = useState<ContractRateLine | null>(null);
  const [previewing, setPreviewing] = useState<ContractRateLine | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const data = query.data;
  return (
    <>
      <RouteTitle />
      <div className="card" data-testid="contract-rates">
        <div className="card-body">
          {data && (
            <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
              <h5 className="card-title mb-0" data-testid="rates-reseller">
                <bdi>{data.reseller_db_code}</bdi> · <bdi>{data.reseller_name}</bdi>
              </h5>
              <NewContractButton resellerDbCode={data.reseller_db_code} />
            </div>
          )}
          {saved && (
            <div className="alert alert-success py-2" role="status" data-testid="rate-saved">
              {saved}
            </div>
          )}
          {query.isPending && <Spinner />}
          {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
          {data && data.lines.length === 0 && (
            <p className="text-muted mb-0" data-testid="rates-empty">
              {t('contracts.rates.empty')} {mayEdit && t('contracts.rates.emptyAdd')}
            </p>
          )}
          {data && data.lines.length > 0 && (
            <RatesTable
              lines={data.lines}
              mayEdit={mayEdit}
              onPreview={setPreviewing}
              onEdit={setEditing}
            />
          )}
        </div>
      </div>
      {previewing && <LinePreview line={previewing} onClose={() => setPreviewing(null)} />}
      {editing && (
        <RateEditDialog
          line={editing}
          onClose={() => setEditing(null)}
          onSaved={(version) => {
            setSaved(
              t('contracts.edit.saved', {
                merchant: editing.merchant_db_code,
                currency: editing.currency,
                version,
              }),
            );
            setEditing(null);
          }}
        />
      )}
    </>
  );
}

/** What a line's buttons ask for: its fee preview, or its edit (admins). */
interface LineActions {
  mayEdit: boolean;
  onPreview: (line: ContractRateLine) => void;
  onEdit: (line: ContractRateLine) => void;
}

/** The reseller's lines: a merchant, currency and gateway each, with the rates in force. */
function RatesTable({ lines, ...actions }: { lines: readonly ContractRateLine[] } & LineActions) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>{t('contracts.merchant')}</th>
            <th>{t('contracts.currency')}</th>
            <th>{t('contracts.rates.inForce')}</th>
            {MOVEMENTS.map((m) => (
              <th key={m}>{t(`contracts.movement.${m}`)}</th>
            ))}
            <th>{t('contracts.movement.refund')}</th>
            <th>{t('contracts.rates.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <RateLineRow
              key={`${line.merchant_db_code}/${line.currency}/${line.payment_gateway_code}`}
              line={line}
              {...actions}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One line: its merchant, currency, version in force (and scheduled ones), rates and buttons. */
function RateLineRow({
  line,
  mayEdit,
  onPreview,
  onEdit,
}: { line: ContractRateLine } & LineActions) {
  const { t } = useTranslation();
  return (
    <tr data-testid="rate-line" data-merchant={line.merchant_db_code} data-currency={line.currency}>
      <td>
        <bdi>{line.merchant_db_code}</bdi>
        <div className="small text-muted">
          <bdi>{line.merchant_name}</bdi>
        </div>
      </td>
      <td>
        {line.currency}
        <div className="small text-muted">
          {line.payment_gateway_code || t('contracts.anyGateway')}
        </div>
      </td>
      <td className="small text-nowrap">
        {line.in_force ? (
          <>
            <div data-testid="line-version">v{line.in_force.version}</div>
            <bdi className="text-muted">
              {line.in_force.effective_from.slice(0, 16).replace('T', ' ')}
            </bdi>
          </>
        ) : (
          '—'
        )}
        {line.scheduled.map((s) => (
          <div key={s.id} className="text-info">
            {t('contracts.rates.scheduled', {
              version: s.version,
              date: s.effective_from.slice(0, 16).replace('T', ' '),
            })}
          </div>
        ))}
      </td>
      {MOVEMENTS.map((m) => (
        <td key={m}>
          <MovementCell line={line} movement={m} />
        </td>
      ))}
      <td>
        <RefundCell line={line} />
      </td>
      <td>
        <div className="d-flex flex-column gap-1">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => onPreview(line)}
            data-testid="line-preview"
          >
            {t('contracts.rates.preview')}
          </button>
          {mayEdit && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => onEdit(line)}
              data-testid="line-edit"
            >
              {t('contracts.rates.edit')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** A line's fee preview, under the table, until closed. */
function LinePreview({ line, onClose }: { line: ContractRateLine; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="line-preview-card">
      <div className="card-body">
        <div className="d-flex justify-content-between mb-2">
          <strong>
            <bdi>{line.merchant_db_code}</bdi> · {line.currency}
          </strong>
          <button
            type="button"
            className="btn-close"
            aria-label={t('contracts.edit.cancel')}
            onClick={onClose}
          />
        </div>
        <FeePreviewPanel
          merchantDbCode={line.merchant_db_code}
          currency={line.currency}
          gatewayCode={line.payment_gateway_code}
        />
      </div>
    </div>
  );
}
