import {
  chargeOf,
  formatAmount,
  successPercent,
  type RoutingSimulation,
  type RoutingSimulationGateway,
} from '@bo/contract';
import { countStatus, noCounts, type GatewayCounts } from '../routing/gateway-counts';
import type { HourlyRates } from './simulation-rates';
import type { PastPayment, SimulatedGateway } from './routing-simulation.queries';
import type { SimulatedKind } from './simulated-kind';

interface GatewaySums {
  /** What actually happened, counted as routing counts (the kind's rule). */
  actual: GatewayCounts;
  actualCost: bigint;
  simulated: number;
  simulatedCost: bigint;
  expectedSum: number;
  expectedCount: number;
}

const emptySums = (): GatewaySums => ({
  actual: noCounts(),
  actualCost: 0n,
  simulated: 0,
  simulatedCost: 0n,
  expectedSum: 0,
  expectedCount: 0,
});

const percent = (part: number, total: number) => (total > 0 ? successPercent(part, total) : null);
const expectedPercent = (sum: number, count: number) =>
  count > 0 ? ((sum * 100) / count).toFixed(2) : null;

/**
 * What a simulation adds up, payment by payment: per gateway, what actually happened (count,
 * finished, successes, the gateway cost charged) and what the profile would have done (count,
 * the cost at the gateway's rates in the kind's direction, the success expected from its
 * observed hour).
 */
export class SimulationTally {
  private readonly sums = new Map<string, GatewaySums>();
  private readonly byId: ReadonlyMap<string, SimulatedGateway>;
  private payments = 0;
  private moved = 0;

  constructor(
    private readonly kind: SimulatedKind,
    private readonly gateways: readonly SimulatedGateway[],
    private readonly rates: HourlyRates,
  ) {
    for (const g of gateways) this.sums.set(g.id, emptySums());
    this.byId = new Map(gateways.map((g) => [g.id, g]));
  }

  add(p: PastPayment, chosenId: string | null): void {
    this.payments += 1;
    if (chosenId !== p.gateway_id) this.moved += 1;
    const actual = p.gateway_id ? this.sums.get(p.gateway_id) : undefined;
    if (actual) {
      countStatus(this.kind.kind, actual.actual, p.status);
      actual.actualCost += p.gateway_cost;
    }
    const gateway = chosenId ? this.byId.get(chosenId) : undefined;
    const simulated = gateway && this.sums.get(gateway.id);
    if (!gateway || !simulated) return;
    simulated.simulated += 1;
    simulated.simulatedCost += chargeOf(p.amount, gateway.cost);
    const expected = this.rates.successIn(gateway.id, p.created_at);
    if (expected !== null) {
      simulated.expectedSum += expected;
      simulated.expectedCount += 1;
    }
  }

  result(currency: string, from: Date, to: Date): RoutingSimulation {
    const all = [...this.sums.values()];
    const total = (pick: (s: GatewaySums) => number) => all.reduce((n, s) => n + pick(s), 0);
    const cost = (pick: (s: GatewaySums) => bigint) => all.reduce((n, s) => n + pick(s), 0n);
    const actualPayments = total((s) => s.actual.created);
    const simulatedPayments = total((s) => s.simulated);
    const gateways: RoutingSimulationGateway[] = this.gateways.map((g) => {
      const s = this.sums.get(g.id)!;
      return {
        payment_gateway_code: g.code,
        actual_payments: s.actual.created,
        actual_share: percent(s.actual.created, actualPayments),
        actual_success_rate: percent(s.actual.succeeded, s.actual.finished),
        actual_cost: formatAmount(s.actualCost, currency),
        simulated_payments: s.simulated,
        simulated_share: percent(s.simulated, simulatedPayments),
        expected_success_rate: expectedPercent(s.expectedSum, s.expectedCount),
        simulated_cost: formatAmount(s.simulatedCost, currency),
      };
    });
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      payments: this.payments,
      moved: this.moved,
      actual_success_rate: percent(
        total((s) => s.actual.succeeded),
        total((s) => s.actual.finished),
      ),
      expected_success_rate: expectedPercent(
        total((s) => s.expectedSum),
        total((s) => s.expectedCount),
      ),
      actual_cost: formatAmount(
        cost((s) => s.actualCost),
        currency,
      ),
      simulated_cost: formatAmount(
        cost((s) => s.simulatedCost),
        currency,
      ),
      gateways,
    };
  }
}
