import { TOP_UP_LIFECYCLE } from '../lifecycles';
import { defineMoneyKind, kindRoute } from './money-kind';

/** A top-up: an admin credits a merchant's pay-out balance on approval (one approver). */
export const TOP_UP_KIND = defineMoneyKind({
  name: 'top_up',
  noun: 'top-up',
  lifecycle: TOP_UP_LIFECYCLE,
  tones: { pending: 'warning', approved: 'primary', rejected: 'danger' },
  outcomes: { success: ['approved'], failed: ['rejected'] },
  table: 'top_ups',
  owner: 'merchant',
  listRule: 'topUpAdmin',
  money: { effect: 'credit', balance: 'payout_available' },
  journalKinds: ['top_up.approve'],
  approval: {
    awaiting: 'pending',
    moneyOut: false,
    creatorColumn: 'created_by',
    decisionRule: 'topUpAdmin',
    queueRoute: 'topUps',
  },
  quoted: true,
  notified: false,
  routes: [kindRoute('topUps', '/top-up/list', 'topUpAdmin')],
  menu: [{ group: 'topUp', label: 'topUps', routeId: 'topUps' }],
});
