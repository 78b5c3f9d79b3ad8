import type { z } from 'zod';
import type { CallDef } from '@bo/contract';
import type { CallContext, UserCallContext } from '../core/context';

type Handler<C extends CallDef, Ctx> = (
  ctx: Ctx,
  input: z.output<C['request']>,
) => Promise<z.input<C['response']>>;

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
