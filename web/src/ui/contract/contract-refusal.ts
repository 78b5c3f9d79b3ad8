import type { TFunction } from 'i18next';
import { ApiError, withFullStop } from '../../lib/api-error';
import {
  CONTRACT_FIELDS,
  fieldOfRefusal,
  refusalInWords,
  type ContractField,
  type RateField,
} from './rate-draft';

/** A field's label as the contract forms show it. */
export function contractFieldLabel(t: TFunction, field: ContractField): string {
  switch (field) {
    case 'merchantDbCode':
      return t('contracts.merchant');
    case 'currency':
      return t('contracts.currency');
    case 'paymentGatewayCode':
      return t('contracts.gateway');
    case 'effectiveFrom':
      return t('contracts.effectiveFrom');
    default:
      return t(`contracts.fields.${field satisfies RateField}`);
  }
}

/** Errors of a contract form, by field; what names no field goes above the form. */
export type ContractErrors = Partial<Record<ContractField, string>>;

/**
 * Where a failed save shows: beside the field the server named (in the words of the form's
 * labels) when the form shows that field, else above the form.
 */
export function readRefusal(
  t: TFunction,
  failure: unknown,
  shown: readonly ContractField[] = CONTRACT_FIELDS,
): { field: ContractField | null; text: string } {
  if (!(failure instanceof ApiError)) return { field: null, text: String(failure) };
  const text = withFullStop(failure.message);
  const named = fieldOfRefusal(text);
  const field = named && shown.includes(named) ? named : null;
  return { field, text: refusalInWords(text, (f) => contractFieldLabel(t, f)) };
}
