import { MONEY_KINDS, type MoneyKindDef } from '@bo/contract';
import { PLATFORM_OWNER } from './ledger-accounts';

/** One check of `ledger:check`: rows of `sql` are drifts, each worded by `describe`. */
export interface LedgerCheck {
  readonly name: string;
  readonly sql: string;
  readonly describe: (r: Record<string, unknown>) => string;
}

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

/** A registry name, status or purpose spliced into SQL: plain lower-case words only. */
function plain(name: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a plain name: ${name}`);
  return name;
}

/**
 * The checks of a kind whose rows each move money once (`MoneyKindDef.singleJournal`): every
 * row in a posted status has exactly one journal and the others none; each journal names an
 * existing row; each is its row's movement, to the cent: `<name>.<direction>`, whose owner is
 * the row's, in two entries, the row's signed amount on the owner's `balance` account in its
 * currency and the opposite on the platform's account.
 */
function checksOf(kind: MoneyKindDef): LedgerCheck[] {
  const rule = kind.singleJournal;
  if (!rule) return [];
  const name = plain(kind.name);
  const table = plain(kind.table);
  const against = plain(rule.against);
  const posted = quoted(rule.postedIn.map(plain));
  const signed = `CASE t.direction WHEN 'credit' THEN t.amount WHEN 'debit' THEN -t.amount END`;
  /** An entry of journal `j` of `amount` on the account `owner` has in the row's currency. */
  const entry = (owner: string, purpose: string, amount: string) => `EXISTS (
      SELECT 1 FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
       WHERE e.journal_id = j.id AND ${owner} AND la.purpose = ${purpose}
         AND la.currency = t.currency AND e.currency = t.currency AND e.amount = ${amount})`;
  return [
    {
      name: `${kind.noun} journal count`,
      sql: `SELECT t.id, t.status, count(j.id)::int AS n
              FROM ${table} t LEFT JOIN journal j ON j.ref_type = '${name}' AND j.ref_id = t.id
             GROUP BY t.id, t.status
            HAVING count(j.id) <> CASE WHEN t.status IN (${posted}) THEN 1 ELSE 0 END`,
      describe: (r) =>
        `${kind.noun} ${r.id} (${r.status}) has ${r.n} journals; it should have ${
          rule.postedIn.includes(String(r.status)) ? 'exactly one' : 'none'
        }`,
    },
    {
      name: `${kind.noun} journal without its row`,
      sql: `SELECT j.id, j.ref_id FROM journal j
             WHERE j.ref_type = '${name}' AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = j.ref_id)`,
      describe: (r) => `journal ${r.id} refers to ${kind.noun} ${r.ref_id}, which does not exist`,
    },
    {
      name: `${kind.noun} journal differs from its row`,
      sql: `SELECT t.id, j.id AS journal_id, j.kind, t.direction, t.amount::text AS amount, t.currency
              FROM ${table} t JOIN journal j ON j.ref_type = '${name}' AND j.ref_id = t.id
             WHERE j.kind IS DISTINCT FROM '${name}.' || t.direction
                OR j.owner_account_id <> t.owner_account_id
                OR (SELECT count(*) FROM entries e WHERE e.journal_id = j.id) <> 2
                OR NOT ${entry(
                  `la.owner_kind = 'account' AND la.owner_id = t.owner_account_id`,
                  't.balance',
                  signed,
                )}
                OR NOT ${entry(
                  `la.owner_kind = 'platform' AND la.owner_id = '${PLATFORM_OWNER}'`,
                  `'${against}'`,
                  `-(${signed})`,
                )}`,
      describe: (r) =>
        `journal ${r.journal_id} (${r.kind}) of ${kind.noun} ${r.id} is not its ${r.direction} of ${r.amount} (minor units) ${r.currency} between the owner's balance and ${against}`,
    },
  ];
}

/**
 * The checks of every kind the registry says moves money once per row (`singleJournal`), read
 * from the contract's kind entries: no kind is named here.
 */
export const SINGLE_JOURNAL_CHECKS: readonly LedgerCheck[] = MONEY_KINDS.flatMap((k) =>
  checksOf(k as MoneyKindDef),
);
