import type { TFunction } from 'i18next';

/**
 * A duration in its largest whole unit, in the reader's language: "45 sec", "12 min",
 * "3 hours", "2 days". The one wording of a wait measured in seconds.
 */
export function durationText(t: TFunction, seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return t('money.seconds', { count: whole });
  if (whole < 3600) return t('money.minutes', { count: Math.floor(whole / 60) });
  if (whole < 86_400) return t('money.hours', { count: Math.floor(whole / 3600) });
  return t('money.days', { count: Math.floor(whole / 86_400) });
}
