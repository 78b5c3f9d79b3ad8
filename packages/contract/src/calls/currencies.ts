import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest } from './define';

export const currencyOption = z.object({ value: z.string(), name: z.string() });

/** Every currency for an admin; for the others, the currencies they hold contracts in. */
export const getSupportedCurrency = defineCall({
  name: 'getSupportedCurrency',
  request: emptyRequest,
  response: z.array(currencyOption),
  rule: RULES.anyUser,
});
