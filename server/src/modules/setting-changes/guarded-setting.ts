/** The shape of a guarded setting (issue 25): how it is named, read and written. */
import type { SettingChangeKind } from '@bo/contract';
import type { Config } from '../../config/config';
import type { CallContext, RequestOrigin, UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';

/** A setting's value as the calls show it, and as a whole number for the percentage. */
export interface SettingValue {
  readonly text: string | null;
  readonly scaled: bigint | null;
}

/** Who puts a change in force: the admin deciding (the log's actor) for the one who asked. */
export interface SettingWriter {
  readonly origin: RequestOrigin & Pick<CallContext, 'log'>;
  readonly actor: UserCallContext['actor'];
  readonly requester: { readonly accountId: string; readonly username: string };
  /** The server's settings (an invitation's link and alerts need its public address). */
  readonly config: Config;
}

/** A change to put in force: its setting, the value in force before and the one asked. */
export interface SettingWrite {
  readonly target: string;
  readonly before: SettingValue;
  readonly newValue: string;
  readonly reason: string;
  /** What the change needs besides its value (an invitation's username and name). */
  readonly details?: Readonly<Record<string, string>>;
}

/** One guarded setting: how it is named, read (for the old value) and written. */
export interface GuardedSetting {
  readonly kind: SettingChangeKind;
  /** How messages name it ("the USDT rate of THB"). */
  readonly noun: (target: string) => string;
  /**
   * The value in force (a USDT rate's row is held until the transaction ends); `config` gives
   * the defaults of the settings the environment sets.
   */
  readonly current: (tx: Queryable, target: string, config: Config) => Promise<SettingValue>;
  /** A value as asked (already checked by the call) as a whole number. */
  readonly scaled: (text: string, target: string) => bigint;
  readonly write: (tx: Queryable, writer: SettingWriter, change: SettingWrite) => Promise<void>;
}
