import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog';
import { DialogFooter } from '../dialog-footer';

/** One item's outcome of a bulk action: done or not, its name, what became of it. */
export interface OutcomeLine {
  readonly key: string;
  readonly ok: boolean;
  readonly name: string;
  readonly text: string;
  /** `data-*` attributes of its line (what a test reads). */
  readonly data?: Readonly<Record<string, string>>;
}

/** What became of each item of a bulk action, each on a line of its own, then Close. */
export function OutcomesDialog({
  title,
  testId,
  lineTestId,
  lines,
  onClose,
}: {
  title: string;
  testId: string;
  lineTestId: string;
  lines: readonly OutcomeLine[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId={testId}
      footer={<DialogFooter action={{ label: t('common.close'), onClick: onClose }} />}
    >
      <ul className="list-unstyled mb-0">
        {lines.map((line) => (
          <li
            key={line.key}
            data-testid={lineTestId}
            data-ok={line.ok}
            {...Object.fromEntries(
              Object.entries(line.data ?? {}).map(([k, v]) => [`data-${k}`, v]),
            )}
          >
            <i
              className={`bi ${line.ok ? 'bi-check-circle text-success' : 'bi-exclamation-triangle text-danger'} me-2`}
              aria-hidden
            />
            <bdi className="font-monospace">{line.name}</bdi> — <bdi>{line.text}</bdi>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
