import { useTranslation } from 'react-i18next';
import { getRiskReviewList, type RiskRuleKind } from '@bo/contract';
import { MoneyListScreen } from '../../ui/money/money-list-screen';
import { HELD_ITEM_DECISIONS, heldItemColumns } from './held-item-columns';

/**
 * /risk/review (issue 42; docs/risk.md, Review queue): the items risk rules held, every kind's,
 * oldest first, one tab per kind; each opens its own kind's detail, and is approved or declined
 * one by one or in bulk, read again every minute.
 */
export default function ReviewQueuePage() {
  const { t } = useTranslation();
  return (
    <MoneyListScreen
      call={getRiskReviewList}
      kind={(row) => row.kind}
      listId="risk-review"
      tabs={{ field: 'kind', label: (kind) => t(`money.kind.${kind as RiskRuleKind}`) }}
      columns={heldItemColumns}
      decisions={HELD_ITEM_DECISIONS}
      queue
    />
  );
}
