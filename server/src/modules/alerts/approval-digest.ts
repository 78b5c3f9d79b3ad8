import { approveSettingChange, moneyKind, pathOf, RULES, type AccessRule } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import {
  SETTING_CHANGE_SUBJECT,
  subjectOfKind,
  type ApprovalSubject,
  type ApprovedKindName,
} from '../approvals/approval-subjects';
import { creatorPrincipalSql } from '../approvals/approvals.service';
import type { WebhookSettings } from '../mail/mail.service';
import { adminsUnder, type AlertRecipient } from './alert-recipients';
import { APPROVAL_QUEUES, type ApprovalQueue } from './alert-words';
import { queueMailsOnly, queueWebhookOnly, type AlertBody } from './queue-alert';
import { queueWordsOf } from './queue-words';

/** A digest goes to one admin at most this often. */
export const DIGEST_MINUTES = 15;

interface Queue {
  readonly subject: ApprovalSubject;
  readonly rule: AccessRule;
  readonly path: string;
}

/** A money kind's queue, from its registry entry: its decision rule and its queue screen. */
function kindQueue(name: ApprovedKindName): Queue {
  const approval = moneyKind(name).approval;
  return {
    subject: subjectOfKind(name),
    rule: RULES[approval.decisionRule],
    path: pathOf(approval.queueRoute),
  };
}

/** Each queue: its requests, the rule of the call that approves them, and the screen listing them. */
const QUEUES: Record<ApprovalQueue, Queue> = {
  ...(Object.fromEntries(
    APPROVAL_QUEUES.filter((q) => q !== 'setting_change').map((q) => [q, kindQueue(q)]),
  ) as Record<ApprovedKindName, Queue>),
  setting_change: {
    subject: SETTING_CHANGE_SUBJECT,
    rule: approveSettingChange.rule,
    path: pathOf('forceChangeUsdt'),
  },
};

/** A request waiting for approval: who asked (a principal) and who approved it already. */
interface WaitingRequest {
  id: string;
  queue: ApprovalQueue;
  creator: string | null;
  approved: string[];
}

async function waitingIn(tx: Queryable, queue: ApprovalQueue): Promise<WaitingRequest[]> {
  const { subject } = QUEUES[queue];
  const destination = subject.destination ? 'AND t.destination = $3' : '';
  const { rows } = await tx.query<Omit<WaitingRequest, 'queue'>>(
    `SELECT t.id, ${creatorPrincipalSql(subject, 't')} AS creator,
            ARRAY(SELECT ap.principal_account_id::text FROM approvals ap
                   WHERE ap.ref_type = $1 AND ap.ref_id = t.id) AS approved
       FROM ${subject.table} t WHERE t.status = $2 ${destination}
      ORDER BY t.created_at, t.id`,
    [subject.refType, subject.awaiting, ...(subject.destination ? [subject.destination] : [])],
  );
  return rows.map((r) => ({ ...r, queue }));
}

/**
 * The requests `admin` may approve: their queue's approve rule lets them, they did not ask for
 * it (an admin never approves their own request, nor one of their principal's), and their
 * principal has not approved it already.
 */
const approvableBy =
  (admin: AlertRecipient, allowed: ReadonlySet<ApprovalQueue>) => (r: WaitingRequest) =>
    allowed.has(r.queue) && r.creator !== admin.principal && !r.approved.includes(admin.principal);

/** The digest's words: the new requests per queue, each queue linked. */
const digestBody =
  (publicUrl: string, fresh: readonly WaitingRequest[]): AlertBody =>
  (w, lang) => {
    const counts = APPROVAL_QUEUES.map((q) => ({
      q,
      n: fresh.filter((r) => r.queue === q).length,
    }));
    const links = counts
      .filter((c) => c.n > 0)
      .map((c) => ({
        label: `${c.q === 'setting_change' ? w.digest.queues[c.q] : queueWordsOf.of(c.q)[lang]}: ${c.n}`,
        url: `${publicUrl}${QUEUES[c.q].path}`,
      }));
    return {
      subject: w.digest.subject(fresh.length),
      paragraphs: [w.digest.intro(fresh.length)],
      links,
      action: { label: w.digest.action, url: links[0]!.url },
    };
  };

/** What a recipient was last told: when, and which requests (still waiting) it named. */
async function digestState(tx: Queryable, key: string) {
  const { rows } = await tx.query<{ last_sent_at: Date }>(
    'SELECT last_sent_at FROM approval_digests WHERE recipient_key = $1 FOR UPDATE',
    [key],
  );
  const told = await tx.query<{ ref_id: string }>(
    'SELECT ref_id FROM approval_digest_told WHERE recipient_key = $1',
    [key],
  );
  return {
    lastSentAt: rows[0]?.last_sent_at ?? null,
    told: new Set(told.rows.map((r) => r.ref_id)),
  };
}

/** Records a digest queued for `key`: now, and the waiting requests it has told of so far. */
async function recordDigest(tx: Queryable, key: string, now: Date, waiting: readonly string[]) {
  await tx.query(
    `INSERT INTO approval_digests (recipient_key, last_sent_at) VALUES ($1, $2)
     ON CONFLICT (recipient_key) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
    [key, now.toISOString()],
  );
  // Requests no longer waiting are forgotten; the waiting ones are all told of now.
  await tx.query('DELETE FROM approval_digest_told WHERE recipient_key = $1', [key]);
  await tx.query(
    `INSERT INTO approval_digest_told (recipient_key, ref_id) SELECT $1, unnest($2::uuid[])`,
    [key, waiting],
  );
}

/**
 * One digest round (issue 30, "work waiting"), in one transaction: each admin who may approve
 * a waiting request gets one mail naming the requests they have not been told of yet, at most
 * once per DIGEST_MINUTES, linking to the queues; nothing new, no mail. The operations webhook
 * (when set) gets one digest of every new waiting request on the same terms. Answers how many
 * digests were queued. The money jobs run it under a job lock (one server process at a time).
 */
export async function queueApprovalDigests(
  db: Db,
  settings: WebhookSettings,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const waiting = (await Promise.all(APPROVAL_QUEUES.map((q) => waitingIn(tx, q)))).flat();
    const allowedOf = new Map<string, Set<ApprovalQueue>>();
    const admins = new Map<string, AlertRecipient>();
    for (const queue of APPROVAL_QUEUES) {
      for (const admin of await adminsUnder(tx, QUEUES[queue].rule, 'approvals_waiting')) {
        admins.set(admin.accountId, admin);
        const allowed = allowedOf.get(admin.accountId) ?? new Set();
        allowed.add(queue);
        allowedOf.set(admin.accountId, allowed);
      }
    }
    const targets: { key: string; admin: AlertRecipient | null; theirs: WaitingRequest[] }[] = [
      ...[...admins.values()].map((admin) => ({
        key: admin.accountId,
        admin,
        theirs: waiting.filter(approvableBy(admin, allowedOf.get(admin.accountId)!)),
      })),
      ...(settings.alertWebhookUrl ? [{ key: 'webhook', admin: null, theirs: waiting }] : []),
    ];
    let queued = 0;
    for (const { key, admin, theirs } of targets) {
      if (!theirs.length) continue;
      const state = await digestState(tx, key);
      if (state.lastSentAt && now.getTime() - state.lastSentAt.getTime() < DIGEST_MINUTES * 60_000)
        continue;
      const fresh = theirs.filter((r) => !state.told.has(r.id));
      if (!fresh.length) continue;
      const alert = {
        kind: 'alert.approvals_waiting',
        at: now,
        body: digestBody(settings.publicUrl, fresh),
      };
      // Each admin's digest is a mail; the webhook has a digest of its own (key 'webhook').
      if (admin) await queueMailsOnly(tx, { ...alert, recipients: [admin] });
      else await queueWebhookOnly(tx, settings, alert);
      await recordDigest(
        tx,
        key,
        now,
        theirs.map((r) => r.id),
      );
      queued++;
    }
    return queued;
  });
}
