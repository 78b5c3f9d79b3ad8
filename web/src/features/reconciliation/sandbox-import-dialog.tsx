import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { importSandbox, openImportedRun, periodInstants } from './api/recon-api';
import { PeriodFields, periodProblems, startPeriod, type Period } from './period-fields';

/**
 * The sandbox writes its statement of the period (with its planted differences, from the
 * seed) and the server imports it with the sandbox's own map; the new run opens.
 */
export function SandboxImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(startPeriod);
  const [seed, setSeed] = useState('1');
  // Problems show once the form has been sent, not on a fresh form.
  const [tried, setTried] = useState(false);
  const { isBusy, error, run } = useSubmit();
  const problems = periodProblems(period, t);
  const submit = () => {
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    void run(async () => {
      const answer = await importSandbox({
        gatewayId: period.gatewayId,
        ...periodInstants(period),
        seed: seed.trim() || '1',
      });
      onClose();
      await openImportedRun(answer.run.id, t('reconciliation.import.imported'));
    });
  };
  return (
    <FormDialog
      title={t('reconciliation.sandbox.title')}
      testId="recon-sandbox-dialog"
      size="lg"
      submitLabel={t('reconciliation.sandbox.send')}
      submitTestId="recon-sandbox-send"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error}
      errorTestId="recon-sandbox-error"
    >
      <p className="small text-muted">{t('reconciliation.sandbox.hint')}</p>
      <PeriodFields period={period} problems={tried ? problems : null} onChange={setPeriod} />
      <div className="row g-2 mt-1">
        <div className="col-sm-6 col-lg-4">
          <FormField
            name="seed"
            label={t('reconciliation.sandbox.seed')}
            inputMode="numeric"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
            data-testid="recon-sandbox-seed"
          />
        </div>
      </div>
    </FormDialog>
  );
}
