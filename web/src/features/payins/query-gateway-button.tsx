import { useTranslation } from 'react-i18next';
import { announceSuccess } from '../../lib/success-notes';
import { useSessionUser } from '../../lib/session';
import { BusyButton } from '../../ui/busy-button';
import { queryGatewayAndSay } from '../../ui/money/api/query-payin-at-gateway';
import { useIsStuck } from './stuck-badge';
import { useSubmit } from '../../ui/use-submit';

/** A stuck pay-in's "query gateway" action in the processing list (admins). */
export function QueryGatewayButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const { isBusy: busy, run } = useSubmit();
  const query = () =>
    run(async () => announceSuccess(await queryGatewayAndSay(id), { keep: true }));
  return (
    <BusyButton
      type="button"
      className="btn-sm btn-outline-primary text-nowrap"
      isBusy={busy}
      onClick={() => void query()}
      data-testid="query-gateway"
    >
      <i className="bi bi-arrow-repeat me-1" aria-hidden />
      {t('money.detail.queryGateway')}
    </BusyButton>
  );
}

/** The action on a processing-list row: offered to admins once the pay-in is stuck. */
export function QueryGatewayIfStuck({ id, since }: { id: string; since: string }) {
  const isStuck = useIsStuck();
  const isAdmin = useSessionUser()?.account_type === 'admin';
  return isAdmin && isStuck(since) ? <QueryGatewayButton id={id} /> : null;
}
