import { networkInterfaces } from 'node:os';
import {
  CURRENCIES,
  formatPercentPpm,
  type CallResponse,
  type getTechnicalInformation,
} from '@bo/contract';
import { outcomeByAmount } from '../../connectors/sandbox/sandbox-gateway';
import type { CallContext } from '../../core/context';
import { findActiveGateways } from '../gateways/gateways.service';
import { NOTIFY_TIMEOUT_MS } from '../merchant-notifications/merchant-notifications.service';

type TechnicalInformation = CallResponse<typeof getTechnicalInformation>;

/**
 * The amount endings the sandbox answers by itself, read from its own rule (minor units
 * modulo 100), so the page never tells a rule the gateway doesn't follow.
 */
function sandboxAmountRules(): TechnicalInformation['sandbox']['amount_rules'] {
  const rules: TechnicalInformation['sandbox']['amount_rules'] = [];
  for (let tail = 0n; tail < 100n; tail++) {
    const outcome = outcomeByAmount(tail);
    if (outcome) rules.push({ minor_units_ending: String(tail).padStart(2, '0'), outcome });
  }
  return rules;
}

/**
 * The addresses merchant notifications leave from: this server's own non-internal network
 * addresses. Behind a NAT or proxy the address the merchant sees may differ.
 */
function serverAddresses(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal)
    .map((i) => i!.address);
  return [...new Set(addresses)].sort();
}

/** What the technical information page shows of the server's configuration and sandbox. */
export async function readTechnicalInformation(ctx: CallContext): Promise<TechnicalInformation> {
  const gateways = await findActiveGateways(
    ctx.db,
    CURRENCIES.map((c) => c.code),
  );
  return {
    merchant_api_path: '/api/v1',
    openapi_path: '/api/v1/openapi.json',
    sandbox: {
      auto_pay: ctx.config.sandboxAutoPay,
      payment_page_path: '/sandbox/pay/{id}',
      amount_rules: sandboxAmountRules(),
      gateways: gateways
        .filter((g) => g.connector === 'sandbox')
        .map((g) => ({
          payment_gateway_code: g.payment_gateway_code,
          currency: g.currency,
          success_rate_percent: formatPercentPpm(g.sandbox_success_ppm),
          latency_ms: ctx.config.sandboxLatencyMs ?? g.sandbox_latency_ms,
        })),
    },
    callbacks: {
      source_addresses: serverAddresses(),
      max_attempts: ctx.config.notifyMaxAttempts,
      timeout_ms: NOTIFY_TIMEOUT_MS,
    },
  };
}
