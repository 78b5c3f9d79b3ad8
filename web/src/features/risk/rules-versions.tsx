import { useTranslation } from 'react-i18next';
import type { RiskRuleVersionRow } from '@bo/contract';
import { InstantText } from '../../ui/instant-text';
import { RuleSummaryText } from '../../ui/risk/rule-summary';

/** A rule's versions, newest first: each one's line, who saved it and when, and its note. */
export function RuleVersions({
  versions,
  current,
}: {
  versions: readonly RiskRuleVersionRow[];
  current: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="card mb-3" aria-labelledby="risk-versions-title">
      <div className="card-body">
        <h2 id="risk-versions-title" className="h6">
          {t('riskRules.versions.title')}
        </h2>
        <ol className="list-unstyled mb-0" data-testid="risk-rule-versions">
          {versions.map((v) => (
            <li key={v.version} className="border-top py-2" data-testid="risk-rule-version">
              <div className="d-flex flex-wrap gap-2 align-items-baseline">
                <strong>{t('riskRules.versions.version', { version: v.version })}</strong>
                {v.version === current && (
                  <span className="badge bg-primary-subtle text-primary-emphasis">
                    {t('riskRules.versions.current')}
                  </span>
                )}
                <span className="text-muted small">
                  <bdi>{v.created_by}</bdi>, <InstantText value={v.created_at} />
                </span>
              </div>
              <RuleSummaryText definition={v.definition} />
              {v.note && <div className="small text-muted">{v.note}</div>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
