import {
  JOURNAL_DIGEST_VERSION,
  LINK_VERSION,
  LINK_VERSION_2,
  type LinkVersion,
} from './chain-hash';

/**
 * The chain's link hashes as PostgreSQL computes them, byte for byte what chain-hash.ts hashes
 * in JavaScript (the tamper tests and `link-hash-sql.test.ts` hold the two together), so
 * ledger:check recomputes every link inside the database and only broken ones come back.
 */

/** 32 zero bytes: the previous hash of an account's first link, the digest of a missing journal. */
const ZEROS = `'\\x${'00'.repeat(32)}'::bytea`;

/**
 * The one session setting the `bo-ledger-2` expressions need: `textsend` writes a text in the
 * client's encoding, so with this it writes its UTF-8 bytes, whatever the database's encoding
 * (as `convert_to(text, 'UTF8')` does, which measured 5 % of a walk slower: it looks the
 * encoding up by name for each value).
 */
export const UTF8_CLIENT = `SET LOCAL client_encoding = 'UTF8'`;

/** The UTF-8 bytes of a text (under `UTF8_CLIENT`). */
const utf8 = (text: string) => `textsend(${text})`;

/** The UTF-8 bytes of a text, after their length in 4 bytes. */
const sized = (text: string) => `int4send(octet_length(${utf8(text)})) || ${utf8(text)}`;

/**
 * `journalDigest` of the journal row `j` (its columns as the table has them), 32 bytes, under
 * `UTF8_CLIENT`. Over a row that is not there (an outer join's nulls) it is null.
 */
export const journalDigestSql = (j: string) => `sha256('${JOURNAL_DIGEST_VERSION}'::bytea
  || uuid_send(${j}.id) || uuid_send(${j}.owner_account_id) || uuid_send(${j}.ref_id)
  || CASE WHEN ${j}.contract_id IS NULL THEN '\\x00'::bytea ELSE '\\x01'::bytea || uuid_send(${j}.contract_id) END
  || timestamptz_send(${j}.created_at) || ${sized(`${j}.kind`)} || ${sized(`${j}.ref_type`)}
  || ${utf8(`${j}.details::text`)})`;

/** What a link's hash is computed over: SQL expressions of the walk's row. */
export interface LinkHashInputs {
  /** The previous link's hash (bytea; null for an account's first link). */
  readonly previousHash: string;
  readonly seq: string;
  readonly balance: string;
  /** The entry row's alias (`entries`' columns). */
  readonly entry: string;
  /** The journal row's alias (`journal`'s columns; nulls when it is missing). */
  readonly journal: string;
  /** `journalDigestSql` of that journal (null when it is missing). */
  readonly journalDigest: string;
}

/** The link's hash in `bo-ledger-1` (bytea): `linkHash`'s JSON array of strings. */
export function linkHashV1Sql(i: LinkHashInputs): string {
  const e = i.entry;
  const j = i.journal;
  const micros = (at: string) => `(extract(epoch FROM ${at}) * 1000000)::bigint::text`;
  return `sha256(convert_to(array_to_json(ARRAY[
    '${LINK_VERSION}', coalesce(encode(${i.previousHash}, 'hex'), ''), ${i.seq}::text,
    ${i.balance}::text, ${e}.id::text, ${e}.journal_id::text, ${e}.ledger_account_id::text,
    ${e}.currency::text, ${e}.amount::text, ${micros(`${e}.created_at`)},
    coalesce(${j}.kind, ''), coalesce(${j}.ref_type, ''), coalesce(${j}.ref_id::text, ''),
    coalesce(${j}.owner_account_id::text, ''), coalesce(${j}.contract_id::text, ''),
    coalesce(${j}.details::text, ''), coalesce(${micros(`${j}.created_at`)}, '')
  ])::text, 'UTF8'))`;
}

/** The link's hash in `bo-ledger-2` (bytea): `linkHashV2`'s fixed-width fields, under `UTF8_CLIENT`. */
export function linkHashV2Sql(i: LinkHashInputs): string {
  const e = i.entry;
  return `sha256('${LINK_VERSION_2}'::bytea || coalesce(${i.previousHash}, ${ZEROS})
    || int8send(${i.seq}) || int8send(${i.balance}) || int8send(${e}.id)
    || uuid_send(${e}.ledger_account_id) || int8send(${e}.amount) || timestamptz_send(${e}.created_at)
    || uuid_send(${e}.journal_id) || coalesce(${i.journalDigest}, ${ZEROS})
    || ${utf8(`${e}.currency`)})`;
}

const LINK_HASH_SQL: Record<LinkVersion, (i: LinkHashInputs) => string> = {
  1: linkHashV1Sql,
  2: linkHashV2Sql,
};

/**
 * The link's hash in the version `version` names (an SQL expression of the stored version),
 * among `versions` (every format, unless the caller knows some cannot occur); null for any
 * other version.
 */
export const linkHashSql = (
  version: string,
  i: LinkHashInputs,
  versions: readonly LinkVersion[] = [1, 2],
) =>
  `CASE ${version} ${versions.map((v) => `WHEN ${v} THEN ${LINK_HASH_SQL[v](i)}`).join(' ')} END`;
