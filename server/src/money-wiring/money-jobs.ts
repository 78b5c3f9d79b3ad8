import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { runAlone } from '../db/job-lock';
import { foldPendingCredits } from '../ledger/postings';
import { compactRollups } from '../ledger/rollup-compaction';
import { foldReportRollups } from '../ledger/report-folding';
import { recordMoneyJobsRound } from '../http/metrics';
import { alertJobs } from '../modules/alerts/alerts.service';
import { gatewayHealthJob } from '../modules/gateway-health/gateway-health.service';
import {
  startNotificationPump,
  type PumpLog,
} from '../modules/merchant-notifications/notification-pump';
import { startMailPump } from '../modules/mail/mail-pump';
import { sweepExpiredPayins } from '../modules/payins/payin-flow';
import { releaseQueuedPayouts } from '../modules/payouts/payout-queue';
import { resumeUnsentPayouts } from '../modules/payouts/payout-flow';
import { resumeUnsentRefunds } from '../modules/refunds/refund-flow';
import { sweepExpiredRequests } from '../modules/request-expiry/request-expiry';
import { sweepOverdueDisputes } from '../modules/disputes/dispute-deadline';
import { dailyStatementsJob } from '../modules/reconciliation/recon-sandbox';
import { foldRiskHours } from '../modules/risk/risk-fold';
import { chainAll } from '../ledger/chain/chain-all';
import { sealWhenDue } from '../ledger/chain/seals';
import { askAboutLostHandOvers } from './lost-hand-overs';
import { sealCopiesOf } from './seal-copies';

/**
 * Advisory lock keys of the jobs that run on one server process at a time (`runAlone`): fixed
 * numbers no other lock uses (migrations take 7341001, the gateway health evaluation 1300510).
 */
export const JOB_LOCK_KEYS = {
  payinExpiry: 7341101,
  requestExpiry: 7341102,
  creditFolding: 7341103,
  rollupCompaction: 7341104,
  reportFolding: 7341105,
  approvalDigest: 7341106,
  notifyFailure: 7341107,
  disputeDeadline: 7341108,
  reconStatements: 7341109,
  riskFolding: 7341110,
  payoutQueue: 7341111,
  ledgerChain: 7341112,
  handOverResume: 7341113,
} as const;

/**
 * One round of the background jobs. Every server process on the database runs these rounds
 * (docs/operations.md, Several instances); what keeps two processes from running a job twice:
 *
 * - Merchant notifications: on their own loop (`startNotificationPump`), shared, not locked.
 *   Each claim takes due rows with `FOR UPDATE SKIP LOCKED` and holds them for longer than a
 *   delivery may take, so two processes claim different rows and a slow receiver is not sent
 *   the same notification twice; a sender that dies mid-send leaves the row to be claimed
 *   again: delivery is at least once, receivers de-duplicate by the pay-in's id and status.
 * - Mail: on its own loop (`startMailPump`), claimed as notifications are; an SMTP server that
 *   accepted a mail from a sender that died before recording it may get it again after the lease.
 * - Pay-in expiry, request expiry, the dispute deadline: one process at a time (`runAlone`): two sweeps would race
 *   on every row they found (and the pay-in sweep ask the gateway twice about each). Either
 *   way nothing is applied twice: each change locks its row and applies only from the status
 *   it was judged on (the second sweep's change is not applied; a request decided meanwhile
 *   is left alone).
 * - Credit folding, rollup compaction, report folding, the risk hours: one process at a time. Each statement
 *   moves rows by deleting them (`DELETE … RETURNING`) and adding what it deleted, so two
 *   folds of one account, tenant or bucket add each row once (the second waits for the first
 *   and finds the rows gone); but two rounds in step would queue on every row and could
 *   deadlock on the day rows two buckets share (retried, yet wasted work).
 * - Gateway health: its evaluation takes its own advisory lock in its transaction
 *   (modules/gateway-health), so one process evaluates and acts.
 * - Pay-outs and refunds left in `processing` unsent by a server that stopped before handing
 *   them over (issue 45): one process at a time; each hand-over claims its row first
 *   (`handing_over_at`), so a second pass, or the row's own hand-over, finds it claimed. Those
 *   claimed but never answered (`askAboutLostHandOvers`) are asked of their gateway; its
 *   answer is applied as a callback, under one event id, so a second pass applies nothing.
 * - The pay-outs queued for their gateway's deposit: one process at a time, as the sweeps; each
 *   release locks its rows and the gateways it admits to, and applies only from
 *   `queued_for_gateway`, so a second pass finds them gone.
 * - Approval digests and failing-notification alerts (modules/alerts, once a minute): one
 *   process at a time; each records whom it told in the transaction that queues the mail, so
 *   a second pass finds nothing new to tell.
 * - The sandbox gateways' statements of yesterday (modules/reconciliation, once a day per
 *   process, beside the rounds): one process at a time; a gateway with that day's run is
 *   skipped, and the same file twice is refused by the database (`recon_runs_file_once`), so a
 *   second pass imports nothing.
 *
 * - The ledger's chain and its daily seal: one process at a time; each batch also locks the
 *   chain's progress row, and a link's entry is its primary key, so a second chainer could
 *   only fail, never chain an entry twice; a day is sealed once (its primary key).
 *
 * The locks save work and conflicts; no job relies on them to stay correct, so a lock lost
 * with its connection mid-round costs nothing but a second pass.
 */
async function runRound(
  db: Db,
  config: Config,
  evaluateGatewayHealthWhenDue: ReturnType<typeof gatewayHealthJob>,
  alertsWhenDue: ReturnType<typeof alertJobs>,
  statements: ReturnType<typeof dailyStatementsJob>,
) {
  await runAlone(db, JOB_LOCK_KEYS.payinExpiry, () => sweepExpiredPayins(db));
  await runAlone(db, JOB_LOCK_KEYS.requestExpiry, () => sweepExpiredRequests(db));
  await runAlone(db, JOB_LOCK_KEYS.disputeDeadline, () => sweepOverdueDisputes(db));
  await runAlone(db, JOB_LOCK_KEYS.payoutQueue, () => releaseQueuedPayouts(db));
  await runAlone(db, JOB_LOCK_KEYS.handOverResume, async () => {
    await resumeUnsentPayouts(db);
    await resumeUnsentRefunds(db);
    await askAboutLostHandOvers(db, 'payout');
    await askAboutLostHandOvers(db, 'refund');
  });
  await runAlone(db, JOB_LOCK_KEYS.creditFolding, () => foldPendingCredits(db));
  await runAlone(db, JOB_LOCK_KEYS.rollupCompaction, () => compactRollups(db));
  await runAlone(db, JOB_LOCK_KEYS.reportFolding, () => foldReportRollups(db));
  await runAlone(db, JOB_LOCK_KEYS.riskFolding, () => foldRiskHours(db));
  await runAlone(db, JOB_LOCK_KEYS.ledgerChain, async () => {
    await chainAll(db);
    await sealWhenDue(db, config, sealCopiesOf(config));
  });
  await evaluateGatewayHealthWhenDue(db);
  await alertsWhenDue(db, (key, work) => runAlone(db, JOB_LOCK_KEYS[key], work));
  // Started here, run beside the rounds (an import may take a while); awaited when stopping.
  statements.startWhenDue(db, (work) => runAlone(db, JOB_LOCK_KEYS.reconStatements, work));
}

/**
 * Runs the money background jobs until stopped: merchant notifications and mail on their own loops, and
 * once a second a round of pay-in and request expiry, the dispute deadline sweep, the hand-over of pay-outs and refunds a stopped server left unsent (and the gateway asked about those it left claimed), the release of pay-outs queued for their gateway's deposit, credit folding, rollup compaction,
 * report folding, the risk hours' fold, the ledger's chain (and its daily seal) and gateway health; once a day the round starts the sandbox gateways' statements, which run
 * beside the rounds. Stopping waits for what is under way.
 */
export function startMoneyJobs(db: Db, config: Config, log: PumpLog) {
  const evaluateGatewayHealthWhenDue = gatewayHealthJob(config);
  const alertsWhenDue = alertJobs(config);
  const statements = dailyStatementsJob(log);
  const stopNotifications = startNotificationPump(db, config, log);
  const stopMail = startMailPump(db, config, log);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = (async () => {
      const startedAt = Date.now();
      await runRound(db, config, evaluateGatewayHealthWhenDue, alertsWhenDue, statements);
      recordMoneyJobsRound(startedAt);
    })().catch((error: unknown) => log.error({ err: error }, 'money jobs failed'));
    await running;
    if (!stopped) timer = setTimeout(tick, 1_000);
  };
  let timer = setTimeout(tick, 1_000);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    // The round under way may start the statements: wait for it, then for them.
    await Promise.all([running.then(statements.idle), stopNotifications(), stopMail()]);
  };
}
