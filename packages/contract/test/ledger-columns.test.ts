import { describe, expect, it } from 'vitest';
import {
  MERCHANT_SETTLEMENT_COLUMNS,
  MERCHANT_STATEMENT_COLUMNS,
  RESELLER_SETTLEMENT_COLUMNS,
  movementTotalOf,
} from '../src/ledger-columns';

describe('movementTotalOf', () => {
  it('names money that left its entries’ net negated, every other movement its net', () => {
    expect(movementTotalOf(MERCHANT_SETTLEMENT_COLUMNS, 'credited')).toBe('net');
    expect(movementTotalOf(MERCHANT_SETTLEMENT_COLUMNS, 'paid_out')).toBe('outflow');
    expect(movementTotalOf(MERCHANT_SETTLEMENT_COLUMNS, 'adjustments')).toBe('net');
    expect(movementTotalOf(RESELLER_SETTLEMENT_COLUMNS, 'withdrawn')).toBe('outflow');
    expect(movementTotalOf(RESELLER_SETTLEMENT_COLUMNS, 'earned')).toBe('net');
    // The statement shows every movement signed: none is an outflow.
    expect(movementTotalOf(MERCHANT_STATEMENT_COLUMNS, 'payouts')).toBe('net');
  });
});
