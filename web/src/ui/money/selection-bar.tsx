import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Above a list's table while rows are chosen: how many, what sums beside it (`summary`), the
 * actions open to them and "Clear selection".
 */
export function SelectionBar({
  count,
  summary,
  testId,
  onClear,
  children,
}: {
  count: number;
  summary?: ReactNode;
  testId: string;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="alert alert-primary d-flex flex-wrap align-items-center gap-2 py-2"
      data-testid={testId}
    >
      <strong>{t('money.selectedCount', { count })}</strong>
      {summary}
      <div className="ms-auto d-flex flex-wrap gap-2">
        {children}
        <button type="button" className="btn btn-sm btn-light" onClick={onClear}>
          {t('money.clearSelection')}
        </button>
      </div>
    </div>
  );
}
