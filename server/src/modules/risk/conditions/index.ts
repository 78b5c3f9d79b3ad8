import type { ConditionType } from '@bo/contract';
import type { ConditionDef } from '../risk-types';
import { accountCondition } from './account';
import { amountCondition } from './amount';
import { currencyCondition } from './currency';
import { firstSeenCondition } from './first-seen';
import { historyCondition } from './history';
import { inListCondition } from './in-list';
import { timeOfDayCondition } from './time-of-day';
import { velocityCondition } from './velocity';

/** Every condition type's checks and evaluation, by type (one file each). */
export const CONDITIONS: { readonly [T in ConditionType]: ConditionDef<T> } = {
  amount: amountCondition,
  currency: currencyCondition,
  account: accountCondition,
  inList: inListCondition,
  velocity: velocityCondition,
  history: historyCondition,
  firstSeen: firstSeenCondition,
  timeOfDay: timeOfDayCondition,
};
