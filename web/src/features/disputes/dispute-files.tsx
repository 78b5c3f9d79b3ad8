import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISPUTE_FILES_MAX, type DisputeFileRow, type DisputeRow } from '@bo/contract';
import { sizeText } from '../../lib/api/export-file';
import { useSubmit } from '../../ui/use-submit';
import {
  disputeFilesQuery,
  downloadDisputeFile,
  dropDisputeFile,
  refreshDisputeFiles,
} from './api/dispute-files';
import { FileUploader } from './file-uploader';

/**
 * A dispute's evidence files: each with its size and a download; while the answer is being
 * written (`editable`), a remove for those not yet submitted and the uploader for more.
 * `reason` is an admin's, sent with each change made on the merchant's behalf.
 */
export function DisputeFiles({
  dispute,
  editable,
  reason,
}: {
  dispute: Pick<DisputeRow, 'id'>;
  editable: boolean;
  reason?: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(disputeFilesQuery(dispute.id));
  const { busy, error, run } = useSubmit<string>();
  const files = query.data?.files ?? [];
  const download = (file: DisputeFileRow) =>
    void run(
      () => downloadDisputeFile({ id: dispute.id, fileId: file.id }, file.file_name),
      `get-${file.id}`,
    );
  const remove = (file: DisputeFileRow) =>
    void run(async () => {
      await dropDisputeFile({ id: dispute.id, fileId: file.id, ...(reason ? { reason } : {}) });
      await refreshDisputeFiles(dispute.id);
    }, `drop-${file.id}`);
  if (query.isError)
    return (
      <p className="small text-danger" role="alert" data-testid="dispute-files-failed">
        {query.error.message}
      </p>
    );
  if (!query.data && !editable) return null;
  return (
    <div className="mb-2" data-testid="dispute-files">
      <h3 className="h6 small fw-medium mb-1">
        {t('disputes.files.title', { count: files.length, max: DISPUTE_FILES_MAX })}
      </h3>
      {error && (
        <div
          className="alert alert-danger py-1 small"
          role="alert"
          data-testid="dispute-file-error"
        >
          {error.message}
        </div>
      )}
      {files.length === 0 ? (
        <p className="small text-muted mb-1" data-testid="dispute-files-none">
          {t('disputes.files.none')}
        </p>
      ) : (
        <ul className="list-unstyled small mb-1">
          {files.map((file) => (
            <li
              key={file.id}
              className="d-flex align-items-center gap-2 py-1"
              data-testid="dispute-file"
            >
              <i
                className={`bi ${file.content_type === 'application/pdf' ? 'bi-file-earmark-pdf' : 'bi-file-earmark-image'}`}
                aria-hidden
              />
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-break text-start"
                onClick={() => download(file)}
                disabled={busy === `get-${file.id}`}
                data-testid="dispute-file-download"
              >
                <bdi>{file.file_name}</bdi>
              </button>
              <bdi className="text-muted text-nowrap">{sizeText(file.size_bytes)}</bdi>
              {file.submitted && (
                <span className="badge text-bg-light border">{t('disputes.files.sent')}</span>
              )}
              {editable && !file.submitted && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger ms-auto py-0"
                  onClick={() => remove(file)}
                  disabled={busy !== null}
                  aria-label={t('disputes.files.remove', { name: file.file_name })}
                  data-testid="dispute-file-remove"
                >
                  <i className="bi bi-trash" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && files.length < DISPUTE_FILES_MAX && (
        <FileUploader disputeId={dispute.id} reason={reason} />
      )}
    </div>
  );
}
