import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_FILE_MAX_BYTES, DISPUTE_FILE_TYPES } from '@bo/contract';
import { sizeText } from '../../lib/api/export-file';
import { isolate } from '../../lib/bidi';
import { UploadProgress } from '../../ui/upload-progress';
import { refreshDisputeFiles, sendDisputeFile } from './api/dispute-files';

/** One file on its way: its name and the share sent so far. */
interface Sending {
  readonly name: string;
  readonly share: number;
}

/**
 * Picks evidence files (PDF, PNG, JPEG, each at most 5 MB) and uploads them one after another
 * with a progress bar. The size is checked here so nobody waits for a refusal; the type is the
 * server's to judge, from the file's bytes. A refusal is said under the picker.
 */
export function FileUploader({ disputeId, reason }: { disputeId: string; reason?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    setProblem(null);
    try {
      for (const file of files) {
        if (file.size > DISPUTE_FILE_MAX_BYTES) {
          setProblem(
            t('disputes.files.tooLarge', {
              name: file.name,
              max: isolate(sizeText(DISPUTE_FILE_MAX_BYTES)),
            }),
          );
          break;
        }
        setSending({ name: file.name, share: 0 });
        await sendDisputeFile({ id: disputeId, ...(reason ? { reason } : {}) }, file, (share) =>
          setSending({ name: file.name, share }),
        );
        await refreshDisputeFiles(disputeId);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="mt-1">
      <label htmlFor={inputId} className="form-label small fw-medium mb-1">
        {t('disputes.files.add', { max: isolate(sizeText(DISPUTE_FILE_MAX_BYTES)) })}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className={`form-control form-control-sm ${problem ? 'is-invalid' : ''}`}
        accept={DISPUTE_FILE_TYPES.join(',')}
        multiple
        disabled={sending !== null}
        onChange={(e) => void upload(e)}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        data-testid="dispute-file-input"
      />
      {problem && (
        <div
          id={`${inputId}-error`}
          className="invalid-feedback"
          role="alert"
          data-testid="dispute-upload-error"
        >
          {problem}
        </div>
      )}
      {sending && (
        <UploadProgress
          name={sending.name}
          share={sending.share}
          label={t('disputes.files.sending', { name: sending.name })}
          testId="dispute-upload-progress"
        />
      )}
    </div>
  );
}
