import { queryOptions } from '@tanstack/react-query';
import {
  createRiskRule,
  getRiskRule,
  saveRiskRule,
  setRiskRuleMode,
  validateRiskRule,
} from '@bo/contract';
import { callApi, senderOf } from '../../../lib/api-client';

/** A rule with its versions (the editor's page). */
export const riskRuleQuery = (id: string) =>
  queryOptions({
    queryKey: ['getRiskRule', id],
    queryFn: () => callApi(getRiskRule, { id }, { errors: 'inline' }),
  });

/** The editor's writes: their refusals show under the fields they name, not in a popup. */
export const sendCreateRiskRule = senderOf(createRiskRule, { errors: 'inline' });
export const sendSaveRiskRule = senderOf(saveRiskRule, { errors: 'inline' });
export const sendValidateRiskRule = senderOf(validateRiskRule, { errors: 'inline' });
export const sendSetRiskRuleMode = senderOf(setRiskRuleMode);
