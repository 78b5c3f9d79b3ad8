import type { FastifyBaseLogger } from 'fastify';
import type { AccountType, ModuleName } from '@bo/contract';
import type { Config } from '../config/config';
import type { Db } from '../db/db';

/** The signed-in account behind a call. */
export interface Actor {
  readonly accountId: string;
  readonly sessionId: string;
  readonly username: string;
  readonly email: string;
  readonly accountType: AccountType;
  readonly modules: readonly ModuleName[];
  /** The account whose data this one sees: its parent for a sub-account, else itself. */
  readonly scopeAccountId: string;
  readonly isSubAccount: boolean;
}

/** Where a request came from, for logs, rate limits and the admin log. */
export interface RequestOrigin {
  readonly clientIp: string;
  readonly userAgent: string;
  readonly requestId: string;
}

export interface CallContext extends RequestOrigin {
  readonly db: Db;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly actor: Actor | null;
}

export interface UserCallContext extends CallContext {
  readonly actor: Actor;
}
