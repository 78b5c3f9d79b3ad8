import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlobAs } from '../../lib/api/save-blob';
import { announceSuccess } from '../../lib/success-notes';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { StatementCurrencyField } from './statement-currency-field';
import { fetchVerifiableStatement } from './api/get-verifiable-statement';
import { statementHtml, type StatementFile } from './statement-html';

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Downloads a verifiable statement (issue 44): a currency and UTC days (the last 30 sealed days
 * by default), then the JSON file the offline verifier checks and a readable HTML copy beside
 * it. The server's refusals (a period not sealed yet, days out of order) show on their fields.
 */
export function VerifiableStatementDialog({
  currencies,
  ownerId,
  onClose,
}: {
  currencies: readonly string[];
  /** An admin's choice of merchant or reseller; none: the caller's own. */
  ownerId?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [opened] = useState(() => Date.now());
  const yesterday = dayText(opened - DAY_MS);
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [from, setFrom] = useState(() => dayText(opened - 30 * DAY_MS));
  const [to, setTo] = useState(yesterday);
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const submitting = useSubmit();

  const download = async () => {
    const answer = await submitting.run(() =>
      fetchVerifiableStatement({ currency, from, to, ...(ownerId && { ownerId }) }),
    );
    if (!answer) return;
    const file = answer.statement as unknown as StatementFile;
    const name = `statement-${answer.owner_db_code}-${currency}-${from}-${to}`;
    saveBlobAs(
      new Blob([JSON.stringify(answer.statement, null, 2)], { type: 'application/json' }),
      `${name}.json`,
    );
    const words = {
      title: t('reportLedgers.verifiable.htmlTitle', {
        owner: answer.owner_db_code,
        currency,
        from,
        to,
      }),
      opening: t('reportLedgers.verifiable.opening'),
      closing: t('reportLedgers.verifiable.closing'),
      entries: t('reportLedgers.verifiable.entries'),
      account: t('reportLedgers.verifiable.account'),
      sealedBy: t('reportLedgers.verifiable.sealedBy', {
        day: file.closingSeal.day,
        file: `${name}.json`,
      }),
    };
    saveBlobAs(
      new Blob([statementHtml(file, words, i18n.language)], { type: 'text/html' }),
      `${name}.html`,
    );
    setPublicKey(file.closingSeal.publicKey);
    announceSuccess(t('reportLedgers.verifiable.done', { file: `${name}.json` }));
  };

  return (
    <FormDialog
      title={t('reportLedgers.verifiable.title')}
      testId="verifiable-statement"
      submitLabel={t('reportLedgers.verifiable.download')}
      submitTestId="verifiable-statement-download"
      onSubmit={download}
      onClose={onClose}
      isBusy={submitting.isBusy}
      error={submitting.error}
      errorTestId="verifiable-statement-error"
    >
      <p className="small text-muted">{t('reportLedgers.verifiable.intro')}</p>
      <StatementCurrencyField
        currencies={currencies}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        testId="verifiable-statement-currency"
      />
      <FormField
        label={t('reportLedgers.verifiable.from')}
        name="from"
        type="date"
        required
        max={yesterday}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        data-testid="verifiable-statement-from"
      />
      <FormField
        label={t('reportLedgers.verifiable.to')}
        name="to"
        type="date"
        required
        max={yesterday}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        data-testid="verifiable-statement-to"
      />
      {publicKey && (
        <p className="small text-break mb-0" data-testid="verifiable-statement-key">
          {t('reportLedgers.verifiable.publicKey', { key: publicKey })}
        </p>
      )}
    </FormDialog>
  );
}
