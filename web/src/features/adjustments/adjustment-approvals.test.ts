import { describe, expect, it } from 'vitest';
import { approvalsNeeded, type ApprovalInputs } from './adjustment-approvals';

const THB_FROM_1000 = [{ currency: 'THB', min_amount: '1000.00', is_default: false }];

const inputs = (over: Partial<ApprovalInputs>): ApprovalInputs => ({
  direction: 'debit',
  minor: 120_00n,
  currency: 'THB',
  thresholds: [],
  thirdApproverFrom: 0,
  ...over,
});

describe('approvalsNeeded', () => {
  it('asks two approvers of a currency without a threshold, and never a third when the setting is 0', () => {
    expect(approvalsNeeded(inputs({ minor: 1n }))).toBe(2);
    expect(approvalsNeeded(inputs({ minor: 10_000_000_00n }))).toBe(2);
  });

  it("asks one approver below the currency's two-approver threshold and two from it", () => {
    expect(approvalsNeeded(inputs({ thresholds: THB_FROM_1000, minor: 999_99n }))).toBe(1);
    expect(approvalsNeeded(inputs({ thresholds: THB_FROM_1000, minor: 1000_00n }))).toBe(2);
    // Another currency's threshold does not apply.
    expect(approvalsNeeded(inputs({ thresholds: THB_FROM_1000, currency: 'VND', minor: 5n }))).toBe(
      2,
    );
  });

  it('asks a third approver of a debit at or above the setting, in whole units of its currency', () => {
    expect(approvalsNeeded(inputs({ thirdApproverFrom: 500, minor: 499_99n }))).toBe(2);
    expect(approvalsNeeded(inputs({ thirdApproverFrom: 500, minor: 500_00n }))).toBe(3);
    // VND has no minor units: 500 VND is 500 minor.
    expect(approvalsNeeded(inputs({ thirdApproverFrom: 500, currency: 'VND', minor: 500n }))).toBe(
      3,
    );
    expect(approvalsNeeded(inputs({ thirdApproverFrom: 500, currency: 'VND', minor: 499n }))).toBe(
      2,
    );
  });

  it('never asks a third approver of a credit, however large', () => {
    expect(
      approvalsNeeded(inputs({ direction: 'credit', thirdApproverFrom: 1, minor: 10_000_000_00n })),
    ).toBe(2);
  });
});
