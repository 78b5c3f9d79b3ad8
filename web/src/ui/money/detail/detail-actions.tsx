import { useTranslation } from 'react-i18next';
import type { MoneyDetail } from '@bo/contract';
import { announceSuccess } from '../../../lib/success-notes';
import { BusyButton } from '../../busy-button';
import { queryGatewayAndSay } from '../api/query-payin-at-gateway';
import { resendNotification } from '../api/resend-merchant-notification';
import { useSubmit } from '../../use-submit';

/**
 * The detail's own actions: resend the merchant notification, ask the gateway for a pay-in's
 * status (applied through the lifecycle on the server). Each says what happened afterwards.
 */
export function DetailActions({ detail }: { detail: MoneyDetail }) {
  const { t } = useTranslation();
  const submit = useSubmit<'resend' | 'query'>();
  const { busy } = submit;
  const run = (which: 'resend' | 'query', action: () => Promise<string>) =>
    submit.run(async () => announceSuccess(await action(), { keep: true }), which);
  const resend = () =>
    run('resend', async () => {
      await resendNotification(detail.kind as 'payin' | 'payout', detail.row.id);
      return t('money.detail.resent');
    });
  const query = () => run('query', () => queryGatewayAndSay(detail.row.id));
  if (!detail.can_resend_notification && !detail.can_query_gateway) return null;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      {detail.can_query_gateway && (
        <BusyButton
          type="button"
          className="btn-sm btn-outline-primary"
          isBusy={busy === 'query'}
          onClick={() => void query()}
          data-testid="query-gateway"
        >
          <i className="bi bi-arrow-repeat me-1" aria-hidden />
          {t('money.detail.queryGateway')}
        </BusyButton>
      )}
      {detail.can_resend_notification && (
        <BusyButton
          type="button"
          className="btn-sm btn-outline-secondary"
          isBusy={busy === 'resend'}
          onClick={() => void resend()}
          data-testid="resend-notification"
        >
          <i className="bi bi-send me-1" aria-hidden />
          {t('money.detail.resend')}
        </BusyButton>
      )}
    </div>
  );
}
