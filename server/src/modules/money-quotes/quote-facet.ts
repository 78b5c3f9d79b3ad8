import type { AccountType, CallDef, MoneyRequestKind } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { Actor } from '../../core/context';
import { facetTable } from '../../core/kind-facets';
import type { Queryable } from '../../db/db';

/** A money request's form as the quote reads it (the fields of one kind's form or another's). */
export interface QuoteInput {
  kind: MoneyRequestKind;
  currency: string;
  amount: string;
  merchantDbCode?: string;
  inHouse?: boolean;
}

/** What a request would charge and convert, and whose balance it works on. */
export interface QuotePrice {
  readonly ownerId: string;
  readonly fee: bigint;
  readonly usdtRateE8: bigint | null;
  readonly usdtAmount: bigint | null;
}

/**
 * How a kind that is asked for through a form (a pay-out, a settlement…) is quoted: the request
 * call whose rule the quote applies, who may make that request (the request handlers' own
 * check) and how it is priced; the balance it works on and whether it credits or debits it are
 * the registry entry's `money`.
 */
export interface QuoteFacet {
  readonly request: CallDef;
  readonly requester: AccountType;
  readonly refusal: string;
  /** Refuses a field of another kind's form (throws badInput), so nothing is silently ignored. */
  checkFields(input: QuoteInput): void;
  /** Prices the request as the request itself will (its own pricing). */
  price(db: Queryable, actor: Actor, input: QuoteInput, amount: bigint): Promise<QuotePrice>;
}

/** The quoted kinds' facets, filled by `registerMoneyKinds()` (kind-registry). */
export const quoteFacets = facetTable<QuoteFacet>('quote');

/** A price without fee or conversion, on `ownerId`'s balance. */
export const plainPrice = (ownerId: string): QuotePrice => ({
  ownerId,
  fee: 0n,
  usdtRateE8: null,
  usdtAmount: null,
});

/**
 * Refuses the fields of another kind's form (the top-up's merchant, the pay-out's in-house
 * flag) unless they are the form's `own`.
 */
export function refuseOtherFormsFields(
  input: QuoteInput,
  own: { readonly merchantDbCode?: true; readonly inHouse?: true } = {},
): void {
  if (!own.merchantDbCode && input.merchantDbCode)
    throw badInput('merchantDbCode is only for a top-up');
  if (!own.inHouse && input.inHouse !== undefined) throw badInput('inHouse is only for a pay-out');
}

/** The amount a request is priced on, with the time it is priced at (the pricing functions' item). */
export const movementToPrice = (actor: Actor, input: QuoteInput, amount: bigint) => ({
  merchantId: actor.scopeAccountId,
  currency: input.currency,
  amount,
  createdAt: new Date(),
});
