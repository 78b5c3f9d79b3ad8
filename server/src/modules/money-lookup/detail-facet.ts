import type { AccessRule, MoneyDetail } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { facetTable } from '../../core/kind-facets';
import type { ScopedList } from '../scoped-lists/list-query';
/** One money item found in the viewer's scope: its list row and the stored facts behind it. */
export interface FoundItem {
  /** The row exactly as the kind's list shows it (the list's own view of it). */
  readonly row: MoneyDetail['row'];
  readonly id: string;
  readonly status: string;
  readonly currency: string;
  /** Its amount in minor units of `currency`. */
  readonly amount: bigint;
  /** The merchant it belongs to (null for a reseller's withdrawal). */
  readonly merchantId: string | null;
  readonly resellerId: string | null;
  readonly createdAt: Date;
  /** When it reached its current status, where the row stamps it, else its last change. */
  readonly changedAt: Date;
  /** The gateway's reference once the item was handed to its gateway ('' before). */
  readonly gatewayReference: string;
  readonly gatewayCode: string | null;
}

/** How a kind is found and shown in the detail view: its list's access rule, scoped lookup and row view. */
export interface DetailFacet {
  /** The rule of the kind's list call: the detail is open to exactly who sees the list. */
  readonly rule: AccessRule;
  /** Who made an item when the admin log names no one (API-made or seeded items). */
  readonly defaultCreator: 'merchant_api' | 'system';
  /** The status an item starts in when the admin log does not say. */
  readonly initialStatus: string;
  /**
   * Handed to its gateway within its creation request (a pay-in): the timeline shows that step
   * once the gateway's reference is stored.
   */
  readonly handedOverAtCreation?: boolean;
  /** Whether an admin may ask its gateway about an item in `status` (absent: never). */
  readonly isGatewayQueryable?: (status: string) => boolean;
  find(db: Queryable, actor: Actor, id: string): Promise<FoundItem | null>;
  /**
   * For a kind with a `parentKind` in the registry: a parent's items of this kind in the
   * actor's scope, oldest first, at most `limit` (the parent's timeline shows their steps), in
   * two queries however many there are.
   */
  childrenOf?(db: Queryable, actor: Actor, parentId: string, limit: number): Promise<FoundItem[]>;
}

/** The ids of a parent's children in the actor's scope, oldest first, at most `limit`. */
type IdsOfParent = (
  db: Queryable,
  actor: Actor,
  parentId: string,
  limit: number,
) => Promise<string[]>;

type Finder<R> = ScopedList<R>['byId'];
type ManyFinder<R> = ScopedList<R>['byIds'];

interface Stamps {
  id: string;
  status: string;
  currency: string;
  amount: bigint;
  created_at: Date;
  updated_at: Date;
  reseller_account_id: string | null;
  merchant_account_id?: string | null;
  completed_at?: Date | null;
  decided_at?: Date | null;
  gateway_reference?: string;
  payment_gateway_code?: string | null;
}

/** A kind's detail facet from its list's rule, its scoped finder and its list's row view. */
export function detailFacet<R extends Stamps>(spec: {
  rule: AccessRule;
  defaultCreator: DetailFacet['defaultCreator'];
  initialStatus: string;
  handedOverAtCreation?: boolean;
  isGatewayQueryable?: DetailFacet['isGatewayQueryable'];
  byId: Finder<R>;
  view: (row: R) => MoneyDetail['row'];
  /** Rows the finder returns that are not of this kind (the other settlement destination). */
  accepts?: (row: R) => boolean;
  /** A child kind's: how its parent's children are listed and read (`childrenOf`). */
  children?: { idsOfParent: IdsOfParent; byIds: ManyFinder<R> };
}): DetailFacet {
  const found = (r: R | null | undefined): FoundItem | null => {
    if (!r || (spec.accepts && !spec.accepts(r))) return null;
    return {
      row: spec.view(r),
      id: r.id,
      status: r.status,
      currency: r.currency,
      amount: r.amount,
      merchantId: r.merchant_account_id ?? null,
      resellerId: r.reseller_account_id,
      createdAt: r.created_at,
      changedAt: r.completed_at ?? r.decided_at ?? r.updated_at,
      gatewayReference: r.gateway_reference ?? '',
      gatewayCode: r.payment_gateway_code ?? null,
    };
  };
  const children = spec.children;
  return {
    rule: spec.rule,
    defaultCreator: spec.defaultCreator,
    initialStatus: spec.initialStatus,
    ...(spec.handedOverAtCreation ? { handedOverAtCreation: true } : {}),
    ...(spec.isGatewayQueryable ? { isGatewayQueryable: spec.isGatewayQueryable } : {}),
    find: async (db, actor, id) => found(await spec.byId(db, actor, id)),
    ...(children
      ? {
          async childrenOf(db, actor, parentId, limit) {
            const ids = await children.idsOfParent(db, actor, parentId, limit);
            const rows = new Map((await children.byIds(db, actor, ids)).map((r) => [r.id, r]));
            return ids.map((id) => found(rows.get(id))).filter((item) => item !== null);
          },
        }
      : {}),
  };
}

/** The kinds' detail facets, filled by `registerMoneyKinds()` (kind-registry). */
export const detailFacets = facetTable<DetailFacet>('detail');
