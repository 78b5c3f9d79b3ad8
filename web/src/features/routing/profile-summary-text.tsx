import { useTranslation } from 'react-i18next';
import { profileSummary } from './profile-summary';

/** A bidi isolate (FSI … PDI), as `isolate` writes it around a gateway's part of a summary. */
const ISOLATED = /\u2068([^\u2069]*)\u2069/;

/**
 * A profile's steps on one line, isolated from the text around it; each gateway's part
 * ("SBX-THB-1 70 %") its own isolate that does not break across lines. Says so when the
 * definition does not read.
 */
export function ProfileSummaryText({ definition }: { definition: unknown }) {
  const { t } = useTranslation();
  const summary = profileSummary(t, definition);
  if (summary === null)
    return <span className="small text-danger">{t('routing.summary.unreadable')}</span>;
  // split() with a capturing group: the isolated parts are the odd pieces.
  const pieces = summary.split(ISOLATED);
  return (
    <bdi className="small" data-testid="routing-profile-summary">
      {pieces.map((piece, i) =>
        i % 2 ? (
          <bdi key={i} className="text-nowrap">
            {piece}
          </bdi>
        ) : (
          piece
        ),
      )}
    </bdi>
  );
}
