import { useTranslation } from 'react-i18next';
import type { EvidenceDraft } from './api/answer-dispute';
import { EVIDENCE_FIELDS } from './evidence-fields';

/**
 * The written evidence, each field's label with what it says (in the direction of its own
 * text): the dispute panel shows the fields written, the final review every field, an empty
 * one said to be left empty, so what is sent is read before it is final.
 */
export function EvidenceList({
  evidence,
  withEmpty = false,
}: {
  evidence: EvidenceDraft;
  withEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const shown = EVIDENCE_FIELDS.filter(([name]) => withEmpty || evidence[name].trim());
  return (
    <dl className="small mt-2 mb-0" data-testid="evidence-list">
      {shown.map(([name]) => (
        <div key={name} data-evidence={name}>
          <dt>{t(`disputes.evidence.${name}`)}</dt>
          {evidence[name].trim() ? (
            <dd className="text-break" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {evidence[name]}
            </dd>
          ) : (
            <dd className="text-muted fst-italic">{t('disputes.evidenceLeftEmpty')}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
