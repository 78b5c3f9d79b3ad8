import type { GatewayRate } from '../routing/routing-decide';

const HOUR_MS = 3_600_000;

/** The hour (since the epoch) an instant falls in, as `findHourlyOutcomes` counts them. */
export const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR_MS);

/** Finished payments per gateway and hour: what a simulation reads success rates from. */
export interface HourlyOutcome {
  readonly gateway_id: string;
  readonly hour: number;
  readonly success: number;
  readonly unsuccessful: number;
}

/**
 * Each gateway's observed success per hour, and over the whole period. A simulation reads two
 * things of it: the rate a success-rate step would have seen before a payment (`rateBefore`: the
 * whole hours its window reaches back over, or the hour before when the window is shorter) and
 * the rate the chosen gateway had in the payment's own hour (`rateIn`; the period's when that
 * hour has none), which is the success the simulation expects of it.
 */
export class HourlyRates {
  private readonly byGateway = new Map<string, Map<number, GatewayRate>>();
  private readonly overall = new Map<string, GatewayRate>();

  constructor(outcomes: readonly HourlyOutcome[]) {
    for (const o of outcomes) {
      const rate = { attempts: o.success + o.unsuccessful, successes: o.success };
      let hours = this.byGateway.get(o.gateway_id);
      if (!hours) this.byGateway.set(o.gateway_id, (hours = new Map()));
      hours.set(o.hour, rate);
      const sum = this.overall.get(o.gateway_id) ?? { attempts: 0, successes: 0 };
      this.overall.set(o.gateway_id, {
        attempts: sum.attempts + rate.attempts,
        successes: sum.successes + rate.successes,
      });
    }
  }

  /** The finished payments of the whole hours before `at` that a window of `minutes` reaches. */
  rateBefore(gatewayId: string, at: Date, minutes: number): GatewayRate | undefined {
    const hours = this.byGateway.get(gatewayId);
    if (!hours) return undefined;
    const last = hourOf(at) - 1;
    const first = Math.min(last, hourOf(new Date(at.getTime() - minutes * 60_000)));
    let attempts = 0;
    let successes = 0;
    for (let h = first; h <= last; h++) {
      const rate = hours.get(h);
      if (!rate) continue;
      attempts += rate.attempts;
      successes += rate.successes;
    }
    return attempts ? { attempts, successes } : undefined;
  }

  /** The gateway's success in `at`'s hour as a fraction; the period's without one; else null. */
  successIn(gatewayId: string, at: Date): number | null {
    const rate = this.byGateway.get(gatewayId)?.get(hourOf(at)) ?? this.overall.get(gatewayId);
    return rate && rate.attempts ? rate.successes / rate.attempts : null;
  }
}
