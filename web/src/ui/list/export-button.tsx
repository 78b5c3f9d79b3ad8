import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, exportFileBase, type ExportFormat } from '@bo/contract';
import { Spinner } from '../spinner';
import { isolate } from '../../lib/bidi';
import { sizeText } from '../../lib/api/export-file';
import { ExportCancelled, exportList } from '../../lib/api/export-list';
import { chooseExportSink } from '../../lib/api/export-target';
import { announceSuccess } from '../../lib/success-notes';
import { ToolbarDropdown } from './toolbar-dropdown';
import type { ListPage } from './use-list-page';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/**
 * Exports every row matching the list's filters (not just this page) as CSV or XLSX: straight
 * to a file the person picks where the browser can (else a download), with the size received
 * so far, and a Cancel button that aborts it (the server stops with it).
 */
export function ExportButton<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  /** The chosen format's menu item has gone: the keyboard lands on Cancel, not on the page. */
  const keepFocus = (button: HTMLButtonElement | null) => {
    if (button && document.activeElement === document.body) button.focus();
  };
  const start = async (format: ExportFormat) => {
    const { page: _page, pageSize: _size, ...filters } = list.request;
    const fields = { ...filters, timeZone: list.state.timeZone };
    // The file's name says what it holds: a CSV starts with its header, so the filters go here.
    const sink = await chooseExportSink(
      `${exportFileBase(list.callName, fields)}.${format}`,
      format,
    );
    if (!sink) return; // the save dialog was closed: nothing to export
    const cancel = new AbortController();
    running.current = cancel;
    setReceived(0);
    try {
      const name = await exportList(list.callName, format, fields, {
        sink,
        onProgress: setReceived,
        signal: cancel.signal,
      });
      announceSuccess(t('list.exportDone', { name: isolate(name) }));
    } catch (error) {
      if (error instanceof ExportCancelled) announceSuccess(t('list.exportCancelled'));
      // Any other failure exportList has shown as spec section 8 says.
    } finally {
      running.current = null;
      setReceived(null);
    }
  };
  if (received !== null)
    return (
      <div className="btn-group btn-group-sm" role="group" aria-label={t('list.export')}>
        <span className="btn btn-light border pe-none" data-testid="list-exporting">
          <Spinner size="sm" />{' '}
          <span className="ms-1">{t('list.exporting', { size: sizeText(received) })}</span>
        </span>
        <button
          ref={keepFocus}
          type="button"
          className="btn btn-outline-danger"
          onClick={() => running.current?.abort()}
          data-testid="list-export-cancel"
        >
          <i className="bi bi-x-lg me-1" aria-hidden />
          {t('list.exportCancel')}
        </button>
      </div>
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
