import type { z } from 'zod';
import { facetTable } from '../../core/kind-facets';

/**
 * How the merchant API lists and reads a kind it only shows (`GET <path>`, `GET <path>/{id}`,
 * a merchant's own rows) and how its document names them: a kind the merchant never asks for
 * through the API (a balance adjustment) brings this, and the merchant API and its OpenAPI
 * document read the table instead of naming the kind.
 */
export interface ApiReadFacet {
  /** The list's path (`/adjustments`); one row is read at `<path>/{id}`. */
  readonly path: string;
  /** Where its rows live, with `merchant_account_id` and a (merchant, created_at) index. */
  readonly table: string;
  readonly alias: string;
  /** The columns read, under the alias. */
  readonly columns: string;
  /** The statuses its list filters by. */
  readonly statuses: readonly string[];
  /** A row as the API answers it. */
  readonly view: (row: never) => unknown;
  /** How a 404 names one ("adjustment"). */
  readonly noun: string;
  /** How the OpenAPI document shows it. */
  readonly doc: {
    readonly tag: string;
    /** The row's schema name (`Adjustment`; its list's is `AdjustmentList`). */
    readonly schemaName: string;
    readonly row: z.ZodType;
    readonly listOperation: string;
    readonly listSummary: string;
    readonly readOperation: string;
    readonly readSummary: string;
  };
}

/** A kind's API read facet, its row type kept where it is written. */
export const apiReadFacet = <R>(
  facet: Omit<ApiReadFacet, 'view'> & { readonly view: (row: R) => unknown },
): ApiReadFacet => facet as ApiReadFacet;

/** The kinds the merchant API shows read-only, filled by `registerMoneyKinds()` (kind-registry). */
export const apiReadFacets = facetTable<ApiReadFacet>('merchant API read');
