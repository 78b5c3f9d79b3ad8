import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_EVENTS } from '@bo/contract';

/** Whether a text names a notification event. */
export const isNotificationEvent = (v: string | null): v is (typeof NOTIFICATION_EVENTS)[number] =>
  NOTIFICATION_EVENTS.some((e) => e === v);

/**
 * The event filter, kept in the URL as `event` beside the list kit's own fields (which the kit
 * rewrites on each page change, so it is put back when missing).
 */
export function useEventFilter() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('event');
  const [event, setEvent] = useState(isNotificationEvent(fromUrl) ? fromUrl : '');
  useEffect(() => {
    if (event && params.get('event') !== event)
      setParams(
        (p) => {
          p.set('event', event);
          return p;
        },
        { replace: true },
      );
  }, [event, params, setParams]);
  const change = (next: string) => {
    setEvent(isNotificationEvent(next) ? next : '');
    setParams((p) => {
      if (isNotificationEvent(next)) p.set('event', next);
      else p.delete('event');
      p.delete('page');
      return p;
    });
  };
  return [event, change] as const;
}
