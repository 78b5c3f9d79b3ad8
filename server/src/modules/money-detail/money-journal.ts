import { feeSplitSeenBy, formatAmount, type MoneyDetail } from '@bo/contract';
import type { Actor } from '../../core/context';
import type { EntryRecord, JournalRecord } from './money-detail.queries';

type JournalView = MoneyDetail['journal'][number];

/**
 * The ledger owners whose lines a viewer sees: an admin every line; a merchant its own
 * accounts; a reseller its own and the item's merchant's. House accounts (platform, gateway)
 * are the platform's business, so only admins see them (null: everything).
 */
export function visibleOwners(
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  merchantId: string | null,
): ReadonlySet<string> | null {
  if (actor.accountType === 'admin') return null;
  const owners = new Set([actor.scopeAccountId]);
  if (actor.accountType === 'reseller' && merchantId) owners.add(merchantId);
  return owners;
}

/** A minor-unit amount the journal's details recorded, as exact decimal text. */
function detailAmount(details: Record<string, unknown>, key: string, currency: string) {
  const value = details[key];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return formatAmount(BigInt(value), currency);
}

/**
 * The fee split a journal recorded (null when it recorded none, as reserves and voids), with
 * what the viewer may not see left null: the platform's profit and the gateway's cost are
 * an admin's to see, the reseller's commission its own and an admin's.
 */
function feeSplitOf(
  details: Record<string, unknown>,
  currency: string,
  accountType: Actor['accountType'],
): JournalView['fee_split'] {
  const amount = detailAmount(details, 'amount', currency);
  const fee = detailAmount(details, 'fee', currency);
  const net = detailAmount(details, 'merchant_net', currency);
  if (amount === null || fee === null || net === null) return null;
  return {
    amount,
    fee,
    merchant_net: net,
    ...feeSplitSeenBy(accountType, (part) => detailAmount(details, part, currency)),
  };
}

/** A line as shown: a negative entry is a debit, a positive one a credit, exact decimal text. */
function lineOf(e: EntryRecord): JournalView['lines'][number] {
  const size = formatAmount(e.amount < 0n ? -e.amount : e.amount, e.currency);
  return {
    ledger_account_id: e.ledger_account_id,
    owner_kind: e.owner_kind,
    owner: e.owner_code ?? 'platform',
    purpose: e.purpose,
    currency: e.currency,
    debit: e.amount < 0n ? size : null,
    credit: e.amount < 0n ? null : size,
  };
}

/**
 * An item's journals as the detail shows them: each with its contract version, the fee split
 * its details recorded and its lines; lines on accounts the viewer may not see are counted,
 * not shown.
 */
export function viewJournals(
  journals: readonly JournalRecord[],
  entries: readonly EntryRecord[],
  viewer: {
    actor: Pick<Actor, 'accountType' | 'scopeAccountId'>;
    merchantId: string | null;
    currency: string;
  },
): JournalView[] {
  const owners = visibleOwners(viewer.actor, viewer.merchantId);
  const isVisible = (e: EntryRecord) =>
    owners === null || (e.owner_kind === 'account' && owners.has(e.owner_id));
  return journals.map((j) => {
    const own = entries.filter((e) => e.journal_id === j.id);
    const shown = own.filter(isVisible);
    return {
      id: j.id,
      kind: j.kind,
      created_at: j.created_at.toISOString(),
      contract_id: j.contract_id,
      contract_version: j.contract_version,
      fee_split: feeSplitOf(j.details, viewer.currency, viewer.actor.accountType),
      lines: shown.map(lineOf),
      hidden_lines: own.length - shown.length,
    };
  });
}
