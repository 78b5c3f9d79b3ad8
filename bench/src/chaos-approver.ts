import type { Queryable } from '../../server/src/db/db';
import { backOfficeCall } from './chaos-world';
import type { SoakUser } from './soak-world';

const ROUND_MS = 1_000;

/**
 * The back office's reviewers in the chaos run: each round, the refunds of the run waiting for
 * approval (read from the database) are approved by two admins in turn through the back
 * office's `approveRefund`, as maker-checker needs; a call that fails (a fault) is tried again
 * next round, and an admin's second approval of the same refund is refused by the product.
 */
export class ChaosApprover {
  private stopped = false;
  private loop: Promise<void> | null = null;
  /** Approval calls sent, answered 200, and the other answers by kind. */
  sent = 0;
  approved = 0;
  readonly refused = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly base: () => string,
    private readonly admins: readonly SoakUser[],
    private readonly prefix: string,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.round().catch(() => undefined);
        await new Promise((r) => setTimeout(r, ROUND_MS));
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  private async round() {
    const { rows } = await this.db.query<{ id: string; approvers: string[] }>(
      `SELECT f.id::text,
              array(SELECT a.account_db_code FROM approvals ap
                      JOIN accounts a ON a.id = ap.approver_account_id
                     WHERE ap.ref_id = f.id) AS approvers
         FROM refunds f
        WHERE f.status = 'pending_approval' AND f.merchant_refund_id LIKE $1`,
      [`${this.prefix}-%`],
    );
    for (const refund of rows) {
      const admin = this.admins.find((u) => !refund.approvers.includes(u.accountDbCode));
      if (admin) await this.approve(admin, refund.id);
    }
  }

  private async approve(admin: SoakUser, id: string) {
    this.sent++;
    const answer = await backOfficeCall(this.base(), admin, 'approveRefund', { id });
    if (answer.http === 200) this.approved++;
    else {
      const what = `${answer.http || answer.failure}`;
      this.refused.set(what, (this.refused.get(what) ?? 0) + 1);
    }
  }
}
