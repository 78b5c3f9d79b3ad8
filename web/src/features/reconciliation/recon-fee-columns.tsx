import type { TFunction } from 'i18next';
import type { ReconFeeRow } from '@bo/contract';
import { column, moneyColumn, type ListColumn } from '../../ui/list/columns';

type Row = ReconFeeRow;
const numeric = { headerClassName: 'text-end', cellClassName: 'text-end' };
const money = (id: keyof Row & string, header: string) =>
  moneyColumn<Row>(
    id,
    header,
    (r) => r[id] as string,
    (r) => r.currency,
  );

/** The fee report's columns: a gateway's day, our computed cost beside the fee it charged. */
export const reconFeeColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('day', t('reconciliation.fees.day'), (r) => <bdi>{r.day}</bdi>, {
    cellClassName: 'text-nowrap',
  }),
  column<Row>('payment_gateway_code', t('reconciliation.column.gateway'), (r) => (
    <bdi>{r.payment_gateway_code}</bdi>
  )),
  column<Row>('currency', t('reconciliation.fees.currency'), (r) => r.currency),
  column<Row>('line_count', t('reconciliation.column.lines'), (r) => r.line_count, numeric),
  column<Row>(
    'fee_mismatch_count',
    t('reconciliation.class.fee_mismatch'),
    (r) => r.fee_mismatch_count,
    numeric,
  ),
  money('our_fee', t('reconciliation.fees.ourFee')),
  money('gateway_fee', t('reconciliation.fees.gatewayFee')),
  money('difference', t('reconciliation.fees.difference')),
];
