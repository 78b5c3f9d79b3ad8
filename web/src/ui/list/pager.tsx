import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './list-url-state';
import { countText } from './count-text';
import { pagerFigures } from './pager-math';
import { ToolbarSelect } from '../select-field';

export interface PagerProps {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly rowsOnPage: number;
  readonly capped: boolean;
  /** Every matching row counted exactly (the totals strip's count): said instead of `total`. */
  readonly counted?: number | null;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (pageSize: number) => void;
}

/** First / previous / next / last, the page size, and "N–M of T" ("at least 10,000" when capped). */
export function Pager({
  page,
  pageSize,
  total,
  rowsOnPage,
  capped,
  counted: exact = null,
  onPage,
  onPageSize,
}: PagerProps) {
  const { t } = useTranslation();
  const { from, to, lastPage, counted } = pagerFigures(page, pageSize, total, rowsOnPage, capped);
  const button = (target: number, icon: string, label: string, disabled: boolean, id: string) => (
    <li className={`page-item ${disabled ? 'disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        onClick={() => onPage(target)}
        disabled={disabled}
        aria-label={label}
        title={label}
        data-testid={id}
      >
        <i className={`bi ${icon} list-flip-rtl`} aria-hidden />
      </button>
    </li>
  );
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <div className="d-flex align-items-center gap-2">
        <ToolbarSelect
          id="list-page-size"
          label={t('list.pageSize')}
          labelShown="beside"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          data-testid="list-page-size"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </ToolbarSelect>
        <span className="text-muted small" data-testid="list-range">
          {t('list.range', {
            from,
            to,
            total: exact === null ? countText(t, counted, capped) : countText(t, exact, false),
          })}
        </span>
      </div>
      <nav aria-label={t('list.pager')}>
        <ul className="pagination pagination-sm mb-0">
          {button(1, 'bi-chevron-double-left', t('list.first'), page <= 1, 'list-first')}
          {button(page - 1, 'bi-chevron-left', t('list.previous'), page <= 1, 'list-previous')}
          <li className="page-item active" aria-current="page">
            <span className="page-link" data-testid="list-page">
              {page}
            </span>
          </li>
          {button(page + 1, 'bi-chevron-right', t('list.next'), page >= lastPage, 'list-next')}
          {button(
            lastPage,
            'bi-chevron-double-right',
            t('list.last'),
            page >= lastPage,
            'list-last',
          )}
        </ul>
      </nav>
    </div>
  );
}
