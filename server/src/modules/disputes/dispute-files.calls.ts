import { randomUUID } from 'node:crypto';
import {
  DISPUTE_FILE_MAX_BYTES,
  DISPUTE_FILES_MAX,
  DOWNLOAD_DISPUTE_FILE_CALL,
  downloadDisputeFileRequest,
  getDisputeFiles,
  removeDisputeFile,
  RULES,
  uploadDisputeFile,
  type DisputeFileRow,
} from '@bo/contract';
import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry, StreamedFile } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { answerTarget, checkAnswerable } from './dispute-answer';
import {
  countDisputeFiles,
  deleteDisputeFile,
  findDisputeFileContent,
  findDisputeFiles,
  insertDisputeFile,
  lockDisputeFile,
  type DisputeFileRecord,
} from './dispute-files.queries';
import { disputeList, disputesTable, type DisputeRecord } from './disputes.queries';
import { checkEvidenceFile, checkEvidenceHead, SNIFF_BYTES } from './evidence-file';

/**
 * An evidence file as the back office lists it; `submitted`: its dispute's evidence is (files
 * change only while it is not).
 */
const viewDisputeFile = (f: DisputeFileRecord, submitted: boolean): DisputeFileRow => ({
  id: f.id,
  dispute_id: f.dispute_id,
  file_name: f.file_name,
  content_type: f.content_type,
  size_bytes: f.size_bytes,
  sha256: f.sha256,
  uploaded_at: f.uploaded_at.toISOString(),
  submitted,
});

/** What the admin log keeps of a file (never its bytes). */
const loggedFile = (
  f: Pick<DisputeFileRecord, 'id' | 'file_name' | 'content_type' | 'size_bytes' | 'sha256'>,
) => ({
  file_id: f.id,
  file_name: f.file_name,
  content_type: f.content_type,
  size_bytes: f.size_bytes,
  sha256: f.sha256,
});

/**
 * An upload's bytes, whole: the upload route stops it past the call's 5 MB (413), and a file
 * whose first bytes are no PDF, PNG or JPEG is refused before the rest is read.
 */
async function bytesOf(file: StreamedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of file.bytes) {
    chunks.push(chunk);
    size += chunk.length;
    if (!sniffed && size >= SNIFF_BYTES) {
      checkEvidenceHead(Buffer.concat(chunks));
      sniffed = true;
    }
  }
  return Buffer.concat(chunks);
}

/** A dispute the caller may see (a merchant its own, a reseller its merchants'). */
async function disputeInScope(ctx: UserCallContext, id: string) {
  const row = await disputeList.byId(ctx.db, ctx.actor, id);
  if (!row) throw notFound('No dispute in your scope has this id');
  return row;
}

const listOf = async (
  ctx: UserCallContext,
  dispute: Pick<DisputeRecord, 'id' | 'evidence_submitted_at'>,
) => ({
  files: (await findDisputeFiles(ctx.db, dispute.id)).map((f) =>
    viewDisputeFile(f, dispute.evidence_submitted_at !== null),
  ),
});

/**
 * Dispute evidence files: listed and downloaded by whoever sees the dispute, uploaded and
 * removed by whoever answers it (`answerTarget`) while it waits for an answer. The bytes live in
 * `dispute_files` (docs/money.md, Disputes).
 */
export function registerDisputeFileCalls(registry: CallRegistry): void {
  registry
    .user(getDisputeFiles, async (ctx, input) => listOf(ctx, await disputeInScope(ctx, input.id)))
    .upload(uploadDisputeFile, DISPUTE_FILE_MAX_BYTES, async (ctx, input, upload) => {
      await answerTarget(ctx, input.id, input.reason);
      const file = checkEvidenceFile(upload.fileName, await bytesOf(upload));
      await upload.end();
      const record: DisputeFileRecord = {
        id: randomUUID(),
        dispute_id: input.id,
        file_name: file.fileName,
        content_type: file.contentType,
        size_bytes: file.bytes.length,
        sha256: file.sha256,
        uploaded_by: ctx.actor.accountId,
        uploaded_at: new Date(),
      };
      await ctx.db.transaction(async (tx) => {
        // The dispute's lock orders uploads with each other (the count) and with its submission.
        const [locked] = await disputesTable.lock(tx, [input.id]);
        if (!locked) throw notFound('No dispute in your scope has this id');
        checkAnswerable(locked, record.uploaded_at);
        if ((await countDisputeFiles(tx, input.id)) >= DISPUTE_FILES_MAX)
          throw conflict(
            `A dispute keeps at most ${DISPUTE_FILES_MAX} files; remove one before adding another`,
          );
        await insertDisputeFile(tx, { ...record, content: file.bytes });
        await recordAdminLog(tx, ctx, {
          action: 'dispute.file_upload',
          actor: ctx.actor,
          targetType: 'dispute',
          targetId: input.id,
          at: record.uploaded_at,
          after: { ...loggedFile(record), reason: input.reason ?? null },
        });
      });
      return viewDisputeFile(record, false);
    })
    .user(removeDisputeFile, async (ctx, input) => {
      await answerTarget(ctx, input.id, input.reason);
      const dispute = await ctx.db.transaction(async (tx) => {
        const [locked] = await disputesTable.lock(tx, [input.id]);
        if (!locked) throw notFound('No dispute in your scope has this id');
        const at = new Date();
        // Opened: its evidence not submitted, so none of its files is final yet.
        checkAnswerable(locked, at);
        const file = await lockDisputeFile(tx, input.id, input.fileId);
        if (!file) throw notFound('This dispute has no file with this id');
        await deleteDisputeFile(tx, file.id);
        await recordAdminLog(tx, ctx, {
          action: 'dispute.file_remove',
          actor: ctx.actor,
          targetType: 'dispute',
          targetId: input.id,
          at,
          before: loggedFile(file),
          after: { reason: input.reason ?? null },
        });
        return locked;
      });
      return listOf(ctx, dispute);
    })
    .download(
      DOWNLOAD_DISPUTE_FILE_CALL,
      { request: downloadDisputeFileRequest, rule: RULES.payin },
      async (ctx, input) => {
        const dispute = await disputeInScope(ctx, input.id);
        const file = await findDisputeFileContent(ctx.db, dispute.id, input.fileId);
        if (!file) throw notFound('This dispute has no file with this id');
        return { fileName: file.file_name, contentType: file.content_type, bytes: file.content };
      },
    );
}
