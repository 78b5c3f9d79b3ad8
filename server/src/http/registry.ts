import type { z } from 'zod';
import {
  getAdminDashboardV2,
  getReportDashboardV3,
  type CallDef,
  type CallResponse,
  type getListTotals,
} from '@bo/contract';
import type { CallContext, UserCallContext } from '../core/context';
import { readerOf } from '../db/db';

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

/**
 * The dashboards: user calls that only read, and whose figures may lag a change just made.
 * With every list (its page, export and totals: reports are lists), they read from the read
 * replica when there is one (`readsFromReplica`).
 */
const DASHBOARD_CALLS: ReadonlySet<string> = new Set([
  getReportDashboardV3.name,
  getAdminDashboardV2.name,
]);

/**
 * Runs a handler with a context whose `db` is the read replica (DATABASE_READ_URL), the
 * primary when there is none. The one place calls are sent to the replica: lists (`list`) and
 * `DASHBOARD_CALLS`, which only read (a read-only role proves it, test/ops/read-replica) and
 * may show what the replica has replayed, a moment behind (docs/operations.md). The session
 * behind the call is resolved on the primary before (it is written, and must be current), and
 * every other call reads and writes the primary.
 */
function readsFromReplica<Ctx extends CallContext, I, O>(
  handle: (ctx: Ctx, input: I) => O,
): (ctx: Ctx, input: I) => O {
  return (ctx, input) => handle({ ...ctx, db: readerOf(ctx.db) }, input);
}

/** A file a call takes, as it streams in (`http/statement-upload.ts`). */
export interface StreamedFile {
  /** The name the client gave it (unchecked: never a path to trust). */
  readonly fileName: string;
  readonly bytes: AsyncIterable<Buffer>;
}

/** A call that takes one streamed file besides its fields. */
export interface UploadCall {
  readonly def: CallDef;
  readonly handle: (ctx: UserCallContext, input: unknown, file: StreamedFile) => Promise<unknown>;
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
  private readonly uploads = new Map<string, UploadCall>();

  /** Registers a call that needs a signed-in account. */
  user<C extends CallDef>(def: C, handle: Handler<C, UserCallContext>): this {
    if (def.rule?.audience !== 'user')
      throw new Error(`${def.name}: a user call needs a user rule`);
    const served = DASHBOARD_CALLS.has(def.name) ? readsFromReplica(handle) : handle;
    return this.add(def, served as RegisteredCall['handle']);
  }

  /** Registers a call open to guests or to anyone (sign-in steps). */
  open<C extends CallDef>(def: C, handle: Handler<C, CallContext>): this {
    if (def.rule?.audience !== 'guest' && def.rule?.audience !== 'public') {
      throw new Error(`${def.name}: an open call needs a guest or public rule`);
    }
    return this.add(def, handle as RegisteredCall['handle']);
  }

  /**
   * Registers a list call: its page as a user call, its rows for `exportList`, its totals; all
   * three read from the read replica when there is one.
   */
  list<C extends CallDef>(def: C, service: ListService<C>): this {
    this.user(def, readsFromReplica(service.page));
    this.lists.set(def.name, {
      def,
      chunks: readsFromReplica(service.chunks) as ExportableList['chunks'],
      totals: service.totals && (readsFromReplica(service.totals) as ExportableList['totals']),
    });
    return this;
  }

  /**
   * Registers a call that takes a file, streamed to its handler rather than read into the
   * fields (a route of its own: `http/statement-upload.ts`); not among `names()`.
   */
  upload<C extends CallDef>(
    def: C,
    handle: (
      ctx: UserCallContext,
      input: z.output<C['request']>,
      file: StreamedFile,
    ) => Promise<z.input<C['response']>>,
  ): this {
    if (def.rule?.audience !== 'user') throw new Error(`${def.name}: an upload needs a user rule`);
    if (this.calls.has(def.name) || this.uploads.has(def.name))
      throw new Error(`${def.name}: registered twice`);
    this.uploads.set(def.name, { def, handle: handle as UploadCall['handle'] });
    return this;
  }

  /** The calls that take a streamed file. */
  uploadCalls(): UploadCall[] {
    return [...this.uploads.values()];
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
