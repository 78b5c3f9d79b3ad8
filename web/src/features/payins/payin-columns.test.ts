import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { hiddenByDefault } from '../../ui/list/columns';
import { payinColumns } from './payin-columns';

const t = i18next.t.bind(i18next);

describe('the pay-in list columns (issue 40: it fits a 1,440 px screen)', () => {
  it('reads amount, status and created early, and keeps the rest for the column chooser', () => {
    const columns = payinColumns(t, () => undefined);
    const order = columns.map((c) => c.id);
    expect(order.slice(0, 7)).toEqual([
      'id',
      'order_id',
      'merchant_name',
      'amount',
      'status',
      'created_at',
      'reseller_name',
    ]);
    const always = ['payment_gateway_code', 'gateway_reference', 'updated_at', 'completed_at'];
    expect(hiddenByDefault(columns, 'merchant')).toEqual(always);
    for (const wider of ['admin', 'reseller'] as const)
      expect(hiddenByDefault(columns, wider).sort()).toEqual(
        [...always, 'fee', 'net_amount'].sort(),
      );
  });
});
