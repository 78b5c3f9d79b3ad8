import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog';
import { ImportFooter, openImportedRun } from './dialog-footer';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { importSandbox, periodOf } from './api/recon-api';
import { PeriodFields, todayText, type Period } from './period-fields';

/**
 * The sandbox writes its statement of the period (with its planted differences, from the
 * seed) and the server imports it with the sandbox's own map; the new run opens.
 */
export function SandboxImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>({
    gatewayId: '',
    from: todayText(),
    to: todayText(),
  });
  const [seed, setSeed] = useState('1');
  const { isBusy, error, run } = useSubmit();
  const blocked = !period.gatewayId || period.to < period.from;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    void run(async () => {
      const answer = await importSandbox({
        gatewayId: period.gatewayId,
        ...periodOf(period.from, period.to),
        seed: seed.trim() || '1',
      });
      onClose();
      await openImportedRun(answer.run.id, t('reconciliation.import.imported'));
    });
  };
  const footer = (
    <ImportFooter
      form="recon-sandbox-form"
      label={t('reconciliation.sandbox.send')}
      busy={isBusy}
      disabled={blocked}
      testId="recon-sandbox-send"
      onCancel={onClose}
    />
  );
  return (
    <Dialog
      title={t('reconciliation.sandbox.title')}
      onClose={onClose}
      size="lg"
      footer={footer}
      testId="recon-sandbox-dialog"
    >
      <form id="recon-sandbox-form" onSubmit={submit} noValidate>
        <p className="small text-muted">{t('reconciliation.sandbox.hint')}</p>
        <PeriodFields period={period} onChange={setPeriod} />
        <div className="row g-2 mt-1">
          <div className="col-sm-6 col-lg-4">
            <FormField
              label={t('reconciliation.sandbox.seed')}
              inputMode="numeric"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              data-testid="recon-sandbox-seed"
            />
          </div>
        </div>
        {error && (
          <div
            className="alert alert-danger py-2 small mt-2 mb-0"
            role="alert"
            data-testid="recon-sandbox-error"
          >
            <bdi>{error.message}</bdi>
          </div>
        )}
      </form>
    </Dialog>
  );
}
