import { randomUUID } from 'node:crypto';
import { drawPpm, sandboxCallbackBody } from '../../server/src/connectors/sandbox/sandbox-gateway';
import { settleSandboxPayment } from '../../server/src/connectors/sandbox/sandbox.queries';
import { sandboxDeliveryHeaders } from '../../server/src/connectors/sandbox/sandbox-signature';
import { seededStream } from '../../server/src/core/seeded-random';
import type { Db } from '../../server/src/db/db';
import { postForChaos } from './chaos-http';

/** How the courier treats the callbacks it schedules while a fault of its kind lasts. */
export type CourierFault = 'callback_twice' | 'callback_late' | 'callback_early';

/** The share of payments the chaos gateway pays (the rest fail), drawn from each reference. */
const PAID_PPM = 900_000;
const POLL_MS = 200;
/** About three minutes of tries (5 s apart once the back-off is full). */
const GIVE_UP_AFTER_TRIES = 40;

interface PendingPayment {
  reference: string;
  gateway_code: string;
  kind: 'payin' | 'payout' | 'refund';
  merchant_ref: string;
}

/**
 * The payment gateway, played by the run rather than by the product's own sandbox timers (a
 * killed instance would take those with it): it finds the payments handed to the sandbox
 * (`sandbox_payments` still pending), decides each after a seeded delay (nine in ten paid),
 * settles it in the sandbox's table and posts the signed callback to the product until one is
 * answered 2xx, each try a new delivery. Under a fault it delivers twice, late (5 to 30 s), or
 * as soon as it sees the payment.
 */
export class ChaosCourier {
  private readonly draw: () => number;
  private readonly seen = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly paid: string[] = [];
  private fault: CourierFault | null = null;
  private polling: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Callbacks posted (tries included), deliveries answered 2xx, and those given up on. */
  posted = 0;
  delivered = 0;
  undelivered = 0;

  constructor(
    /** The run's database (`openPostgres`): the sandbox's table, as the gateway keeps it. */
    private readonly db: Db,
    seed: number,
    private readonly base: () => string,
    private readonly secret: string,
  ) {
    this.draw = seededStream(seed, 'courier');
  }

  start(): void {
    const poll = async () => {
      try {
        await this.pickUp();
      } catch {
        // the database is away for a moment (a fault): the next poll finds the same payments
      }
      if (!this.stopped) this.polling = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
  }

  setFault(fault: CourierFault | null): void {
    this.fault = fault;
  }

  /** The next pay-in the gateway paid and the product acknowledged, oldest first. */
  nextPaidPayin(): string | undefined {
    return this.paid.shift();
  }

  /** Waits for every scheduled callback to be delivered, then stops polling. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.polling) clearTimeout(this.polling);
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async pickUp() {
    const { rows } = await this.db.query<PendingPayment>(
      `SELECT reference, gateway_code, kind, merchant_ref::text FROM sandbox_payments
        WHERE status = 'pending' AND kind IN ('payin', 'payout', 'refund')`,
    );
    for (const p of rows) {
      if (this.seen.has(p.reference)) continue;
      this.seen.add(p.reference);
      const job = this.deliver(p, this.fault).finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    }
  }

  private delayOf(fault: CourierFault | null): number {
    if (fault === 'callback_early') return 0;
    if (fault === 'callback_late') return 5_000 + this.draw() * 25_000;
    return 300 + this.draw() * 1_700;
  }

  private async deliver(p: PendingPayment, fault: CourierFault | null) {
    await new Promise((r) => setTimeout(r, this.delayOf(fault)));
    const outcome = drawPpm(p.reference) < PAID_PPM ? 'success' : 'failed';
    for (;;) {
      try {
        if (!(await settleSandboxPayment(this.db, p.reference, outcome))) return;
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
    const copies = fault === 'callback_twice' ? 2 : 1;
    for (let attempt = 0; ; attempt++) {
      const answers = await Promise.all(
        Array.from({ length: copies }, () => {
          const body = sandboxCallbackBody(p, outcome, { delivery_id: randomUUID() });
          this.posted++;
          return postForChaos(
            this.base(),
            '/gateway-callbacks/sandbox',
            body,
            sandboxDeliveryHeaders(this.secret, body),
          );
        }),
      );
      if (answers.some((a) => a.http >= 200 && a.http < 300)) {
        this.delivered++;
        if (p.kind === 'payin' && outcome === 'success') this.paid.push(p.merchant_ref);
        return;
      }
      if (attempt >= GIVE_UP_AFTER_TRIES) {
        this.undelivered++;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)));
    }
  }
}
