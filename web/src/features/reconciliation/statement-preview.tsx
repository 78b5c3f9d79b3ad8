import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../ui/list/table-scroll';
import type { CallResponse, previewReconStatement } from '@bo/contract';

export type StatementPreview = CallResponse<typeof previewReconStatement>;

/** A statement's header and first lines as they are in the file. */
export function StatementPreviewTable({
  preview,
  name,
}: {
  preview: StatementPreview;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll
      label={t('reconciliation.import.previewCaption', { name })}
      className="table-responsive border rounded mt-2"
      style={{ maxHeight: '14rem' }}
    >
      <table className="table table-sm small mb-0" data-testid="recon-preview">
        <caption className="caption-top px-2">
          {t('reconciliation.import.previewCaption', { name })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('reconciliation.import.line')}</th>
            {preview.header.map((name, i) => (
              <th key={i} scope="col" className="text-nowrap">
                <bdi>{name}</bdi>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line_no}>
              <td>{row.line_no}</td>
              {row.cells.map((cell, i) => (
                <td key={i} className="text-nowrap">
                  <bdi>{cell}</bdi>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
