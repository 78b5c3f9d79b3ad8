import type { ReactNode } from 'react';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { AccountType, TimezoneChoice } from '@bo/contract';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../../lib/time-zone';
import { moneyText } from './money-text';
import { StatusBadge } from './status-badge';

// Declaration merging must repeat TanStack's type parameters, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module '@tanstack/react-table' {
  interface TableMeta<TData extends RowData> {
    /** The zone date cells show times in. */
    readonly timeZone?: TimezoneChoice;
  }
  interface ColumnMeta<TData extends RowData, TValue> {
    readonly headerClassName?: string;
    readonly cellClassName?: string;
    /** `data-testid` of the column's cells (browser tests select on it). */
    readonly cellTestId?: string;
    /** The column's name in the column chooser when its header is not plain text. */
    readonly label?: string;
    /**
     * The account types the column never shows to (it only ever names themselves): a merchant
     * does not get a Merchant column. Not offered in the column chooser either.
     */
    readonly hiddenFor?: readonly AccountType[];
    /**
     * Hidden while the user has made no column choice of their own (shown from the chooser):
     * for everyone, or for the account types listed (whose tables are wider).
     */
    readonly hiddenByDefault?: true | readonly AccountType[];
    /**
     * Its place on a phone's card (the list kit shows rows as cards there): the card's status
     * (top corner) or its actions (bottom row, without a label); others are labelled fields.
     */
    readonly card?: 'status' | 'actions';
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** A column of a list: an id (the server's field name, so it can be sorted by), header, cell. */
export type ListColumn<Row> = ColumnDef<Row>;

/** The columns a list offers an account type: none that only ever names the viewer. */
export function columnsShownTo<Row>(
  columns: readonly ListColumn<Row>[],
  accountType: AccountType | undefined,
): readonly ListColumn<Row>[] {
  if (!accountType) return columns;
  return columns.filter((c) => !c.meta?.hiddenFor?.includes(accountType));
}

/** The ids of the columns a list hides from an account type until the user chooses its columns. */
export const hiddenByDefault = <Row,>(
  columns: readonly ListColumn<Row>[],
  accountType: AccountType | undefined,
): string[] =>
  columns
    .filter((c) => {
      const hidden = c.meta?.hiddenByDefault;
      return hidden === true || (!!accountType && !!hidden?.includes(accountType));
    })
    .map((c) => c.id ?? '');

/**
 * The column, hidden until the user shows it from the column chooser (so the table fits): for
 * everyone, or only for the account types given.
 */
export const hiddenUntilChosen = <Row,>(
  c: ListColumn<Row>,
  from: true | readonly AccountType[] = true,
): ListColumn<Row> => ({ ...c, meta: { ...c.meta, hiddenByDefault: from } });

type Meta = NonNullable<ColumnDef<unknown>['meta']>;

/** A column showing any content of the row. */
export function column<Row>(
  id: string,
  header: string,
  cell: (row: Row, index: number) => ReactNode,
  meta: Meta = {},
): ListColumn<Row> {
  return { id, header, cell: (info) => cell(info.row.original, info.row.index), meta };
}

/** An amount: the exact decimal string, formatted by the contract, with its currency code. */
export function moneyColumn<Row>(
  id: string,
  header: string,
  amount: (row: Row) => string | null | undefined,
  currency?: (row: Row) => string | null | undefined,
  meta: Meta = {},
): ListColumn<Row> {
  return column<Row>(id, header, (row) => <bdi>{moneyText(amount(row), currency?.(row))}</bdi>, {
    headerClassName: 'text-end',
    cellClassName: 'text-end text-nowrap',
    ...meta,
  });
}

/** A date-time shown in the list's chosen time zone ("YYYY-MM-DD HH:mm:ss"); empty when null. */
export function dateColumn<Row>(
  id: string,
  header: string,
  date: (row: Row) => string | null | undefined,
  meta: Meta = {},
): ListColumn<Row> {
  return {
    id,
    header,
    meta: { cellClassName: 'text-nowrap', ...meta },
    cell: (info) => {
      const value = date(info.row.original);
      if (!value) return '';
      const zone = info.table.options.meta?.timeZone ?? DEFAULT_TIME_ZONE;
      return <bdi>{formatInTimeZone(new Date(value), zone)}</bdi>;
    },
  };
}

/** A lifecycle state as a coloured badge with its translated name. */
export function statusColumn<Row>(
  id: string,
  header: string,
  status: (row: Row) => string,
  meta: Meta = {},
): ListColumn<Row> {
  return column<Row>(id, header, (row) => <StatusBadge status={status(row)} />, {
    card: 'status',
    ...meta,
  });
}

/**
 * The first column of a list whose rows are chosen for a bulk action: a box on each row that
 * can be chosen (`label`, the column's name in the column chooser; `boxLabel`, each box's).
 */
export function selectColumn<Row>({
  label,
  boxLabel,
  testId,
  isChoosable,
  isChosen,
  onToggle,
}: {
  label: string;
  boxLabel: (row: Row) => string;
  testId: string;
  isChoosable: (row: Row) => boolean;
  isChosen: (row: Row) => boolean;
  onToggle: (row: Row, chosen: boolean) => void;
}): ListColumn<Row> {
  return column<Row>(
    'select',
    '',
    (row) =>
      isChoosable(row) && (
        <input
          type="checkbox"
          className="form-check-input"
          checked={isChosen(row)}
          aria-label={boxLabel(row)}
          data-testid={testId}
          onChange={(e) => onToggle(row, e.target.checked)}
        />
      ),
    { label, headerClassName: 'list-select-cell', cellClassName: 'list-select-cell' },
  );
}
