import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChoicePicker, type ChoicePickerProps, type PickerOption } from '../../ui/choice-picker';
import { ledgerContractsQuery, type LedgerContractChoice } from './api/get-ledger-contracts';

export type { PickerOption } from '../../ui/choice-picker';

/** The choice of what a ledger report shows (a contract, merchant or reseller). */
export function LedgerPicker(props: Omit<ChoicePickerProps, 'noneText'>) {
  const { t } = useTranslation();
  return <ChoicePicker {...props} noneText={t('reportLedgers.picker.none')} />;
}

/** The contracts the user may open ledgers of (loading: undefined). */
export function useLedgerContracts(): readonly LedgerContractChoice[] | undefined {
  return useQuery(ledgerContractsQuery()).data?.rows;
}

/** One option per contract: "MER00001 · Name · THB". */
export const contractOptions = (choices: readonly LedgerContractChoice[]): PickerOption[] =>
  choices.map((c) => ({
    value: c.contract_id,
    label: `${c.merchant_db_code} · ${c.merchant_name} · ${c.currency}`,
  }));

/** One option per merchant of the contracts. */
export const merchantOptions = (choices: readonly LedgerContractChoice[]): PickerOption[] => {
  const seen = new Map<string, string>();
  for (const c of choices) seen.set(c.merchant_id, `${c.merchant_db_code} · ${c.merchant_name}`);
  return [...seen].map(([value, label]) => ({ value, label }));
};

/** One option per reseller of the contracts' merchants. */
export const resellerOptions = (choices: readonly LedgerContractChoice[]): PickerOption[] => {
  const seen = new Map<string, string>();
  for (const c of choices)
    if (c.reseller_id && c.reseller_db_code) seen.set(c.reseller_id, c.reseller_db_code);
  return [...seen].map(([value, label]) => ({ value, label }));
};

/** A choice kept in the URL (`cid`, `mid`, `rid`): changing it keeps the period, back to page 1. */
export function useUrlChoice(name: string): [string | undefined, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      next.delete('page');
      return next;
    });
  return [params.get(name) ?? undefined, set];
}
