import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MoneyDetailKind, TimezoneChoice } from '@bo/contract';
import { Dialog } from '../dialog';
import type { Decision } from './decisions';
import { MoneyDetailView } from './detail/money-detail-view';
import { moneyDetailQuery } from './api/get-money-detail';
import { RowDecisions } from './row-decisions';

/** The kinds of money item a detail can show. */
export type MoneyKind = MoneyDetailKind;

/**
 * One item's detail beside its list (the whole detail view) with the decisions open to the
 * viewer; decisions use the detail's fresh row once it has loaded, the list's row until then.
 */
export function MoneyDetailDrawer<Row extends { id: string }>({
  kind,
  row: listRow,
  schema,
  timeZone,
  decisions,
  onDecide,
  onClose,
}: {
  kind: MoneyKind;
  row: Row;
  schema: z.ZodObject;
  timeZone: TimezoneChoice;
  decisions: readonly Decision<Row>[];
  onDecide: (decision: Decision<Row>, row: Row) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(moneyDetailQuery(kind, listRow.id));
  const row = (query.data?.row as Row | undefined) ?? listRow;
  return (
    <Dialog
      variant="drawer"
      title={
        <>
          {t(`money.kind.${kind}`)} <bdi className="font-monospace small">{row.id}</bdi>
        </>
      }
      onClose={onClose}
      testId="money-detail"
      footer={
        decisions.some((d) => d.appliesTo(row)) ? (
          <RowDecisions
            row={row}
            decisions={decisions}
            onDecide={(decision) => onDecide(decision, row)}
            size="md"
          />
        ) : undefined
      }
    >
      <MoneyDetailView query={query} schema={schema} timeZone={timeZone} />
    </Dialog>
  );
}
