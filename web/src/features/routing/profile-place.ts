import type { TFunction } from 'i18next';
import type { RoutingDirection, RoutingProfileRow, RoutingScope } from '@bo/contract';
import { isolate } from '../../lib/bidi';

/** Where a profile applies: direction, currency, scope and (reseller, merchant) account code. */
export interface ProfilePlace {
  readonly direction: RoutingDirection;
  readonly currency: string;
  readonly scope: RoutingScope;
  /** Empty for the platform's profile. */
  readonly accountCode: string;
}

export const placeOfRow = (row: RoutingProfileRow): ProfilePlace => ({
  direction: row.direction,
  currency: row.currency,
  scope: row.scope,
  accountCode: row.account_code,
});

/** Whether the scope names an account (a reseller's or a merchant's profile). */
export const hasAccount = (scope: RoutingScope) => scope !== 'platform';

/**
 * The place as a guarded change names it (`payin:THB:platform`, `payout:MYR:merchant:MER00001`;
 * the server's `routingProfileTarget`), to tell which rows have a change waiting.
 */
export const targetOf = (place: ProfilePlace) =>
  [
    place.direction,
    place.currency,
    place.scope,
    ...(hasAccount(place.scope) && place.accountCode ? [place.accountCode] : []),
  ].join(':');

/** The place in the user's words for a sentence ("Pay-in · THB · Merchant MER00001"). */
export function placeText(t: TFunction, place: ProfilePlace): string {
  const scope = t(`routing.scopes.${place.scope}`);
  const whose = hasAccount(place.scope) ? `${scope} ${isolate(place.accountCode)}` : scope;
  return isolate(
    [t(`routing.directions.${place.direction}`), isolate(place.currency), whose].join(' · '),
  );
}
