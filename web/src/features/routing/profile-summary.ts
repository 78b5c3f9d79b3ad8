import type { TFunction } from 'i18next';
import { readRoutingProfile, type RoutingStep } from '@bo/contract';
import { isolate } from '../../lib/bidi';

/** Between two steps of a profile's one line. */
const STEP_SEPARATOR = ' · ';

/**
 * One step in the user's words ("Split SBX-THB-1 70 % / SBX-THB-2 30 %"); each part naming a
 * gateway goes through `mark`.
 */
function stepText(t: TFunction, step: RoutingStep, mark: (code: string) => string): string {
  if ('rules' in step) return t('routing.summary.rules', { rules: String(step.rules.length) });
  if ('split' in step)
    return t('routing.summary.split', {
      parts: step.split
        .map((part) =>
          mark(
            t('routing.summary.splitPart', {
              gateway: part.gateway,
              percent: String(part.percent),
            }),
          ),
        )
        .join(' / '),
    });
  return t('routing.summary.successRate', {
    window: String(step.successRate.windowMinutes),
    explore: String(step.successRate.explorePercent),
  });
}

/**
 * A profile's steps on one line, numbered ("1. Rules (2) · 2. Split … · 3. Best success rate
 * over 15 min, exploring 5 %"), from its definition (JSON text, as the server sends it); null
 * when it does not read. Each part naming a gateway ("SBX-THB-1 70 %") is isolated (`mark`),
 * so it reads left to right as one unit inside a right-to-left sentence.
 */
export function profileSummary(
  t: TFunction,
  definition: unknown,
  mark: (code: string) => string = isolate,
): string | null {
  const read = readRoutingProfile(definition);
  if (!read.ok) return null;
  return read.definition.steps
    .map((step, i) => `${i + 1}. ${stepText(t, step, mark)}`)
    .join(STEP_SEPARATOR);
}
