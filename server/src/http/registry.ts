import type { z } from 'zod';
import {
  getAdminDashboardV2,
  type AccessRule,
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

/** A file a call takes, as it streams in (`http/file-upload.ts`). */
export interface StreamedFile {
  /** The name the client gave it (unchecked: never a path to trust). */
  readonly fileName: string;
  /** Its bytes as they arrive; past the call's limit the reading fails (413). */
  readonly bytes: AsyncIterable<Buffer>;
  /** Reads to the body's end, refusing any part after the file: call it before committing. */
  readonly end: () => Promise<void>;
}

/** A call that takes one streamed file besides its fields (`http/file-upload.ts`). */
export interface UploadCall {
  readonly def: CallDef;
  /** The largest file it takes, in bytes. */
  readonly maxBytes: number;
  readonly handle: (ctx: UserCallContext, input: unknown, file: StreamedFile) => Promise<unknown>;
}

export interface RegisteredCall {
  readonly def: CallDef;
  readonly handle: (ctx: CallContext, input: unknown) => Promise<unknown>;
}

/** A file a download call answers with, as an attachment instead of the JSON envelope. */
export interface DownloadedFile {
  /** A safe name (no path); the answer encodes it for `Content-Disposition`. */
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** A call answered with a file: its request fields and rule, as a call's, and its handler. */
export interface DownloadCall {
  readonly name: string;
  readonly request: z.ZodType;
  readonly rule: AccessRule;
  readonly handle: (ctx: UserCallContext, input: unknown) => Promise<DownloadedFile>;
}

/**
 * The back-office calls by name. A call is registered with the rule its contract names;
 * `user` calls get a signed-in actor, `open` calls (guest or public) may have none.
 */
export class CallRegistry {
  private readonly calls = new Map<string, RegisteredCall>();
  private readonly lists = new Map<string, ExportableList>();
  private readonly downloads = new Map<string, DownloadCall>();
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
   * Registers a call that takes one file of up to `maxBytes` (the multipart part `file`, after
   * its fields), streamed to its handler as it arrives on a route of its own
   * (`http/file-upload.ts`): a statement of 512 MB, an evidence file of 5 MB. Not among
   * `names()`.
   */
  upload<C extends CallDef>(
    def: C,
    maxBytes: number,
    handle: (
      ctx: UserCallContext,
      input: z.output<C['request']>,
      file: StreamedFile,
    ) => Promise<z.input<C['response']>>,
  ): this {
    if (def.rule?.audience !== 'user') throw new Error(`${def.name}: an upload needs a user rule`);
    this.assertNew(def.name);
    this.uploads.set(def.name, { def, maxBytes, handle: handle as UploadCall['handle'] });
    return this;
  }

  /** The calls that take a file. */
  uploadCalls(): UploadCall[] {
    return [...this.uploads.values()];
  }

  /** Registers a call answered with a file (`http/file-download`), not the JSON envelope. */
  download<S extends z.ZodType>(
    name: string,
    spec: { request: S; rule: AccessRule },
    handle: (ctx: UserCallContext, input: z.output<S>) => Promise<DownloadedFile>,
  ): this {
    if (spec.rule.audience !== 'user') throw new Error(`${name}: a download needs a user rule`);
    this.assertNew(name);
    this.downloads.set(name, { name, ...spec, handle: handle as DownloadCall['handle'] });
    return this;
  }

  /** The download call of this name, if it is one. */
  downloadOf(name: string): DownloadCall | undefined {
    return this.downloads.get(name);
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

  /** Whether a call (or a download) of this name exists. */
  has(name: string): boolean {
    return this.calls.has(name) || this.downloads.has(name) || this.uploads.has(name);
  }

  /** Refuses a second registration of a name, whatever kind of call it was. */
  private assertNew(name: string): void {
    if (this.calls.has(name) || this.downloads.has(name) || this.uploads.has(name))
      throw new Error(`${name}: registered twice`);
  }

  private add(def: CallDef, handle: RegisteredCall['handle']): this {
    if (!def.rule) throw new Error(`${def.name}: every call must name an access rule`);
    this.assertNew(def.name);
    this.calls.set(def.name, { def, handle });
    return this;
  }
}
