import type { FigureTotal } from '@bo/contract';
import { column, type ListColumn } from './columns';
import { moneyText } from './money-text';
import { FigureLink } from '../figure-link';

/**
 * A money column whose figures open the journal entries they are made of (issue 44): `href`
 * answers the entries view's address for a row, or null where the row names no owner (a totals
 * row across owners), which shows the figure plain. `open` says where the link goes, as its title
 * (per row where rows open different things); `equals`, which total of what it opens the figure is.
 */
export function figureColumn<Row>(
  id: string,
  header: string,
  amount: (row: Row) => string | null | undefined,
  currency: (row: Row) => string,
  href: (row: Row) => string | null,
  open: string | ((row: Row) => string),
  equals: FigureTotal | ((row: Row) => FigureTotal),
): ListColumn<Row> {
  return column<Row>(
    id,
    header,
    (row) => (
      <FigureLink
        to={href(row)}
        open={typeof open === 'string' ? open : open(row)}
        shown={moneyText(amount(row), currency(row))}
        equals={typeof equals === 'string' ? equals : equals(row)}
        figure={id}
      />
    ),
    { headerClassName: 'text-end', cellClassName: 'text-end text-nowrap' },
  );
}
