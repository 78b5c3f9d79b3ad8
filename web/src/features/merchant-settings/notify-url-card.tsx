import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallResponse, sendMerchantTestNotification } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import {
  refreshMerchantNotifySettings,
  type MerchantNotifySettings,
} from './api/get-merchant-notify-settings';
import { sendSendMerchantTestNotification } from './api/send-merchant-test-notification';
import { sendSetMerchantNotifyUrl } from './api/set-merchant-notify-url';
import { SettingsCard } from '../../ui/settings-card';
import { useSubmit } from '../../ui/use-submit';

type TestResult = CallResponse<typeof sendMerchantTestNotification>;

/** What came back from a test notification: status, latency and the start of the body. */
function TestResultPanel({ result }: { result: TestResult }) {
  const { t } = useTranslation();
  const ok = result.http_status !== null && result.http_status >= 200 && result.http_status < 300;
  return (
    <div
      className={`alert ${ok ? 'alert-success' : 'alert-danger'} mt-3 mb-0`}
      role="status"
      data-testid="test-result"
    >
      <div className="d-flex flex-wrap gap-3">
        <span>
          {t('merchantSettings.notify.responseCode')}:{' '}
          <strong data-testid="test-status">
            {result.http_status ?? t('merchantSettings.notify.noAnswer')}
          </strong>
        </span>
        <span>
          {t('merchantSettings.notify.latency')}:{' '}
          <bdi dir="ltr" data-testid="test-latency">
            {t('merchantSettings.notify.ms', { ms: result.latency_ms })}
          </bdi>
        </span>
      </div>
      {result.error && <div className="small mt-1">{result.error}</div>}
      {result.body_excerpt && (
        <pre
          dir="ltr"
          className="small bg-body p-2 mt-2 mb-0 rounded text-wrap text-break"
          data-testid="test-body"
        >
          {result.body_excerpt}
        </pre>
      )}
    </div>
  );
}

/**
 * The default notify URL (used when a pay-in or pay-out names none), saved after a
 * confirmation, and a test button that sends a signed sample notification to it.
 */
export function NotifyUrlCard({ settings }: { settings: MerchantNotifySettings }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(settings.notify_url);
  const submit = useSubmit<'save' | 'test'>();
  const { busy } = submit;
  const error = submit.error?.message ?? null;
  const [result, setResult] = useState<TestResult | null>(null);

  const run = <T,>(action: 'save' | 'test', send: () => Promise<T>) => submit.run(send, action);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const question = url.trim()
      ? t('merchantSettings.notify.confirmSave', { url: url.trim() })
      : t('merchantSettings.notify.confirmClear');
    if (!(await confirmAction(question, t('merchantSettings.notify.save')))) return;
    const saved = await run('save', () => sendSetMerchantNotifyUrl({ notifyUrl: url.trim() }));
    if (!saved) return;
    setUrl(saved.notify_url);
    await refreshMerchantNotifySettings();
    announceSuccess(t('merchantSettings.notify.saved'));
  };
  const test = async () => {
    setResult(null);
    const answer = await run('test', () =>
      sendSendMerchantTestNotification({ notifyUrl: url.trim() }),
    );
    if (answer) setResult(answer);
  };

  return (
    <SettingsCard
      className="mb-3"
      testId="notify-url"
      icon="bi-broadcast"
      title={t('merchantSettings.notify.title')}
      text={t('merchantSettings.notify.text')}
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <FormField
          label={t('merchantSettings.notify.url')}
          hint={
            settings.strict_urls
              ? t('merchantSettings.notify.strictHint')
              : t('merchantSettings.notify.demoHint')
          }
          type="url"
          dir="ltr"
          value={url}
          maxLength={500}
          placeholder="https://shop.example/payments/notify"
          error={error}
          onChange={(e) => {
            setUrl(e.target.value);
            submit.clearError();
          }}
          data-testid="notify-url-input"
        />
        <div className="d-flex flex-wrap gap-2">
          <BusyButton
            type="submit"
            className="btn-primary"
            isBusy={busy === 'save'}
            disabled={busy !== null || url.trim() === settings.notify_url}
            data-testid="notify-url-save"
          >
            <i className="bi bi-check2 me-1" aria-hidden />
            {t('merchantSettings.notify.save')}
          </BusyButton>
          <BusyButton
            type="button"
            className="btn-outline-primary"
            isBusy={busy === 'test'}
            disabled={busy !== null || !url.trim()}
            onClick={() => void test()}
            data-testid="notify-url-test"
          >
            <i className="bi bi-send me-1" aria-hidden />
            {t('merchantSettings.notify.test')}
          </BusyButton>
        </div>
      </form>
      {result && <TestResultPanel result={result} />}
    </SettingsCard>
  );
}
