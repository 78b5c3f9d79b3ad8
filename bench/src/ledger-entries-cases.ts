import type { FastifyInstance } from 'fastify';
import { getLedgerEntries, type AccountType } from '@bo/contract';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-accounts';
import { callData, signInForBench, timeCall } from './call-timer';
import { lastZoneDays } from './zone-days';

/**
 * The entries view's page at scale (issue 44, `BENCH_ONLY=entries npm run bench:reports`): the
 * big merchant's THB money (MER00001, over a million entries a year at 10 M pay-ins), as each
 * role opens it from a figure, over the last 30 and 365 days: the first page of every kind, the
 * last page (read backwards from the period's end), one common kind (pay-ins: the other
 * accounts of the owner hold none), and a kind the account never had (a write-off: the page walks the whole period to find none, the worst case
 * docs/money.md names). Its first page is held to the reports' targets (100 ms over 30 days,
 * 300 ms over 365).
 */
const TARGET_MS = { 30: 100, 365: 300 } as const;
const PAGE_SIZE = 25;

interface EntriesCase {
  readonly label: string;
  readonly kinds?: string;
  readonly lastPage?: boolean;
}
const CASES: readonly EntriesCase[] = [
  { label: 'every kind, first page' },
  { label: 'every kind, last page', lastPage: true },
  { label: 'pay-ins only', kinds: 'payin.success' },
  { label: 'a kind it never had', kinds: 'reconciliation.write_off' },
];

const ROLES: readonly { role: AccountType; email: string }[] = [
  { role: 'admin', email: 'admin@demo.test' },
  { role: 'reseller', email: 'reseller@demo.test' },
  { role: 'merchant', email: 'merchant@demo.test' },
];

/** Times every case for every role; prints p50 and p95 against the target, and the rows. */
export async function measureLedgerEntries(
  app: FastifyInstance,
  merchantId: string,
  iterations: number,
  warmUp: number,
  log: (line: string) => void,
): Promise<void> {
  log(
    `\nThe entries view of MER00001 in THB (getLedgerEntries): ${iterations} calls after ${warmUp}`,
  );
  let missed = 0;
  for (const { role, email } of ROLES) {
    const auth = await signInForBench(app, email, DEMO_PASSWORD);
    for (const days of [30, 365] as const) {
      for (const c of CASES) {
        const fields: Record<string, string> = {
          ...auth,
          currency: 'THB',
          timeZone: 'Default',
          ...(role === 'merchant' ? {} : { ownerId: merchantId }),
          ...(c.kinds ? { kinds: c.kinds } : {}),
          ...lastZoneDays(days, 0),
          page: '1',
          pageSize: String(PAGE_SIZE),
        };
        const first = await callData<{ total: number }>(app, getLedgerEntries.name, fields);
        if (c.lastPage) fields.page = String(Math.max(1, Math.ceil(first.total / PAGE_SIZE)));
        const timing = await timeCall(app, getLedgerEntries.name, fields, iterations, warmUp);
        const met = timing.p95 <= TARGET_MS[days];
        if (!met) missed++;
        log(
          `  ${role.padEnd(9)} ${`${days} days`.padEnd(8)} ${c.label.padEnd(24)} p50 ${timing.p50.toFixed(1).padStart(7)} ms, p95 ${timing.p95.toFixed(1).padStart(7)} ms  ≤ ${TARGET_MS[days]} ${met ? 'MET' : 'MISSED'}; ${first.total.toLocaleString('en')} entries, page ${fields.page}`,
        );
      }
    }
  }
  log(missed ? `  ${missed} case(s) missed their target` : '  every case met its target');
}
