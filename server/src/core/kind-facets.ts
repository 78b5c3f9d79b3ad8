import { MONEY_KINDS, type MoneyKindName } from '@bo/contract';

/**
 * One facet of the money kinds' behaviour (how a kind takes a gateway callback, how it is
 * quoted…): a shared room owns the facet's interface and its table, each kind writes its own
 * implementation in its folder, and `registerMoneyKinds()` (kind-registry) fills the tables. A
 * shared room asks the table instead of branching on a kind's name.
 */
export interface FacetTable<T> {
  /** Sets `kind`'s implementation; registering it again replaces it (registration is idempotent). */
  register(kind: MoneyKindName, impl: T): void;
  /** `kind`'s implementation; throws when the kind has none (or the tables were never filled). */
  of(kind: string): T;
  has(kind: string): boolean;
  /** Every registered kind with its implementation, in the registry's order (MONEY_KINDS). */
  all(): readonly (readonly [MoneyKindName, T])[];
}

const REGISTRY_ORDER = new Map<string, number>(MONEY_KINDS.map((k, i) => [k.name, i]));

/** An empty table of the facet named `facet` (the name is only for the error message). */
export function facetTable<T>(facet: string): FacetTable<T> {
  const byKind = new Map<string, T>();
  let ordered: (readonly [MoneyKindName, T])[] | null = null;
  return {
    register(kind, impl) {
      byKind.set(kind, impl);
      ordered = null;
    },
    of(kind) {
      const impl = byKind.get(kind);
      if (impl === undefined)
        throw new Error(
          `money kind ${kind} has no ${facet} facet (registerMoneyKinds not called?)`,
        );
      return impl;
    },
    has: (kind) => byKind.has(kind),
    all() {
      ordered ??= [...byKind]
        .map(([kind, impl]) => [kind as MoneyKindName, impl] as const)
        .sort(([a], [b]) => REGISTRY_ORDER.get(a)! - REGISTRY_ORDER.get(b)!);
      return ordered;
    },
  };
}
