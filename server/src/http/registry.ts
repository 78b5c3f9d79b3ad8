import type { z } from 'zod';
import type { CallDef, CallResponse, getListTotals } from '@bo/contract';
import type { CallContext, UserCallContext } from '../core/context';

type Handler<C extends CallDef, Ctx> = (
  ctx: Ctx,
  input: z.output<C['request']>,
) => Promise<z.input<C['response']>>;

/** The rows of a list call's answer. */
type RowOf<C extends CallDef> =
  z.input<C['response']> extends { rows: readonly (infer R)[] } ? R : never;

/** The totals of a list's filtered set, as `getListTotals` answers them. */
export type ListTotalsAnswer = CallResponse<typeof getListTotals>;

/**
 * How a list call is served: its page for the screen, every matching row for an export and,
 * for lists of money, the totals of every matching row.
 */
export interface ListService<C extends CallDef> {
  readonly page: Handler<C, UserCallContext>;
  /** Every row matching `input` (all pages), a chunk at a time, as the answer shows rows. */
  readonly chunks: (
    ctx: UserCallContext,
    input: z.output<C['request']>,
  ) => AsyncIterable<readonly RowOf<C>[]>;
  readonly totals?: (
    ctx: UserCallContext,
    input: z.output<C['request']>,
  ) => Promise<ListTotalsAnswer>;
}

/**
 * A list call the export path can stream (`exportList` names it in its `call` field) and,
 * when it has them, `getListTotals` can add up.
 */
export interface ExportableList {
  readonly def: CallDef;
  readonly chunks: (
    ctx: UserCallContext,
    input: unknown,
  ) => AsyncIterable<readonly Readonly<Record<string, unknown>>[]>;
  readonly totals?: (ctx: UserCallContext, input: unknown) => Promise<ListTotalsAnswer>;
}

export interface RegisteredCall {
  readonly def: CallDef;
  readonly handle: (ctx: CallContext, input: unknown) => Promise<unknown>;
}

/**
 * The back-office calls by name. A call is registered with the rule its contract names;
 * `user` calls get a signed-in actor, `open` calls (guest or public) may have none.
 */
export class CallRegistry {
  private readonly calls = new Map<string, RegisteredCall>();
  private readonly lists = new Map<string, ExportableList>();

  /** Registers a call that needs a signed-in account. */
  user<C extends CallDef>(def: C, handle: Handler<C, UserCallContext>): this {
    if (def.rule?.audience !== 'user')
      throw new Error(`${def.name}: a user call needs a user rule`);
    return this.add(def, handle as RegisteredCall['handle']);
  }

  /** Registers a call open to guests or to anyone (sign-in steps). */
  open<C extends CallDef>(def: C, handle: Handler<C, CallContext>): this {
    if (def.rule?.audience !== 'guest' && def.rule?.audience !== 'public') {
      throw new Error(`${def.name}: an open call needs a guest or public rule`);
    }
    return this.add(def, handle as RegisteredCall['handle']);
  }

  /** Registers a list call: its page as a user call, its rows for `exportList`, its totals. */
  list<C extends CallDef>(def: C, service: ListService<C>): this {
    this.user(def, service.page);
    this.lists.set(def.name, {
      def,
      chunks: service.chunks as ExportableList['chunks'],
      totals: service.totals as ExportableList['totals'],
    });
    return this;
  }

  /** The list call an export or `getListTotals` names, if it is one. */
  exportable(name: string): ExportableList | undefined {
    return this.lists.get(name);
  }

  get(name: string): RegisteredCall | undefined {
    return this.calls.get(name);
  }

  names(): string[] {
    return [...this.calls.keys()];
  }

  private add(def: CallDef, handle: RegisteredCall['handle']): this {
    if (!def.rule) throw new Error(`${def.name}: every call must name an access rule`);
    if (this.calls.has(def.name)) throw new Error(`${def.name}: registered twice`);
    this.calls.set(def.name, { def, handle });
    return this;
  }
}
