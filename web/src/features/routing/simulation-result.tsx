import { useTranslation } from 'react-i18next';
import { FiguresTable, percentOrDash } from '../../ui/figures-table';
import {
  formatCount,
  formatMoney,
  type RoutingSimulation,
  type SimulatedDirection,
} from '@bo/contract';

/** The figure columns after the gateway's (`routing.simulation.<column>`), in pairs: then → now. */
const COLUMNS = [
  'actualShare',
  'simulatedShare',
  'actualSuccess',
  'expectedSuccess',
  'actualCost',
  'simulatedCost',
] as const;

/**
 * What a simulation found (issue 43, "Simulation"): how many past pay-ins or pay-outs (the
 * profile's `direction`) the profile would have routed and moved, the success rate and the
 * platform's gateway cost then and with the profile, and per gateway its share, success and
 * cost, what happened beside what would have.
 */
export function SimulationResult({
  result,
  direction,
  currency,
  days,
}: {
  result: RoutingSimulation;
  direction: SimulatedDirection;
  currency: string;
  days: number;
}) {
  const { t } = useTranslation();
  if (result.payments === 0)
    return (
      <p className="text-muted" data-testid="routing-simulation-empty">
        {t(`routing.simulation.none.${direction}`, { days })}
      </p>
    );
  return (
    <div data-testid="routing-simulation">
      <p className="mb-1" data-testid="routing-simulation-summary">
        {t(`routing.simulation.summary.${direction}`, {
          days,
          payments: formatCount(result.payments),
          moved: formatCount(result.moved),
        })}
      </p>
      <p className="mb-2 small">
        {t('routing.simulation.totals', {
          actualSuccess: percentOrDash(result.actual_success_rate),
          expectedSuccess: percentOrDash(result.expected_success_rate),
          actualCost: formatMoney(result.actual_cost, currency),
          simulatedCost: formatMoney(result.simulated_cost, currency),
          currency,
        })}
      </p>
      <FiguresTable
        caption={t('routing.simulation.caption', { days })}
        rowHeader={t('routing.simulation.gateway')}
        columns={COLUMNS.map((c) => t(`routing.simulation.${c}`))}
      >
        {result.gateways.map((g) => (
          <tr
            key={g.payment_gateway_code}
            data-testid={`routing-simulation-${g.payment_gateway_code}`}
          >
            <th scope="row" className="fw-medium text-nowrap">
              <bdi>{g.payment_gateway_code}</bdi>
            </th>
            <td className="text-end">{percentOrDash(g.actual_share)}</td>
            <td className="text-end" data-testid="simulated-share">
              {percentOrDash(g.simulated_share)}
            </td>
            <td className="text-end">{percentOrDash(g.actual_success_rate)}</td>
            <td className="text-end">{percentOrDash(g.expected_success_rate)}</td>
            <td className="text-end">
              <bdi>{formatMoney(g.actual_cost, currency)}</bdi>
            </td>
            <td className="text-end">
              <bdi>{formatMoney(g.simulated_cost, currency)}</bdi>
            </td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}
