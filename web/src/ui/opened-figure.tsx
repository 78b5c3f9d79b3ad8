import { useLocation } from 'react-router';
import { Trans } from 'react-i18next';
import type { EntriesTotal, FigureTotal, ListTotal } from '@bo/contract';

/**
 * The figure a view was opened from (issue 44: a figure opens what makes it), carried in the
 * link's history state, not in its address: the address stays the view's own (shared, reloaded
 * or opened from two figures alike), and the view says which of its totals the figure is.
 */
export interface OpenedFigure {
  readonly equals: FigureTotal;
  /** The figure as its screen showed it. */
  readonly shown: string;
}

/** The history state a figure's link carries (`FigureLink`). */
export const openedFigureState = (figure: OpenedFigure) => ({ openedFigure: figure });

/** The figure this view was opened from, or null (typed in, reloaded, opened from a menu). */
export function useOpenedFigure(): OpenedFigure | null {
  const state: unknown = useLocation().state;
  if (!state || typeof state !== 'object' || !('openedFigure' in state)) return null;
  const figure = (state as { openedFigure: unknown }).openedFigure as Partial<OpenedFigure>;
  return typeof figure?.equals === 'string' && typeof figure.shown === 'string'
    ? { equals: figure.equals, shown: figure.shown }
    : null;
}

/**
 * The totals a note names in words: every one a link may name (a new one must be added here,
 * and its words in every language), and of the report columns' totals the one linked.
 */
const NAMED: Record<EntriesTotal | ListTotal, true> = {
  net: true,
  outflow: true,
  opening: true,
  closing: true,
  closing_negated: true,
  count: true,
  amount: true,
  amount_negated: true,
  fee: true,
  gateway_cost: true,
  reseller_commission: true,
  platform_profit: true,
};
export const TOTAL_WORDS = [
  ...(Object.keys(NAMED) as (EntriesTotal | ListTotal)[]),
  'total_available',
] as const;
type TotalWord = (typeof TOTAL_WORDS)[number] | 'other';

/** The words of a total (`total:available` is `total_available`), or 'other'. */
export function totalWordOf(equals: FigureTotal): TotalWord {
  const word = equals.replace(':', '_');
  return (TOTAL_WORDS as readonly string[]).includes(word) ? (word as TotalWord) : 'other';
}

/**
 * "The figure you opened, 1,234.00, equals the closing balance in the totals": above a view
 * opened from a figure, naming the total of the view that makes it. Nothing when the view was
 * not opened from a figure.
 */
export function OpenedFigureNote() {
  const figure = useOpenedFigure();
  if (!figure) return null;
  return (
    <p
      className="small mb-2 px-2 py-1 rounded border border-info-subtle bg-info-subtle text-info-emphasis"
      data-testid="opened-figure"
      data-equals={figure.equals}
    >
      <i className="bi bi-arrow-return-right me-1" aria-hidden />
      <Trans
        i18nKey={`list.openedFigure.${totalWordOf(figure.equals)}`}
        values={{ shown: figure.shown }}
        components={{ figure: <bdi className="fw-semibold" /> }}
      />
    </p>
  );
}
