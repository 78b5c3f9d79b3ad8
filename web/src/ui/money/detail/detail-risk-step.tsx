import { useTranslation } from 'react-i18next';
import type { TimelineRisk, TimezoneChoice } from '@bo/contract';
import type { SayFunction } from '../../risk/rule-summary';
import { seenLines } from '../../risk/seen-text';

type Match = TimelineRisk['matches'][number];

const OUTCOME_TONES: Record<TimelineRisk['outcome'], string> = {
  allow: 'success',
  review: 'warning',
  block: 'danger',
};

/** A soft badge in a tone (no colour alone: its words say what it means). */
const Badge = ({ tone, text, flag }: { tone: string; text: string; flag?: string }) => (
  <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`} data-flag={flag}>
    {text}
  </span>
);

/** A rule the viewer may read: its name, version, owner, mode, action, flags and what it saw. */
function ReadableMatch({
  match,
  rule,
  timeZone,
}: {
  match: Match;
  rule: NonNullable<Match['rule']>;
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  const say = t as unknown as SayFunction;
  const lines = seenLines(say, rule.definition, rule.seen, timeZone);
  return (
    <>
      <div className="d-flex flex-wrap gap-1 align-items-center">
        <bdi className="fw-medium" data-testid="risk-rule-name">
          {rule.name}
        </bdi>
        <span className="text-muted">
          · {t('riskRules.decision.version', { version: String(rule.version) })}
        </span>
        <Badge tone="secondary" text={t(`riskRules.scopes.${match.owner_scope}`)} />
        <Badge
          tone={match.mode === 'shadow' ? 'info' : 'secondary'}
          text={t(`riskRules.modes.${match.mode}`)}
        />
        <Badge tone="secondary" text={t(`riskRules.actions.${match.action}`)} />
        {rule.error && <Badge tone="danger" text={t('riskRules.decision.erred')} flag="error" />}
        {match.exempt && (
          <Badge tone="success" text={t('riskRules.decision.exempt')} flag="exempt" />
        )}
      </div>
      {match.mode === 'shadow' && (
        <div className="text-muted">{t('riskRules.decision.shadow')}</div>
      )}
      {lines.length > 0 && (
        <ul className="mb-0 ps-3" data-testid="risk-seen">
          {lines.map((line) => (
            <li key={line.path} data-path={line.path}>
              <bdi>{line.condition}</bdi>
              {line.value !== null && (
                <>
                  {': '}
                  {t('riskRules.decision.saw')} <bdi className="fw-medium">{line.value}</bdi>
                </>
              )}
              {line.note !== null && <>: {line.note}</>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * What risk rules decided at intake, on the item's timeline: the outcome, the approvers a hold
 * needs, and each rule that matched. A rule outside the viewer's scope (a platform rule, to a
 * merchant) comes without name or values: "held by the platform". Uses the `riskRules` words
 * (the timeline loads them with this step).
 */
export default function DetailRiskStep({
  risk,
  timeZone,
}: {
  risk: TimelineRisk;
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  return (
    <div className="small mt-1" data-testid="risk-step">
      <div className="d-flex flex-wrap gap-1 align-items-center">
        <span data-outcome={risk.outcome}>
          <Badge
            tone={OUTCOME_TONES[risk.outcome]}
            text={t(`riskRules.decision.outcome.${risk.outcome}`)}
          />
        </span>
        {risk.outcome === 'review' && (
          <span>{t('riskRules.decision.approvers', { n: String(risk.min_approvals) })}</span>
        )}
      </div>
      <ul className="list-unstyled mb-0 mt-1">
        {risk.matches.map((match, index) => (
          <li
            key={match.rule?.id ?? `hidden-${index}`}
            className="border-start border-2 ps-2 mt-1"
            data-testid="risk-match"
            data-scope={match.owner_scope}
            data-mode={match.mode}
          >
            {match.rule ? (
              <ReadableMatch match={match} rule={match.rule} timeZone={timeZone} />
            ) : (
              <div className="d-flex flex-wrap gap-1 align-items-center">
                <span data-testid="risk-owner-only">
                  {t(`riskRules.decision.byOwner.${match.owner_scope}.${match.action}`)}
                </span>
                {match.exempt && (
                  <Badge tone="success" text={t('riskRules.decision.exempt')} flag="exempt" />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
