import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyState = 'idle' | 'copied' | 'refused';

/** Code as it is written (left to right in every language), with a button that copies it. */
export function ApiDocsCodeBlock({ code, testId }: { code: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('refused');
    }
  };
  return (
    <div className="position-relative" data-testid={testId}>
      <div className="d-flex justify-content-end align-items-center gap-2 mb-1">
        {state === 'refused' && (
          <small className="text-danger" role="alert">
            {t('apiDocs.copyRefused')}
          </small>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void copy()}
          data-testid="api-docs-copy"
        >
          <i
            className={`bi ${state === 'copied' ? 'bi-check2' : 'bi-clipboard'} me-1`}
            aria-hidden
          />
          {state === 'copied' ? t('apiDocs.copied') : t('apiDocs.copy')}
        </button>
      </div>
      <pre
        dir="ltr"
        className="bg-dark text-light rounded p-3 mb-0 overflow-auto"
        style={{ maxHeight: '28rem', textAlign: 'left' }}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
