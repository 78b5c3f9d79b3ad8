import { Link } from 'react-router';
import type { FigureTotal } from '@bo/contract';
import { openedFigureState } from './opened-figure';

/**
 * A money figure that opens the journal entries it is made of (issue 44), named by what it
 * opens and the amount (a row of links is not a row of bare "0.00"); `to` null shows the figure
 * plain (a figure across owners, or one the viewer may not open). `equals` names the total of
 * the opened view that is this figure (`data-equals`: what the browser walk of every figure
 * compares).
 */
export function FigureLink({
  to,
  open,
  shown,
  equals,
  figure,
}: {
  to: string | null;
  /** Where the link goes, in words: its title. */
  open: string;
  /** The figure as shown. */
  shown: string;
  /** Which total of the view it opens this figure is. */
  equals: FigureTotal;
  /** Which figure of its row it is (`data-figure`), for tests. */
  figure?: string;
}) {
  const text = <bdi>{shown}</bdi>;
  return to ? (
    <Link
      to={to}
      // The view it opens says which of its totals this figure is (`OpenedFigureNote`).
      state={openedFigureState({ equals, shown })}
      title={open}
      aria-label={`${open}: ${shown}`}
      data-testid="figure-link"
      data-figure={figure}
      data-equals={equals}
    >
      {text}
    </Link>
  ) : (
    text
  );
}
