import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { decideAccess, formatCount, getReconWriteOffList, pathOf } from '@bo/contract';
import { listPageQuery } from '../../lib/api/list-page';
import { useSessionUser, viewerOf } from '../../lib/session';

/** The queue's first row is enough: the answer's total is the count waiting. */
const COUNT_ONLY = { page: 1, pageSize: 1 } as const;

/**
 * Beside the money-out pending lists: how many reconciliation write-offs wait for approval
 * (they pass the same maker-checker) with a link to their own queue,
 * `/reconciliation?view=write-offs`. Shown only to admins who may open it, and only while
 * some wait; read again as the queue beside it is.
 */
export function WriteOffsWaitingNotice({ refetchInterval }: { refetchInterval?: number }) {
  const { t } = useTranslation();
  const allowed = decideAccess(getReconWriteOffList.rule, viewerOf(useSessionUser())) === 'allowed';
  const waiting = useQuery({
    ...listPageQuery(getReconWriteOffList, COUNT_ONLY),
    enabled: allowed,
    refetchInterval,
  });
  const n = waiting.data?.total ?? 0;
  if (!allowed || n === 0) return null;
  return (
    <p className="alert alert-info py-2 mb-3" data-testid="write-offs-waiting">
      {t('money.writeOffsWaiting.text', { n: formatCount(n) })}{' '}
      <Link
        to={`${pathOf('reconciliation')}?view=write-offs`}
        className="alert-link"
        data-testid="write-offs-waiting-link"
      >
        {t('money.writeOffsWaiting.link')}
      </Link>
    </p>
  );
}
