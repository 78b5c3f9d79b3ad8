import type { TFunction } from 'i18next';
import type { MerchantContractRow, ResellerContractRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { VersionStateBadge } from './version-state';
import { NameText } from '../../ui/name-text';

/** A rate as one cell: "2.5000% + 1.00", with its bounds when it has them. */
export function rateText(
  t: TFunction,
  percent: string,
  fixed: string,
  min?: string | null,
  max?: string | null,
): string {
  const base = t('contracts.rate', { percent, fixed });
  const bounds = [
    min ? t('contracts.min', { amount: min }) : '',
    max ? t('contracts.max', { amount: max }) : '',
  ].filter(Boolean);
  return bounds.length ? `${base} (${bounds.join(', ')})` : base;
}

const rateCell = (text: string) => <bdi className="text-nowrap">{text}</bdi>;

/** The columns every contract version shows: whose, which line, which version and its state. */
function versionColumns<Row extends MerchantContractRow | ResellerContractRow>(
  t: TFunction,
  showReseller: boolean,
): ListColumn<Row>[] {
  return [
    ...(showReseller
      ? [column<Row>('reseller_db_code', t('contracts.reseller'), (r) => r.reseller_db_code)]
      : []),
    column<Row>('merchant', t('contracts.merchant'), (r) => (
      <>
        <bdi>{r.merchant_db_code}</bdi>
        <NameText className="d-block small text-muted">{r.merchant_name}</NameText>
      </>
    )),
    column<Row>('currency', t('contracts.currency'), (r) => r.currency),
    column<Row>('payment_gateway_code', t('contracts.gateway'), (r) =>
      r.payment_gateway_code ? <bdi>{r.payment_gateway_code}</bdi> : t('contracts.anyGateway'),
    ),
    column<Row>('version', t('contracts.version'), (r) => `v${r.version}`),
    dateColumn<Row>('effective_from', t('contracts.effectiveFrom'), (r) => r.effective_from),
    column<Row>('status', t('contracts.state'), (r) => <VersionStateBadge state={r.status} />, {
      cellTestId: 'version-state',
    }),
  ];
}

/** /contracts: the merchant's own pay-in, pay-out, settlement and refund rates per version. */
export function merchantContractColumns(
  t: TFunction,
  showOwners: boolean,
): ListColumn<MerchantContractRow>[] {
  const all = versionColumns<MerchantContractRow>(t, showOwners);
  return [
    ...(showOwners ? all : all.filter((c) => c.id !== 'merchant')),
    column<MerchantContractRow>(
      'payin',
      t('contracts.movement.payin'),
      (r) => rateCell(rateText(t, r.payin_percent, r.payin_fixed, r.payin_min, r.payin_max)),
      { cellTestId: 'payin-rate' },
    ),
    column<MerchantContractRow>('payout', t('contracts.movement.payout'), (r) =>
      rateCell(rateText(t, r.payout_percent, r.payout_fixed)),
    ),
    column<MerchantContractRow>('settlement', t('contracts.movement.settlement'), (r) =>
      rateCell(rateText(t, r.settlement_percent, r.settlement_fixed)),
    ),
    column<MerchantContractRow>(
      'refund',
      t('contracts.movement.refund'),
      (r) => rateCell(rateText(t, r.refund_percent, r.refund_fixed)),
      { cellTestId: 'refund-rate' },
    ),
  ];
}

/** /reseller-contracts: the reseller's rates beneath each merchant's line, per version. */
export function resellerContractColumns(t: TFunction): ListColumn<ResellerContractRow>[] {
  return [
    ...versionColumns<ResellerContractRow>(t, true),
    column<ResellerContractRow>('payin', t('contracts.movement.payin'), (r) =>
      rateCell(rateText(t, r.reseller_payin_percent, r.reseller_payin_fixed)),
    ),
    column<ResellerContractRow>('payout', t('contracts.movement.payout'), (r) =>
      rateCell(rateText(t, r.reseller_payout_percent, r.reseller_payout_fixed)),
    ),
    column<ResellerContractRow>('settlement', t('contracts.movement.settlement'), (r) =>
      rateCell(rateText(t, r.reseller_settlement_percent, r.reseller_settlement_fixed)),
    ),
  ];
}
