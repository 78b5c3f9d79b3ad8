import pg from 'pg';
import { postJson } from './http-ingest';
import { insertPlatformProfile } from './routing-world';
import type { SoakUser } from './soak-world';

/*
 * `SOAK_GATEWAY_FAULTS=1 npm run bench:soak` (issue 43: "ledger:check is clean after a soak
 * that fails and recovers gateways under load"): both THB sandbox gateways active, a platform
 * pay-in profile that splits between them and then sorts by success rate over one minute, and
 * during the soak window an admin failing and recovering each gateway in turn through
 * `setSandboxBehaviour`, as the payment gateway screen's control does: paying 20 %, then down
 * (refusing every hand-over: routing's fallback at hand-over takes the pay-ins), then back.
 */

const GATEWAYS = ['SBX-THB-1', 'SBX-THB-2'] as const;

const PROFILE = {
  steps: [
    {
      split: [
        { gateway: GATEWAYS[0], percent: 50 },
        { gateway: GATEWAYS[1], percent: 50 },
      ],
    },
    { successRate: { windowMinutes: 1, explorePercent: 10, minAttempts: 20 } },
  ],
};

/** One step of the schedule: how one gateway behaves from then on. */
interface Fault {
  readonly gateway: (typeof GATEWAYS)[number];
  readonly successPercent: string;
  readonly down: boolean;
  readonly what: string;
}

const SCHEDULE: readonly Fault[] = GATEWAYS.flatMap((gateway) => [
  { gateway, successPercent: '20', down: false, what: `${gateway} pays 20 %` },
  { gateway, successPercent: '20', down: true, what: `${gateway} down (refuses hand-overs)` },
  { gateway, successPercent: '100', down: false, what: `${gateway} back (pays 100 %)` },
]);

/**
 * Turns the soak's database into a routed one: SBX-THB-2 active beside SBX-THB-1 (the bench
 * world keeps one THB gateway), the profile above in force for the platform's THB pay-ins.
 * Answers the gateways' ids by code.
 */
export async function prepareGatewayFaults(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE payment_gateways SET status = 'activated' WHERE payment_gateway_code = ANY($1::text[])`,
      [GATEWAYS],
    );
    await insertPlatformProfile(client, 'THB', PROFILE, 'soak: gateway faults');
    const { rows } = await client.query<{ id: string; code: string }>(
      `SELECT id, payment_gateway_code AS code FROM payment_gateways
        WHERE payment_gateway_code = ANY($1::text[])`,
      [GATEWAYS],
    );
    return new Map(rows.map((r) => [r.code, r.id]));
  } finally {
    await client.end();
  }
}

/** A fault as it was set: when (seconds into the window), and the call's answer (its envelope's status, or why none). */
export interface FaultDone {
  readonly at: number;
  readonly what: string;
  readonly answered: string;
}

/** The envelope's status of a back-office answer, or its HTTP status when it has none. */
function answerOf(answer: { status: number; text: string }): string {
  try {
    const envelope = JSON.parse(answer.text) as { status?: number; message?: string };
    return envelope.status === 200 ? '200' : `${envelope.status} ${envelope.message ?? ''}`;
  } catch {
    return `HTTP ${answer.status}`;
  }
}

/**
 * Runs the schedule over `seconds`, one step every `seconds / steps` (the first at once), as
 * `admin`, and leaves every gateway healthy at the end. Answers what was set and when.
 */
export async function runGatewayFaults(
  base: string,
  admin: SoakUser,
  ids: ReadonlyMap<string, string>,
  seconds: number,
): Promise<FaultDone[]> {
  const started = performance.now();
  const done: FaultDone[] = [];
  const set = async (fault: Fault) => {
    const body = JSON.stringify({
      accessToken: admin.accessToken,
      accessUsername: admin.accessUsername,
      id: ids.get(fault.gateway),
      successPercent: fault.successPercent,
      latencyMs: '0',
      refusesHandOvers: fault.down,
      paysAlone: false,
      reason: `soak: ${fault.what}`,
    });
    const answer = await postJson(base, '/controller/admin/setSandboxBehaviour', body);
    done.push({
      at: (performance.now() - started) / 1000,
      what: fault.what,
      answered: answerOf(answer),
    });
  };
  const stepMs = (seconds * 1000) / SCHEDULE.length;
  for (const [i, fault] of SCHEDULE.entries()) {
    const due = started + i * stepMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await set(fault);
  }
  return done;
}

/** What routing did with the soak's pay-ins: per gateway and status, and the fallbacks. */
export async function readRoutedFigures(url: string, prefix: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const byGateway = await client.query<{ code: string; status: string; n: number }>(
      `SELECT g.payment_gateway_code AS code, p.status, count(*)::int AS n
         FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
        WHERE p.order_id LIKE $1 || '%' GROUP BY 1, 2 ORDER BY 1, 2`,
      [prefix],
    );
    const fallbacks = await client.query<{ why: string; n: number }>(
      `SELECT coalesce(r -> 'values' ->> 'why', r ->> 'key') AS why, count(*)::int AS n
         FROM payins p JOIN routing_decisions d ON d.ref_id = p.id,
              jsonb_array_elements(d.reasons) r
        WHERE p.order_id LIKE $1 || '%' AND d.by_fallback AND r ->> 'key' = 'skipped'
        GROUP BY 1 ORDER BY 1`,
      [prefix],
    );
    return { byGateway: byGateway.rows, fallbacks: fallbacks.rows };
  } finally {
    await client.end();
  }
}
