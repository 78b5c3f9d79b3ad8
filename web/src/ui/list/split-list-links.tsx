import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListTotal, RouteId } from '@bo/contract';

/** The lists whose totals add up to one figure, each named by a word of its own. */
const SPLIT_ROUTES = ['settlements', 'settlementWallet'] as const;
type SplitRoute = (typeof SPLIT_ROUTES)[number];
const isSplitRoute = (route: RouteId): route is SplitRoute =>
  (SPLIT_ROUTES as readonly string[]).includes(route);

/**
 * The links of a figure two lists add up to (issue 44: a settlement's bank and wallet lists),
 * "Bank · Wallet", each opening its list's counted rows; `figure` names the figure in each
 * link's title, `figureId` says which figure of its row it is (`data-figure`, for tests),
 * `equals` which total of the lists, added up, the figure is (`data-equals`). Nothing for no
 * list.
 */
export function SplitListLinks({
  lists,
  figure,
  figureId,
  equals,
}: {
  lists: readonly { route: RouteId; url: string }[];
  figure: string;
  figureId?: string;
  equals: ListTotal;
}) {
  const { t } = useTranslation();
  const named = lists.flatMap(({ route, url }) => (isSplitRoute(route) ? [{ route, url }] : []));
  if (named.length === 0) return null;
  return (
    <div
      className="small text-nowrap"
      data-testid="cell-lists"
      data-figure={figureId}
      data-equals={equals}
    >
      {named.map(({ route, url }, i) => {
        const short = t(`list.splitList.short.${route}`);
        const long = t(`list.splitList.open.${route}`, { figure });
        return (
          <span key={route}>
            {i > 0 && <span aria-hidden> · </span>}
            {/* The visible word first: the accessible name holds it (WCAG 2.5.3). */}
            <Link
              to={url}
              data-testid="cell-list"
              data-route={route}
              title={long}
              aria-label={`${short}: ${long}`}
            >
              {short}
            </Link>
          </span>
        );
      })}
    </div>
  );
}
