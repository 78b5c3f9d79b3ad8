import type { Db, Queryable } from '../../db/db';
import { ADMIN_LOG_CHAIN_ID, adminLogLinkHash, type AdminLogLinkContent } from './chain-hash';
import { runChain, type ChainSource } from './chain-runner';
import { dayOfMicros, previousSealDay, type SealedSeq } from './seal-days';

/**
 * The admin log's chain (docs/money.md, "The admin log's chain"): its rows linked in the order
 * of their numbers, after they commit, by the same runner as the entries (chain-runner.ts); one
 * chain, its head kept with the ledger accounts' heads under ADMIN_LOG_CHAIN_ID.
 */
export const chainAdminLog = (db: Db): Promise<number> => runChain(db, ADMIN_LOG);

/** Each row's content as its link covers it (shared with the check). */
const LOG_CONTENT_COLUMNS = `
  l.seq::text AS "logSeq", l.id::text AS "logId",
  (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS at,
  coalesce(l.actor_account_id::text, '') AS "actorId", l.actor_username AS "actorUsername",
  l.actor_account_type AS "actorType", l.action, l.target_type AS "targetType",
  l.target_id AS "targetId", l.client_ip AS "clientIp", l.outcome,
  coalesce(l.before::text, '') AS before, coalesce(l.after::text, '') AS after,
  l.request_id AS "requestId"`;

type LogRow = AdminLogLinkContent & { id: string };

const ADMIN_LOG: ChainSource<LogRow> = {
  progressTable: 'admin_log_chain_progress',
  idColumn: 'l.seq',
  async read(tx, where, param, limit) {
    const { rows } = await tx.query<AdminLogLinkContent>(
      `SELECT ${LOG_CONTENT_COLUMNS} FROM admin_logs l WHERE ${where} ORDER BY l.seq LIMIT ${limit}`,
      [param],
    );
    return rows.map((r) => ({ ...r, id: r.logSeq }));
  },
  async append(tx, rows) {
    const { rows: heads } = await tx.query<{ seq: string; hash: string }>(
      `SELECT seq::text, encode(hash, 'hex') AS hash FROM ledger_chain_heads WHERE ledger_account_id = $1`,
      [ADMIN_LOG_CHAIN_ID],
    );
    let seq = BigInt(heads[0]?.seq ?? '0');
    let hash = heads[0]?.hash ?? '';
    const links = rows.map((row) => {
      seq += 1n;
      hash = adminLogLinkHash(hash, seq.toString(), row);
      return { seq: seq.toString(), logSeq: row.logSeq, hash };
    });
    await tx.query(
      `INSERT INTO admin_log_chain (seq, log_seq, hash)
       SELECT s, l, decode(h, 'hex') FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS t(s, l, h)`,
      [links.map((l) => l.seq), links.map((l) => l.logSeq), links.map((l) => l.hash)],
    );
    await tx.query(
      `INSERT INTO ledger_chain_heads (ledger_account_id, seq, balance, hash)
       VALUES ($1, $2, 0, decode($3, 'hex'))
       ON CONFLICT (ledger_account_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
      [ADMIN_LOG_CHAIN_ID, seq.toString(), hash],
    );
  },
};

const PAGE = 5_000;

/**
 * What `ledger:check` finds in the admin log's chain, as it does in the accounts' chains: each
 * link recomputed from its row as it is now and chained to the one before, a row deleted, a
 * link removed, a row chained twice, a row at or below the chain's mark never chained (written
 * behind its back), and a row dated into a day sealed before it was chained.
 */
export async function checkAdminLogChain(
  db: Queryable,
  sealed: readonly SealedSeq[] | undefined,
  allSealDays: readonly string[],
  note: (line: string) => void,
) {
  // The log's chain began with this migration: only seals from its first one on bound its rows.
  const first = sealed?.[0]?.day;
  const sealDays = first ? allSealDays.filter((d) => d >= first) : [];
  let current = { seq: 0n, hash: '' };
  for (;;) {
    const { rows } = await db.query<
      AdminLogLinkContent & { seq: string; hash: string; linked: string; missing: boolean }
    >(
      `SELECT c.seq::text, encode(c.hash, 'hex') AS hash, c.log_seq::text AS linked,
              l.id IS NULL AS missing, ${LOG_CONTENT_COLUMNS}
         FROM admin_log_chain c LEFT JOIN admin_logs l ON l.seq = c.log_seq
        WHERE c.seq > $1 ORDER BY c.seq LIMIT ${PAGE}`,
      [current.seq.toString()],
    );
    for (const row of rows) {
      const where = `admin log row ${row.linked} (link ${row.seq} of the admin log's chain)`;
      const seq = BigInt(row.seq);
      if (seq !== current.seq + 1n)
        note(`${where} does not follow link ${current.seq}: a link was removed from the chain`);
      if (row.missing) note(`${where} is chained but the row is gone: a log row was deleted`);
      else if (adminLogLinkHash(current.hash, row.seq, row) !== row.hash)
        note(`${where} no longer matches its link: the row was changed`);
      else {
        const sealedAfter = previousSealDay(sealed, sealDays, seq);
        if (sealedAfter && dayOfMicros(row.at) <= sealedAfter)
          note(
            `${where} is dated ${dayOfMicros(row.at)} but was chained after the seal of ${sealedAfter}: it was written into a sealed day`,
          );
      }
      current = { seq, hash: row.hash };
    }
    if (rows.length < PAGE) break;
  }
  const { rows: twice } = await db.query<{ seq: string }>(
    `SELECT log_seq::text AS seq FROM admin_log_chain GROUP BY log_seq HAVING count(*) > 1 ORDER BY 1 LIMIT 100`,
  );
  for (const r of twice)
    note(`admin log row ${r.seq} has more than one link: a link was copied into the chain`);
  const { rows: unchained } = await db.query<{ seq: string }>(
    `SELECT l.seq::text FROM admin_logs l, admin_log_chain_progress p
      WHERE l.seq <= p.low_water AND NOT EXISTS (SELECT 1 FROM admin_log_chain c WHERE c.log_seq = l.seq)
      ORDER BY l.seq LIMIT 100`,
  );
  for (const r of unchained)
    note(
      `admin log row ${r.seq} was never chained though the chain passed it: it was written behind the chain's back`,
    );
}
