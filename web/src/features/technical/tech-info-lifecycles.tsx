import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  isFinalState,
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  REFUSAL_REASONS,
  SETTLEMENT_LIFECYCLE,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
  type ErrorCode,
  type Lifecycle,
} from '@bo/contract';
import { StatusBadge } from '../../ui/list/status-badge';
import { Code, TechInfoSection } from './tech-info-section';

/** Every money lifecycle of the contract by its name, in the order money moves. */
const LIFECYCLES = {
  payin: PAYIN_LIFECYCLE,
  payout: PAYOUT_LIFECYCLE,
  settlement: SETTLEMENT_LIFECYCLE,
  withdrawal: WITHDRAWAL_LIFECYCLE,
  top_up: TOP_UP_LIFECYCLE,
} as const satisfies Record<string, Lifecycle<string>>;
type LifecycleName = keyof typeof LIFECYCLES;

/** One lifecycle: each state, where it may go next, and which states are final. */
function LifecycleTable({ name }: { name: LifecycleName }) {
  const { t } = useTranslation();
  const machine: Lifecycle<string> = LIFECYCLES[name];
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
          {(Object.keys(LIFECYCLES) as LifecycleName[]).map((name) => (
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
