import { getLedgerChainStatus, getLedgerSeals, type LedgerSealRow } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { defineScopedList, serveList, type ListInput } from '../scoped-lists/list-query';

/** A seal as the list reads it. */
interface SealRecord {
  id: string;
  day: string;
  created_at: Date;
  heads: number;
  chained: string;
  root: string;
  key_id: string;
  copied_to: string | null;
}

/**
 * The seals (one a day, a few hundred a year), read through the list kit: a seal's id is its
 * day's, its time (`created_at`, the date range's column) when it was made.
 */
const sealList = defineScopedList<SealRecord>({
  from: `FROM (SELECT md5(day::text)::uuid AS id, to_char(day, 'YYYY-MM-DD') AS day,
                      sealed_at AS created_at, heads, chained::text AS chained,
                      encode(root, 'hex') AS root, key_id::text AS key_id, copied_to
                 FROM ledger_seals) s`,
  columns: 's.id, s.day, s.created_at, s.heads, s.chained, s.root, s.key_id, s.copied_to',
  alias: 's',
  scope: {},
  codes: {},
  search: { ids: [], texts: [], contains: [] },
  sorts: { created_at: 's.created_at' },
  defaultSort: 'created_at',
});

const viewSeal = (r: SealRecord): LedgerSealRow => ({
  id: r.id,
  day: r.day,
  sealed_at: r.created_at.toISOString(),
  heads: r.heads,
  chained: r.chained,
  root: r.root,
  key_id: r.key_id,
  copied_to: r.copied_to ?? '',
});

const served = serveList(sealList, viewSeal);

async function chainStatus(ctx: UserCallContext) {
  const { rows } = await ctx.db.query<{
    chained: string;
    waiting: string;
    admin_log_chained: string;
    admin_log_waiting: string;
    last_seal_day: string | null;
    key_id: string | null;
    public_key: string | null;
    keys: number;
  }>(
    `SELECT p.chained::text,
            ((SELECT count(*) FROM entries e WHERE e.id > p.max_chained)
              + (SELECT count(*) FROM entries e WHERE e.id = ANY(p.holes)))::text AS waiting,
            a.chained::text AS admin_log_chained,
            ((SELECT count(*) FROM admin_logs l WHERE l.seq > a.max_chained)
              + (SELECT count(*) FROM admin_logs l WHERE l.seq = ANY(a.holes)))::text AS admin_log_waiting,
            (SELECT to_char(max(day), 'YYYY-MM-DD') FROM ledger_seals) AS last_seal_day,
            k.id::text AS key_id, k.public_key,
            (SELECT count(*)::int FROM seal_keys) AS keys
       FROM ledger_chain_progress p CROSS JOIN admin_log_chain_progress a
       LEFT JOIN seal_keys k ON k.retired_at IS NULL`,
  );
  return rows[0]!;
}

/** /ledger-seals (rule administrator): the seals as a list, and the chain's state. */
export function registerLedgerSealCalls(registry: CallRegistry): void {
  registry
    .list(getLedgerSeals, {
      page: (ctx: UserCallContext, input: ListInput) => served.page(ctx, input),
      chunks: (ctx: UserCallContext, input: ListInput) => served.chunks(ctx, input),
    })
    .user(getLedgerChainStatus, (ctx) => chainStatus(ctx));
}
