import type { z } from 'zod';
import type { importSandboxStatement } from '@bo/contract';
import {
  DEFAULT_PLANT_RATES,
  SANDBOX_STATEMENT_FORMAT,
  writeSandboxStatement,
  type PlantRates,
  type SandboxStatementEntry,
} from '../../connectors/sandbox/sandbox-statement';
import { badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Db } from '../../db/db';
import type { GatewayRow } from '../gateways/gateways.service';
import { ourTransactions } from './recon-matching';
import { gatewayOf, importStatement, periodOf, type RunSummary } from './reconciliation.service';

type SandboxInput = z.output<typeof importSandboxStatement.request>;

/** The rates a request asks for (percent), each defaulting to the sandbox's own. */
function ratesOf(input: SandboxInput): PlantRates {
  const rate = (text: string | undefined, fallback: number) =>
    text === undefined ? fallback : Number(text) / 100;
  const d = DEFAULT_PLANT_RATES;
  return {
    missing: rate(input.missingRate, d.missing),
    extra: rate(input.extraRate, d.extra),
    amount: rate(input.amountRate, d.amount),
    status: rate(input.statusRate, d.status),
    fee: rate(input.feeRate, d.fee),
    duplicate: rate(input.duplicateRate, d.duplicate),
    late: rate(input.lateRate, d.late),
  };
}

/** Our transactions of the gateway and period, as the sandbox writes them. */
async function* entriesOf(
  db: Db,
  gatewayId: string,
  period: { from: Date; to: Date },
): AsyncGenerator<SandboxStatementEntry[]> {
  for await (const chunk of ourTransactions(db, gatewayId, period.from, period.to))
    yield chunk.map((t) => ({
      kind: t.kind,
      id: t.id,
      reference: t.reference,
      orderId: t.order_id,
      currency: t.currency,
      amount: t.amount,
      fee: t.fee,
      status: t.status,
      at: t.created_at,
    }));
}

/** The sandbox's statement of a gateway and period (its text and what it planted). */
export function sandboxStatementOf(
  db: Db,
  gateway: Pick<GatewayRow, 'id'>,
  period: { from: Date; to: Date },
  seed: number,
  rates: PlantRates,
) {
  return writeSandboxStatement(entriesOf(db, gateway.id, period), { seed, rates });
}

/**
 * Has the sandbox write its statement of the period and imports it with the sandbox's own
 * column map, as an upload of that file would be (sandbox gateways only).
 */
export async function importSandbox(
  ctx: UserCallContext,
  input: SandboxInput,
): Promise<RunSummary> {
  const gateway = await gatewayOf(ctx.db, input.gatewayId);
  if (gateway.connector !== 'sandbox')
    throw badInput(
      `${gateway.payment_gateway_code} is not a sandbox gateway: upload its statement`,
    );
  const period = periodOf(input);
  const statement = sandboxStatementOf(ctx.db, gateway, period, input.seed, ratesOf(input));
  const day = period.from.toISOString().slice(0, 10);
  return importStatement(ctx, gateway, SANDBOX_STATEMENT_FORMAT, period, {
    fileName: `sandbox-${gateway.payment_gateway_code}-${day}-seed${input.seed}.csv`,
    source: 'sandbox',
    bytes: statement.text,
  });
}
