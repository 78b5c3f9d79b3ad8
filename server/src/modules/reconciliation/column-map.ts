import type { ReconStatus } from '@bo/contract';

/** How one gateway writes its statements (a row of `recon_column_maps`, or the sandbox's own). */
export interface ColumnMap {
  readonly delimiter: string;
  /** Header names of the columns read; '' for an optional column the statement lacks. */
  readonly columns: {
    readonly reference: string;
    readonly orderId: string;
    readonly amount: string;
    readonly currency: string;
    readonly fee: string;
    readonly status: string;
    readonly time: string;
  };
  readonly amountFormat: 'decimal' | 'minor';
  readonly thousandsSeparator: string;
  readonly decimalSeparator: string;
  /** 'UTC', an offset ('+07:00') or an IANA zone. */
  readonly timeZone: string;
  readonly timeFormat: 'ymd' | 'dmy';
  /** Each status word of the gateway and what it means. */
  readonly statusValues: Readonly<Record<string, ReconStatus>>;
}

/** The status words of one meaning from comma-separated text ("SETTLED, PAID"). */
export const statusWordsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
