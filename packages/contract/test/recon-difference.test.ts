import { describe, expect, it } from 'vitest';
import { reconDifferenceOf, type ReconClass, type ReconStatus } from '../src';

/**
 * What a reconciliation line's write-off is worth (issue 28, docs/reconciliation.md): + when
 * the gateway holds more of ours than our books say, − when less; money out the other way
 * round; a side with no line, or no transaction of ours, moved nothing. `-` is no value.
 */
type Kind = 'payin' | 'payout' | 'refund' | 'dispute';
interface Case {
  name: string;
  cls: ReconClass;
  kind: Kind | '-';
  amount: bigint | '-';
  fee: bigint | '-';
  status: ReconStatus | '-';
  ourAmount: bigint | '-';
  ourFee: bigint | '-';
  ourStatus: ReconStatus | '-';
  expected: bigint;
}
const value = <T>(v: T | '-') => (v === '-' ? null : v);

describe('a line’s difference', () => {
  it.each`
    name                                                   | cls                       | kind         | amount   | fee    | status       | ourAmount | ourFee | ourStatus    | expected
    ${'a matched line is worth nothing'}                   | ${'matched'}              | ${'payin'}   | ${100n}  | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'success'} | ${0n}
    ${'amount mismatch, the gateway took more in'}         | ${'amount_mismatch'}      | ${'payin'}   | ${120n}  | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'success'} | ${20n}
    ${'amount mismatch, the gateway took less in'}         | ${'amount_mismatch'}      | ${'payin'}   | ${80n}   | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'success'} | ${-20n}
    ${'amount mismatch of money out written negative'}     | ${'amount_mismatch'}      | ${'payout'}  | ${-120n} | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'success'} | ${-20n}
    ${'amount mismatch, only ours succeeded: all ours'}    | ${'amount_mismatch'}      | ${'payin'}   | ${120n}  | ${'-'} | ${'failed'}  | ${100n}   | ${'-'} | ${'success'} | ${-100n}
    ${'amount mismatch, only theirs succeeded: all of it'} | ${'amount_mismatch'}      | ${'payin'}   | ${120n}  | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'failed'}  | ${120n}
    ${'status mismatch, the gateway settled our failure'}  | ${'status_mismatch'}      | ${'payin'}   | ${100n}  | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'failed'}  | ${100n}
    ${'status mismatch, we settled its failure'}           | ${'status_mismatch'}      | ${'payin'}   | ${100n}  | ${'-'} | ${'failed'}  | ${100n}   | ${'-'} | ${'success'} | ${-100n}
    ${'status mismatch, a pay-out the gateway paid'}       | ${'status_mismatch'}      | ${'payout'}  | ${100n}  | ${'-'} | ${'success'} | ${100n}   | ${'-'} | ${'failed'}  | ${-100n}
    ${'missing here, money in'}                            | ${'missing_here'}         | ${'-'}       | ${70n}   | ${'-'} | ${'success'} | ${'-'}    | ${'-'} | ${'-'}       | ${70n}
    ${'missing here, money out (negative)'}                | ${'missing_here'}         | ${'-'}       | ${-70n}  | ${'-'} | ${'success'} | ${'-'}    | ${'-'} | ${'-'}       | ${-70n}
    ${'missing here, failed at the gateway'}               | ${'missing_here'}         | ${'-'}       | ${70n}   | ${'-'} | ${'failed'}  | ${'-'}    | ${'-'} | ${'-'}       | ${0n}
    ${'missing at the gateway, our pay-in'}                | ${'missing_at_gateway'}   | ${'payin'}   | ${'-'}   | ${'-'} | ${'-'}       | ${90n}    | ${'-'} | ${'success'} | ${-90n}
    ${'missing at the gateway, our refund'}                | ${'missing_at_gateway'}   | ${'refund'}  | ${'-'}   | ${'-'} | ${'-'}       | ${90n}    | ${'-'} | ${'success'} | ${90n}
    ${'missing at the gateway, ours failed'}               | ${'missing_at_gateway'}   | ${'payin'}   | ${'-'}   | ${'-'} | ${'-'}       | ${90n}    | ${'-'} | ${'failed'}  | ${0n}
    ${'a duplicate pay-in line'}                           | ${'duplicate_at_gateway'} | ${'payin'}   | ${50n}   | ${'-'} | ${'success'} | ${50n}    | ${'-'} | ${'success'} | ${50n}
    ${'a duplicate dispute line'}                          | ${'duplicate_at_gateway'} | ${'dispute'} | ${50n}   | ${'-'} | ${'success'} | ${50n}    | ${'-'} | ${'success'} | ${-50n}
    ${'fee mismatch, the gateway charged more'}            | ${'fee_mismatch'}         | ${'payin'}   | ${100n}  | ${5n}  | ${'success'} | ${100n}   | ${3n}  | ${'success'} | ${-2n}
    ${'fee mismatch, the gateway charged less'}            | ${'fee_mismatch'}         | ${'payout'}  | ${100n}  | ${3n}  | ${'success'} | ${100n}   | ${5n}  | ${'success'} | ${2n}
  `('$name', (c: Case) => {
    const line = {
      class: c.cls,
      our_kind: value(c.kind),
      amount: value(c.amount),
      fee: value(c.fee),
      status: value(c.status),
      our_amount: value(c.ourAmount),
      our_fee: value(c.ourFee),
      our_status: value(c.ourStatus),
    };
    expect(reconDifferenceOf(line)).toBe(c.expected);
  });
});
