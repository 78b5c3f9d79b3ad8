import { useTranslation } from 'react-i18next';
import { ROUTING_SKIPPED_WHY, type TimelineRouting } from '@bo/contract';

/** The phrases of a routing step, by key with values (the reasons' keys come from the server). */
type Say = (key: string, values?: Readonly<Record<string, string>>) => string;

/** Why a gateway was skipped, as the words know it (any other why is "could not take it"). */
const SKIPPED_WHY: ReadonlySet<string> = new Set(ROUTING_SKIPPED_WHY);

/** One reason in the user's language (`money.detail.routing.reasons.<key>`). */
function reasonText(say: Say, reason: TimelineRouting['reasons'][number]): string {
  const { key, values } = reason;
  if (key === 'skipped')
    return say('money.detail.routing.reasons.skipped', {
      gateway: values.gateway ?? '',
      why: say(
        `money.detail.routing.why.${SKIPPED_WHY.has(values.why ?? '') ? values.why : 'other'}`,
      ),
    });
  if (key === 'unavailable')
    return say('money.detail.routing.reasons.unavailable', {
      why: say(
        `money.detail.routing.unavailableWhy.${values.why === 'definition' ? 'definition' : 'read'}`,
      ),
    });
  const text = say(`money.detail.routing.reasons.${key}`, values);
  if (key === 'successRate' && values.next)
    return `${text} ${say('money.detail.routing.versus', { next: values.next })}`;
  return text;
}

/**
 * Where routing sent the item and why (admins only): the gateway and the profile version, each
 * step's reason in order, and every candidate with its status and the success rate a step read.
 */
export function DetailRoutingStep({ routing }: { routing: TimelineRouting }) {
  const { t } = useTranslation();
  const say = t as unknown as Say;
  return (
    <div className="small mt-1" data-testid="timeline-routing">
      <div className="d-flex flex-wrap gap-1 align-items-center">
        <span>
          {routing.profile_version === null
            ? t('money.detail.routing.chosenWithoutProfile', { gateway: routing.gateway })
            : t('money.detail.routing.chosen', {
                gateway: routing.gateway,
                version: String(routing.profile_version),
              })}
        </span>
        {routing.by_fallback && (
          <span className="badge bg-warning-subtle text-warning-emphasis" data-flag="fallback">
            {t('money.detail.routing.byFallback')}
          </span>
        )}
      </div>
      <ol className="mb-1 ps-3" data-testid="routing-reasons">
        {routing.reasons.map((reason, i) => (
          <li key={i} data-reason={reason.key}>
            <bdi>{reasonText(say, reason)}</bdi>
          </li>
        ))}
      </ol>
      <div className="text-muted">
        {t('money.detail.routing.candidates')}:{' '}
        {routing.candidates.map((c, i) => (
          <span key={c.code} data-candidate={c.code} data-chosen={c.chosen || undefined}>
            {i > 0 && t('money.detail.routing.separator')}
            <bdi className={c.chosen ? 'fw-semibold text-body' : undefined}>{c.code}</bdi> (
            {t(`money.detail.routing.status.${c.status}`)}
            {c.success_rate !== undefined &&
              `, ${t('money.detail.routing.rate', { rate: c.success_rate, attempts: String(c.attempts ?? 0) })}`}
            )
          </span>
        ))}
      </div>
    </div>
  );
}
