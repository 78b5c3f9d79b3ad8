import type { TFunction } from 'i18next';
import type { LedgerSealRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';

/** A hash or key shown short (its start and end), whole on hover and in the export. */
export const shortHash = (hash: string) =>
  hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;

const END = { cellClassName: 'text-end', headerClassName: 'text-end' } as const;

/** The seals' columns: the day, when it was sealed, what it covers, its root and key, its copies. */
export function ledgerSealColumns(t: TFunction): ListColumn<LedgerSealRow>[] {
  type Key = 'day' | 'sealed' | 'heads' | 'chained' | 'root' | 'key' | 'copies';
  const c = (key: Key): string => t(`administration.seals.columns.${key}`);
  return [
    column<LedgerSealRow>('day', c('day'), (r) => <bdi className="font-monospace">{r.day}</bdi>),
    dateColumn<LedgerSealRow>('sealed_at', c('sealed'), (r) => r.sealed_at),
    column<LedgerSealRow>('heads', c('heads'), (r) => r.heads.toLocaleString(), END),
    column<LedgerSealRow>('chained', c('chained'), (r) => BigInt(r.chained).toLocaleString(), END),
    column<LedgerSealRow>('root', c('root'), (r) => (
      <bdi className="font-monospace small" title={r.root} dir="ltr">
        {shortHash(r.root)}
      </bdi>
    )),
    column<LedgerSealRow>('key', c('key'), (r) => (
      <bdi className="font-monospace small" title={r.key_id} dir="ltr">
        {r.key_id.slice(0, 8)}
      </bdi>
    )),
    column<LedgerSealRow>('copies', c('copies'), (r) => (
      <bdi className="small">{r.copied_to || t('administration.seals.noCopies')}</bdi>
    )),
  ];
}
