import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@bo/contract';
import { Spinner } from '../spinner';
import { sizeText } from '../../lib/api/export-file';
import { exportList } from '../../lib/api/export-list';
import { ToolbarDropdown } from './toolbar-dropdown';
import type { ListPage } from './use-list-page';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** Exports every row matching the list's filters (not just this page) as CSV or XLSX. */
export function ExportButton<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<number | null>(null);
  const start = async (format: ExportFormat) => {
    setReceived(0);
    const { page: _page, pageSize: _size, ...filters } = list.request;
    try {
      await exportList(
        list.callName,
        format,
        { ...filters, timeZone: list.state.timeZone },
        setReceived,
      );
    } catch {
      // exportList has shown the error as spec section 8 says.
    } finally {
      setReceived(null);
    }
  };
  if (received !== null)
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled
        data-testid="list-exporting"
      >
        <Spinner size="sm" />{' '}
        <span className="ms-1">{t('list.exporting', { size: sizeText(received) })}</span>
      </button>
    );
  return (
    <ToolbarDropdown
      icon="bi-download"
      label={t('list.export')}
      variant="primary"
      testId="list-export-button"
    >
      {(close) =>
        EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="dropdown-item"
            onClick={() => {
              close();
              void start(format);
            }}
            data-testid={`list-export-${format}`}
          >
            {t('list.exportAs', { format: FORMAT_LABELS[format] })}
          </button>
        ))
      }
    </ToolbarDropdown>
  );
}
