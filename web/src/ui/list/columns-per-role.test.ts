import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { PayinRow, PayoutRow, WithdrawalRow } from '@bo/contract';
import { payinColumns } from '../../features/payins/payin-columns';
import { payoutColumns } from '../../features/payouts/payout-columns';
import { withdrawalColumns } from '../../features/withdrawals/withdrawal-columns';
import { columnsShownTo, hiddenByDefault, type ListColumn } from './columns';

const t = i18next.t.bind(i18next);
const ids = <Row>(columns: readonly ListColumn<Row>[]) => columns.map((c) => c.id);
const open = () => undefined;

describe('columns per account type (issue 40)', () => {
  it('a merchant never gets a Merchant or Reseller column: they only ever name itself', () => {
    for (const columns of [payinColumns(t, open), payoutColumns(t, open)] as ListColumn<
      PayinRow | PayoutRow
    >[][]) {
      const shown = ids(columnsShownTo(columns, 'merchant'));
      expect(shown).not.toContain('merchant_name');
      expect(shown).not.toContain('reseller_name');
      expect(shown).toContain('amount');
    }
  });

  it('a reseller keeps the Merchant column but never gets its own Reseller column', () => {
    const shown = ids(columnsShownTo(payinColumns(t, open), 'reseller'));
    expect(shown).toContain('merchant_name');
    expect(shown).not.toContain('reseller_name');
    const withdrawals = ids(
      columnsShownTo(withdrawalColumns(t, open) as ListColumn<WithdrawalRow>[], 'reseller'),
    );
    expect(withdrawals).not.toContain('reseller_name');
  });

  it('an admin gets every column; a signed-out render changes nothing', () => {
    const all = payinColumns(t, open);
    expect(ids(columnsShownTo(all, 'admin'))).toEqual(ids(all));
    expect(columnsShownTo(all, undefined)).toBe(all);
  });

  it('the pay-in list reads amount, status and created first, and keeps the rest for the chooser', () => {
    const columns = payinColumns(t, open);
    const order = ids(columns);
    expect(order.indexOf('amount')).toBeLessThan(5);
    expect(order.indexOf('status')).toBeLessThan(6);
    expect(order.indexOf('created_at')).toBeLessThan(7);
    expect(hiddenByDefault(columns)).toEqual(['gateway_reference', 'updated_at', 'completed_at']);
  });
});
