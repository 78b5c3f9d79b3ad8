import type { ReactNode } from 'react';
import { formatPercent } from '@bo/contract';
import { TableScroll } from './list/table-scroll';

/** A percentage as shown, or a dash when there is nothing to divide. */
export const percentOrDash = (value: string | null) =>
  value === null ? '—' : formatPercent(value);

/**
 * A small table of figures by row (a gateway, an account): a first header column, then figure
 * columns aligned to the end, with a caption for screen readers; scrolls sideways on a phone, in a region the keyboard
 * reaches (`TableScroll`).
 * The rows are the caller's (`<tr>` with a `<th scope="row">` first).
 */
export function FiguresTable({
  caption,
  rowHeader,
  columns,
  children,
}: {
  caption: string;
  rowHeader: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className="table table-sm align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {columns.map((label) => (
              <th key={label} scope="col" className="text-end">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
