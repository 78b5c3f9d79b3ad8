import { describe, expect, it } from 'vitest';
import { optionsOf } from './search-results';
import { reconLinePath } from './search-targets';

const LINE = {
  run_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  seq: 7,
  line_no: 8,
  class: 'amount_mismatch' as const,
  reference: 'SBX-PI-1 &2',
  amount: '10.00',
  currency: 'THB',
  payment_gateway_code: 'SBX-THB-1',
  run_created_at: '2026-12-02T00:00:00.000Z',
};

describe('global search targets', () => {
  it("opens a reconciliation line's run on its class, searched by its reference", () => {
    expect(reconLinePath(LINE)).toBe(
      '/reconciliation/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b?class=amount_mismatch&search=SBX-PI-1+%262',
    );
  });

  it('makes one option per line, keyed by its run and place', () => {
    const options = optionsOf([{ type: 'recon_line', kind: 'recon_line', hits: [LINE] }]);
    expect(options.map((o) => [o.type, o.key])).toEqual([
      ['recon_line', 'recon_line-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-7'],
    ]);
  });
});
