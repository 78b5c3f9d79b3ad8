import { describe, expect, it } from 'vitest';
import { TEST_LOCALES as LOCALES, translatorOf as tOf } from '../../../i18n/test-translations';
import { BACK_OFFICE_ACTOR, gatewayHandoverAction, type TimelineEvent } from '@bo/contract';
import {
  JOURNAL_VERBS,
  timelineActionText,
  timelineActorText,
  timelineSubject,
} from './timeline-text';

const step = (patch: Partial<TimelineEvent>): TimelineEvent => ({
  at: '2026-01-02T03:04:05.000Z',
  event: 'action',
  from_status: null,
  to_status: null,
  actor: 'system',
  actor_kind: 'system',
  action: '',
  reason: null,
  subject: null,
  ...patch,
});

/** Every step a pay-in, pay-out or settlement records (server/src/modules/money-detail). */
const STEPS: TimelineEvent[] = [
  step({ event: 'created', actor: 'merchant API', actor_kind: 'merchant_api' }),
  step({ event: 'status_change', action: gatewayHandoverAction('PG_TH_1', 'ref-77') }),
  step({ event: 'created', actor: 'shop_owner', actor_kind: 'user', action: 'payout.create' }),
  step({
    event: 'status_change',
    actor: BACK_OFFICE_ACTOR,
    actor_kind: 'user',
    action: 'payout.approve',
  }),
  step({
    event: 'status_change',
    actor: BACK_OFFICE_ACTOR,
    actor_kind: 'user',
    action: 'payout.reject',
  }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'payout.complete_in_house',
  }),
  step({ event: 'created', actor_kind: 'user', actor: 'shop', action: 'settlement.request' }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'settlement.approved',
  }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'settlement.completed',
  }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'settlement_wallet.rejected',
  }),
  step({ event: 'status_change', action: 'settlement.expire' }),
  step({ actor_kind: 'user', actor: 'admin', action: 'payin.query_gateway' }),
  step({ actor_kind: 'user', actor: 'admin', action: 'payout.resend_notification' }),
  step({ event: 'journal', action: 'payin.success' }),
  step({ event: 'journal', action: 'payout.reserve' }),
  step({ event: 'journal', action: 'settlement.post' }),
  step({ event: 'journal', action: 'payout.void' }),
  step({ event: 'status_change', actor: 'gateway', actor_kind: 'gateway', action: 'evt_123' }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'risk_review.approve',
  }),
  step({
    event: 'status_change',
    actor_kind: 'user',
    actor: 'admin',
    action: 'risk_review.decline',
  }),
];

describe('timeline details', () => {
  it('read in English as words, a gateway’s own event id as it is', () => {
    const t = tOf('en');
    expect(timelineActionText(t, STEPS[1]!)).toBe('Sent to gateway PG_TH_1, reference ref-77');
    expect(timelineActionText(t, STEPS[3]!)).toBe('Approved');
    expect(timelineActionText(t, STEPS[14]!)).toBe('Amount and fee reserved');
    expect(timelineActionText(t, STEPS[17]!)).toBeNull();
    // A risk review's decisions (risk_review.approve, risk_review.decline).
    expect(timelineActionText(t, STEPS[18]!)).toBe('Approved');
    expect(timelineActionText(t, STEPS[19]!)).toBe('Declined after review');
    expect(timelineActorText(t, STEPS[0]!)).toEqual({ kind: 'Merchant API', name: null });
    expect(timelineActorText(t, STEPS[3]!)).toEqual({ kind: 'Back office', name: null });
    expect(timelineActorText(t, STEPS[2]!)).toEqual({ kind: 'User', name: 'shop_owner' });
  });

  it('read in Arabic with no English word left: only names, codes and ids stay Latin', () => {
    const t = tOf('ar');
    for (const s of STEPS) {
      const actor = timelineActorText(t, s);
      expect(actor.kind, s.actor).toMatch(/^[\u0600-\u06FF\s]+(API[\u0600-\u06FF\s]*)?$/);
      const action = timelineActionText(t, s);
      if (!s.action || s.action === 'evt_123') continue;
      expect(action, s.action).not.toBeNull();
      // What is left once the names and codes are taken out is Arabic.
      const words = action!.replace('PG_TH_1', '').replace('ref-77', '');
      expect(words, s.action).not.toMatch(/[A-Za-z]/);
      expect(words, s.action).toMatch(/[\u0600-\u06FF]/);
    }
    expect(timelineActionText(t, STEPS[1]!)).toBe('أُرسل إلى البوابة PG_TH_1، المرجع ref-77');
    expect(timelineActorText(t, STEPS[3]!).kind).toBe('المكتب الخلفي');
  });
});

describe('a child’s step on its parent’s timeline', () => {
  const refundStep = step({
    event: 'created',
    to_status: 'processing',
    actor_kind: 'user',
    actor: 'shop_owner',
    action: 'refund.create',
    subject: { kind: 'refund', id: 'a1b2-c3', amount: '100.03', currency: 'THB' },
  });

  it('names the refund with its amount and links to it in the refund list', () => {
    expect(timelineSubject(tOf('en'), refundStep)).toEqual({
      text: 'Refund of 100.03 THB',
      href: '/refunds/list?search=a1b2-c3',
    });
    expect(timelineActionText(tOf('en'), refundStep)).toBe('Created in the back office');
  });

  it('reads in Arabic, only the amount, the currency code and the id Latin', () => {
    const subject = timelineSubject(tOf('ar'), refundStep)!;
    expect(subject.text).toBe('استرداد بمبلغ 100.03 THB');
    expect(subject.href).toBe('/refunds/list?search=a1b2-c3');
  });

  it('is none for the item’s own steps', () => {
    expect(timelineSubject(tOf('en'), STEPS[0]!)).toBeNull();
  });
});

describe('journal words', () => {
  it('name every journal verb of the registry in every language', () => {
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const words: Record<string, string> = LOCALES[lang].money.detail.journalKind;
      for (const verb of JOURNAL_VERBS) expect(words[verb], `${lang} ${verb}`).toBeTruthy();
    }
  });

  it("name a dispute's hold and a refund's fee return, not their codes", () => {
    const t = tOf('en');
    for (const action of ['dispute.hold', 'refund.fee_return', 'adjustment.debit'])
      expect(timelineActionText(t, step({ event: 'journal', action }))).not.toBeNull();
  });
});
