import { Link } from 'react-router';

/**
 * A money figure that opens the journal entries it is made of (issue 44), named by what it
 * opens and the amount (a row of links is not a row of bare "0.00"); `to` null shows the figure
 * plain (a figure across owners, or one the viewer may not open).
 */
export function FigureLink({
  to,
  open,
  shown,
  figure,
}: {
  to: string | null;
  /** Where the link goes, in words: its title. */
  open: string;
  /** The figure as shown. */
  shown: string;
  /** Which figure of its row it is (`data-figure`), for tests. */
  figure?: string;
}) {
  const text = <bdi>{shown}</bdi>;
  return to ? (
    <Link
      to={to}
      title={open}
      aria-label={`${open}: ${shown}`}
      data-testid="figure-link"
      data-figure={figure}
    >
      {text}
    </Link>
  ) : (
    text
  );
}
