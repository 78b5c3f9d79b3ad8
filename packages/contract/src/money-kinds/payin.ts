import { PAYIN_LIFECYCLE } from '../lifecycles';
import { defineMoneyKind, kindRoute } from './money-kind';

/** A pay-in: a payer pays a merchant through a gateway; credited to its available balance. */
export const PAYIN_KIND = defineMoneyKind({
  name: 'payin',
  noun: 'pay-in',
  lifecycle: PAYIN_LIFECYCLE,
  tones: {
    created: 'secondary',
    processing: 'info',
    success: 'success',
    failed: 'danger',
    expired: 'dark',
    held_for_review: 'warning',
    rejected: 'danger',
    blocked: 'danger',
  },
  outcomes: { success: ['success'], failed: ['failed', 'expired', 'rejected', 'blocked'] },
  gatewayJudged: { success: ['success'], unsuccessful: ['failed', 'expired'] },
  table: 'payins',
  owner: 'merchant',
  listRule: 'payin',
  money: { effect: 'credit', balance: 'available' },
  journalKinds: ['payin.success'],
  quoted: false,
  notified: true,
  gatewayFlow: 'in',
  dashboard: { series: true, gatewayRollups: true },
  profit: 'revenue',
  routes: [
    kindRoute('payins', '/transactions', 'payin'),
    kindRoute('payinsProcessing', '/transactions/processing-list', 'payin'),
  ],
  menu: [
    { group: 'payin', label: 'payins', routeId: 'payins' },
    { group: 'payin', label: 'payinsProcessing', routeId: 'payinsProcessing' },
  ],
});
