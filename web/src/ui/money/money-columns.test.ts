import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { columnsShownTo, type ListColumn } from '../list/columns';
import { amountColumn, merchantColumn, resellerColumn } from './money-columns';

interface Row {
  readonly id: string;
  readonly currency: string;
  readonly status: string;
  readonly created_at: string;
  readonly amount: string;
  readonly merchant_name: string;
  readonly merchant_db_code: string;
  readonly reseller_name: string | null;
  readonly reseller_db_code: string | null;
}

const t = i18next.t.bind(i18next);
const columns: ListColumn<Row>[] = [
  merchantColumn<Row>(t),
  resellerColumn<Row>(t),
  amountColumn<Row>('amount', 'Amount'),
];
const shownTo = (type: Parameters<typeof columnsShownTo>[1]) =>
  columnsShownTo(columns, type).map((c) => c.id);

describe('money columns per account type (issue 40)', () => {
  it('a merchant (and its sub-accounts) never gets a Merchant or Reseller column', () => {
    expect(shownTo('merchant')).toEqual(['amount']);
  });

  it('a reseller keeps the Merchant column but not a Reseller column naming itself', () => {
    expect(shownTo('reseller')).toEqual(['merchant_name', 'amount']);
  });

  it('an admin gets every column; before the session is known nothing is taken away', () => {
    expect(shownTo('admin')).toEqual(['merchant_name', 'reseller_name', 'amount']);
    expect(columnsShownTo(columns, undefined)).toBe(columns);
  });
});
