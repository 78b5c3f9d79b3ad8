import { useSessionUser } from '../lib/session';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../lib/time-zone';

/** An instant in the user's time zone; `empty` when there is none. */
export function InstantText({ value, empty = '—' }: { value: string | null; empty?: string }) {
  const timeZone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  if (!value) return <span className="text-muted fw-normal">{empty}</span>;
  return <bdi className="text-nowrap">{formatInTimeZone(new Date(value), timeZone)}</bdi>;
}
