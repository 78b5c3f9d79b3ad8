import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';
import type { DashboardViewer } from './use-dashboard-viewer';

/** What a merchant does before its first pay-in: make an API key, read the API documentation. */
const NEXT_STEPS = [
  { route: 'merchantSettings', testId: 'first-steps-api-key', icon: 'bi-key', words: 'apiKey' },
  { route: 'apiDocumentation', testId: 'first-steps-api-docs', icon: 'bi-book', words: 'apiDocs' },
] as const;

/**
 * A merchant's currency with no figures yet (a new merchant, or a new contract): it names the
 * currency and what to do next, an API key and the API documentation, each linked when the
 * viewer (a sub-account may lack the technical module) may open it.
 */
export function FirstStepsCard({
  currency,
  canOpen,
}: {
  currency: string;
  canOpen: DashboardViewer['canOpen'];
}) {
  const { t } = useTranslation();
  const steps = NEXT_STEPS.filter((step) => canOpen(step.route));
  return (
    <section
      className="card mb-0 h-100"
      data-testid={`no-figures-${currency}`}
      aria-labelledby={`no-figures-title-${currency}`}
    >
      <div className="card-body">
        <h2 id={`no-figures-title-${currency}`} className="h6 mb-2">
          <i className="bi bi-inbox me-2 text-muted" aria-hidden />
          {t('dashboard.firstSteps.title', { currency })}
        </h2>
        <p className="text-muted mb-3">{t('dashboard.firstSteps.text', { currency })}</p>
        {steps.length > 0 ? (
          <div className="d-flex flex-wrap gap-2">
            {steps.map((step, index) => (
              <Link
                key={step.route}
                to={pathOf(step.route)}
                className={`btn btn-sm ${index === 0 ? 'btn-primary' : 'btn-outline-primary'}`}
                data-testid={step.testId}
              >
                <i className={`bi ${step.icon} me-1`} aria-hidden />
                {t(`dashboard.firstSteps.${step.words}`)}
              </Link>
            ))}
          </div>
        ) : (
          <p className="small mb-0" data-testid="first-steps-ask-owner">
            {t('dashboard.firstSteps.askOwner')}
          </p>
        )}
      </div>
    </section>
  );
}
