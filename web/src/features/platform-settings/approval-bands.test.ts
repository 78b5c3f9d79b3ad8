import { describe, expect, it } from 'vitest';
import { bandTexts, checkBands, startingBands } from './approval-bands';

describe('startingBands', () => {
  it('starts from the bands in force', () => {
    const inForce = {
      tier_kind: 'payout' as const,
      currency: 'THB',
      bands: [
        { min_amount: '0.00', approvers: 1 },
        { min_amount: '500.00', approvers: 3 },
      ],
    };
    expect(startingBands(inForce, '100.00', 'THB')).toEqual([
      { from: '0.00', approvers: 1 },
      { from: '500.00', approvers: 3 },
    ]);
  });

  it('else says what the threshold says: two for every amount, or one below it and two from it', () => {
    expect(startingBands(undefined, '0.00', 'THB')).toEqual([{ from: '0.00', approvers: 2 }]);
    expect(startingBands(undefined, undefined, 'VND')).toEqual([{ from: '0', approvers: 2 }]);
    expect(startingBands(undefined, '300.00', 'THB')).toEqual([
      { from: '0.00', approvers: 1 },
      { from: '300.00', approvers: 2 },
    ]);
  });
});

describe('checkBands', () => {
  it('answers the text setApprovalTiers takes', () => {
    const drafts = [
      { from: '0.00', approvers: 1 },
      { from: ' 50000 ', approvers: 3 },
    ];
    expect(checkBands(drafts, 'THB')).toEqual({ ok: true, text: '0.00:1; 50000:3' });
    expect(checkBands([], 'THB')).toEqual({ ok: true, text: '' });
  });

  it('places each problem in its row', () => {
    const at = (from: string, approvers = 2) => [
      { from: '0', approvers: 1 },
      { from: '100', approvers: 2 },
      { from, approvers },
    ];
    expect(checkBands(at('1.5'), 'VND')).toEqual({ ok: false, row: 2, problem: 'amount' });
    expect(checkBands(at(''), 'THB')).toEqual({ ok: false, row: 2, problem: 'amount' });
    expect(checkBands(at('100'), 'THB')).toEqual({ ok: false, row: 2, problem: 'order' });
    expect(checkBands(at('50'), 'THB')).toEqual({ ok: false, row: 2, problem: 'order' });
    expect(checkBands(at('200', 1), 'THB')).toEqual({ ok: false, row: 2, problem: 'fewer' });
  });

  it('leaves the rest to the server rule: a first band not from 0', () => {
    const check = checkBands([{ from: '5', approvers: 1 }], 'THB');
    expect(check).toMatchObject({ ok: false, row: null });
    expect(check.ok === false && check.row === null && check.message).toMatch(/band from 0/);
  });
});

describe('bandTexts', () => {
  it('writes each band from → approvers', () => {
    expect(
      bandTexts([
        { min_amount: '0.00', approvers: 1 },
        { min_amount: '10.00', approvers: 2 },
      ]),
    ).toEqual(['0.00 → 1', '10.00 → 2']);
  });
});
