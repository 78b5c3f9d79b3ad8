import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  isFinalState,
  MONEY_KINDS,
  REFUSAL_REASONS,
  type ErrorCode,
  type Lifecycle,
  type MoneyLifecycleName,
} from '@bo/contract';
import { StatusBadge } from '../../ui/list/status-badge';
import { Code, TechInfoSection } from './tech-info-section';

/** Every money lifecycle of the registry, once each (a settlement's two destinations share one). */
const LIFECYCLES: ReadonlyMap<MoneyLifecycleName, Lifecycle<string>> = new Map(
  MONEY_KINDS.map((k) => [k.lifecycle.name, k.lifecycle as Lifecycle<string>]),
);

/** One lifecycle: each state, where it may go next, and which states are final. */
function LifecycleTable({ name }: { name: MoneyLifecycleName }) {
  const { t } = useTranslation();
  const machine = LIFECYCLES.get(name)!;
  return (
    <div className="col-12 col-lg-6" data-testid={`tech-info-lifecycle-${name}`}>
      <h6 className="mt-2">{t(`technical.info.lifecycles.names.${name}`)}</h6>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>{t('technical.info.lifecycles.state')}</th>
            <th>{t('technical.info.lifecycles.next')}</th>
          </tr>
        </thead>
        <tbody>
          {machine.states.map((state) => (
            <tr key={state} data-testid="tech-info-state" data-state={state}>
              <td className="text-nowrap">
                <StatusBadge status={state} /> <Code>{state}</Code>
                {state === machine.initial && (
                  <span className="small text-body-secondary ms-1">
                    {t('technical.info.lifecycles.initial')}
                  </span>
                )}
              </td>
              <td>
                {isFinalState(machine, state) ? (
                  <span className="text-body-secondary">
                    {t('technical.info.lifecycles.final')}
                  </span>
                ) : (
                  <span className="d-flex flex-wrap gap-1">
                    {machine.transitions[state]!.map((next) => (
                      <StatusBadge key={next} status={next} />
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The status values of every lifecycle and the error codes, read from the contract. */
export function TechInfoLifecycles() {
  const { t } = useTranslation();
  const codes = Object.keys(ERRORS) as ErrorCode[];
  return (
    <>
      <TechInfoSection
        title={t('technical.info.lifecycles.title')}
        intro={t('technical.info.lifecycles.intro')}
        testId="tech-info-lifecycles"
      >
        <div className="row">
          {[...LIFECYCLES.keys()].map((name) => (
            <LifecycleTable key={name} name={name} />
          ))}
        </div>
      </TechInfoSection>
      <TechInfoSection
        title={t('technical.info.errors.title')}
        intro={t('technical.info.errors.intro')}
        testId="tech-info-errors"
      >
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th>{t('technical.info.errors.status')}</th>
              <th>{t('technical.info.errors.code')}</th>
              <th>{t('technical.info.errors.when')}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code} data-testid="tech-info-error">
                <td>
                  <Code>{ERRORS[code].status}</Code>
                </td>
                <td>
                  <Code>{code}</Code>
                </td>
                <td>{t(`technical.info.errors.codes.${code}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mb-0 small text-body-secondary">
          {t('technical.info.errors.reasons')}{' '}
          {Object.values(REFUSAL_REASONS).map((reason) => (
            <Code key={reason}>{reason}</Code>
          ))}
        </p>
      </TechInfoSection>
    </>
  );
}
