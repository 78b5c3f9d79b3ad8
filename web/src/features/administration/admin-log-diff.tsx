import { useTranslation } from 'react-i18next';
import type { AdminLogRow } from '@bo/contract';
import { Dialog } from '../../ui/dialog';
import { DialogFooter } from '../../ui/dialog-footer';
import { TableScroll } from '../../ui/list/table-scroll';

type Json = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the diff shows it: text as it is, anything else as compact JSON. */
const shown = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** One line per field of `before` or `after`, in the order they first appear. */
export function diffLines(before: unknown, after: unknown) {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: '', before: shown(before ?? undefined), after: shown(after ?? undefined) }];
  }
  const b: Json = isRecord(before) ? before : {};
  const a: Json = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: shown(b[field]),
    after: shown(a[field]),
  }));
}

/** An admin log entry's before/after, field by field, changed fields marked. */
export function AdminLogDiff({ entry, onClose }: { entry: AdminLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const lines = diffLines(entry.before, entry.after);
  return (
    <Dialog
      title={t('administration.adminLogs.diffTitle', { action: entry.action })}
      onClose={onClose}
      size="lg"
      testId="admin-log-diff"
      footer={
        <DialogFooter
          action={{ label: t('common.close'), className: 'btn-light', onClick: onClose }}
        />
      }
    >
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('administration.adminLogs.columns.actor')}</dt>
        <dd className="col-sm-9">
          <bdi>{entry.actor_username || t('administration.adminLogs.empty')}</bdi>
        </dd>
        <dt className="col-sm-3">{t('administration.adminLogs.columns.target')}</dt>
        <dd className="col-sm-9 text-break">
          <bdi>{[entry.target_type, entry.target_id].filter(Boolean).join(' · ') || '—'}</bdi>
        </dd>
        <dt className="col-sm-3">{t('administration.adminLogs.requestId')}</dt>
        <dd className="col-sm-9 font-monospace text-break">
          <bdi>{entry.request_id || '—'}</bdi>
        </dd>
      </dl>
      {lines.length === 0 ? (
        <p className="text-muted mb-0">{t('administration.adminLogs.noChanges')}</p>
      ) : (
        <TableScroll label={t('administration.adminLogs.diffTitle', { action: entry.action })}>
          <table className="table table-sm align-middle mb-0" data-testid="admin-log-diff-table">
            <thead>
              <tr>
                <th scope="col">{t('administration.adminLogs.field')}</th>
                <th scope="col">{t('administration.adminLogs.before')}</th>
                <th scope="col">{t('administration.adminLogs.after')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const changed = line.before !== line.after;
                return (
                  <tr
                    key={line.field}
                    className={changed ? 'table-warning' : undefined}
                    data-testid={changed ? 'diff-changed' : 'diff-same'}
                  >
                    <th scope="row" className="font-monospace fw-medium">
                      <bdi>{line.field}</bdi>
                    </th>
                    <td className="font-monospace text-break">
                      {!line.before ? (
                        '—'
                      ) : changed ? (
                        <del className="text-danger">{line.before}</del>
                      ) : (
                        line.before
                      )}
                    </td>
                    <td className="font-monospace text-break">
                      {changed ? (
                        line.after ? (
                          <ins className="text-success">{line.after}</ins>
                        ) : (
                          '—'
                        )
                      ) : (
                        <span className="text-muted">
                          {t('administration.adminLogs.unchanged')}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Dialog>
  );
}
