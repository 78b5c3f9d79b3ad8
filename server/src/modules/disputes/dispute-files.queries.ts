import type { DisputeFileType } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** An evidence file of a dispute, without its bytes. */
export interface DisputeFileRecord {
  id: string;
  dispute_id: string;
  file_name: string;
  content_type: DisputeFileType;
  size_bytes: number;
  sha256: string;
  uploaded_by: string;
  uploaded_at: Date;
}

/*
 * A file is submitted when its dispute's evidence is (`disputes.evidence_submitted_at`), since
 * files are added and removed only while the dispute is `opened` (migration 0852 dropped the
 * copy `dispute_files.submitted_at` kept).
 */
const COLUMNS = `id, dispute_id, file_name, content_type, size_bytes, sha256, uploaded_by, uploaded_at`;

/** A new evidence file, with its bytes. */
export interface NewDisputeFile extends DisputeFileRecord {
  content: Buffer;
}

/*
 * The bytes travel as hex text, decoded and encoded by the database, on both databases: PGlite
 * turns a binary parameter or column into text and back byte by byte in JavaScript (5 MB: about
 * 8 s in and 2 s out, against 0.4 s and 0.15 s as hex). node-postgres would send a Buffer
 * parameter as binary, so on PostgreSQL an upload carries twice its size on the wire; a query
 * runs in a transaction that does not know its database, and one text serves both. Reading
 * costs PostgreSQL nothing more: node-postgres asks for text results, so a bytea column comes
 * back as hex text anyway.
 */

export async function insertDisputeFile(db: Queryable, f: NewDisputeFile): Promise<void> {
  await db.query(
    `INSERT INTO dispute_files (${COLUMNS}, content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, decode($9, 'hex'))`,
    [
      f.id,
      f.dispute_id,
      f.file_name,
      f.content_type,
      f.size_bytes,
      f.sha256,
      f.uploaded_by,
      f.uploaded_at.toISOString(),
      f.content.toString('hex'),
    ],
  );
}

/** A dispute's evidence files, oldest first (without their bytes). */
export async function findDisputeFiles(db: Queryable, disputeId: string) {
  const { rows } = await db.query<DisputeFileRecord>(
    `SELECT ${COLUMNS} FROM dispute_files WHERE dispute_id = $1 ORDER BY uploaded_at, id`,
    [disputeId],
  );
  return rows;
}

/** How many evidence files a dispute has. */
export async function countDisputeFiles(db: Queryable, disputeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM dispute_files WHERE dispute_id = $1',
    [disputeId],
  );
  return rows[0]?.n ?? 0;
}

/** One evidence file of a dispute with its bytes; null when the dispute has none of this id. */
export async function findDisputeFileContent(db: Queryable, disputeId: string, fileId: string) {
  const { rows } = await db.query<DisputeFileRecord & { content_hex: string }>(
    `SELECT ${COLUMNS}, encode(content, 'hex') AS content_hex
       FROM dispute_files WHERE dispute_id = $1 AND id = $2`,
    [disputeId, fileId],
  );
  const row = rows[0];
  if (!row) return null;
  const { content_hex, ...file } = row;
  return { ...file, content: Buffer.from(content_hex, 'hex') };
}

/** One evidence file of a dispute, locked until the transaction ends; null when none. */
export async function lockDisputeFile(db: Queryable, disputeId: string, fileId: string) {
  const { rows } = await db.query<DisputeFileRecord>(
    `SELECT ${COLUMNS} FROM dispute_files WHERE dispute_id = $1 AND id = $2 FOR UPDATE`,
    [disputeId, fileId],
  );
  return rows[0] ?? null;
}

export async function deleteDisputeFile(db: Queryable, fileId: string): Promise<void> {
  await db.query('DELETE FROM dispute_files WHERE id = $1', [fileId]);
}
