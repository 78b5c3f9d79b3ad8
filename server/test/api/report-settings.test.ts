import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMN_SETTINGS, REPORT_IDS } from '@bo/contract';
import { seedDemoMoney } from '../../src/seed/demo-money';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  RESELLER,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

/**
 * Report settings (/report-setting): every report reader reads the defaults, only admins with
 * the administrator module change them; each save is checked against the contract's table of
 * optional columns, logged before and after, and the default zone is the one every report
 * reads its days in when the request names none.
 */
let t: MoneyApp;

interface Settings {
  default_time_zone: string;
  reports: { report: string; columns: { id: string; shown: boolean }[] }[];
}
interface ReportAnswer {
  rows: Record<string, unknown>[];
  totals: Record<string, unknown>[];
  period: { from_day: string; to_day: string; time_zone: string };
}

const read = async (who = ADMIN) => {
  const answer = await t.as<Settings>(who, 'getReportSettings');
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
};
const update = (fields: Record<string, string>, who = ADMIN) =>
  t.as<Settings>(who, 'updateReportSettings', fields);
const logs = () => loggedActions(t.db, 'report_settings.update');
const hiddenOf = (settings: Settings) =>
  settings.reports.flatMap((r) =>
    r.columns.filter((c) => !c.shown).map((c) => `${r.report}.${c.id}`),
  );

const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const dayBefore = (n: number) =>
  new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const PERIOD = { from: `${dayBefore(4)}T12:00:00Z`, to: `${dayBefore(0)}T12:00:00Z` };

beforeAll(async () => {
  t = await startMoneyApp();
  // Enough pay-ins that every lane can fund the demo queues whatever day the test runs on.
  await seedDemoMoney(t.db, { days: 5, payinsPerDay: 40, today });
}, 300_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('getReportSettings', () => {
  it('answers every report with all its optional columns shown and the Default zone at first', async () => {
    const settings = await read();
    expect(settings.default_time_zone).toBe('Default');
    expect(settings.reports.map((r) => r.report)).toEqual(REPORT_IDS);
    for (const r of settings.reports) {
      const optional = REPORT_COLUMN_SETTINGS[r.report as keyof typeof REPORT_COLUMN_SETTINGS];
      expect(r.columns).toEqual(optional.optional.map((id) => ({ id, shown: true })));
    }
  });

  it('is read by every report reader: merchants, their sub-accounts, resellers', async () => {
    for (const who of [MERCHANT, SUB, RESELLER, ADMIN2])
      expect({ who, status: (await t.as(who, 'getReportSettings')).status }).toEqual({
        who,
        status: 200,
      });
    expect((await t.call('getReportSettings')).status).toBe(440);
  });
});

describe('updateReportSettings', () => {
  it('refuses merchants, resellers and admins without the administrator module', async () => {
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
         AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [ADMIN2],
    );
    const fields = { defaultTimeZone: 'India', hiddenColumns: 'profitReport.payin_fee' };
    for (const who of [MERCHANT, SUB, RESELLER, ADMIN2])
      expect({ who, status: (await update(fields, who)).status }).toEqual({ who, status: 403 });
    expect((await t.call('updateReportSettings', fields)).status).toBe(440);
    expect((await read()).default_time_zone).toBe('Default');
    expect(await logs()).toHaveLength(0);
  });

  it('refuses a bad zone or column with a 400 naming the field, changing nothing', async () => {
    const before = await read();
    const cases: [Record<string, string>, string][] = [
      [
        { defaultTimeZone: 'Mars', hiddenColumns: '' },
        'defaultTimeZone must be one of Default, Malaysia, India, Vietnam, Thailand, Brazil, Australia',
      ],
      [
        { hiddenColumns: 'profitReport.payin_fee' },
        'defaultTimeZone must be one of Default, Malaysia, India, Vietnam, Thailand, Brazil, Australia',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'weeklyReport.payin_fee' },
        'hiddenColumns names an unknown report: weeklyReport',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'constructor.payin_fee' },
        'hiddenColumns names an unknown report: constructor',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'profitReport.payin_tip' },
        'hiddenColumns names an unknown column of profitReport: payin_tip',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'profitReport.currency' },
        'hiddenColumns names currency, which is not an optional column of profitReport',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'merchantBalanceSettlement.difference' },
        'hiddenColumns names difference, which is not an optional column of merchantBalanceSettlement',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'contractAccLedger.owner_db_code' },
        'hiddenColumns names owner_db_code, which is not an optional column of contractAccLedger',
      ],
      [
        { defaultTimeZone: 'India', hiddenColumns: 'profitReport' },
        'hiddenColumns must name report.column pairs such as profitReport.payin_fee, not profitReport',
      ],
      // One bad entry refuses the whole change, the good one included.
      [
        {
          defaultTimeZone: 'India',
          hiddenColumns: 'profitReport.payin_fee,dailyEarningReport.day',
        },
        'hiddenColumns names day, which is not an optional column of dailyEarningReport',
      ],
    ];
    for (const [fields, message] of cases) {
      const answer = await update(fields);
      expect({ fields, status: answer.status, message: answer.message }).toEqual({
        fields,
        status: 400,
        message,
      });
    }
    expect(await read()).toEqual(before);
    expect(await logs()).toHaveLength(0);
  });

  it('saves the zone and the hidden columns, logs before and after, and everyone reads them', async () => {
    const saved = await update({
      defaultTimeZone: 'India',
      hiddenColumns:
        'dailyTransactionsReport.payin_failed_count, profitReport.payout_fee,profitReport.payout_fee,contractAccLedger.ref_id',
    });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.default_time_zone).toBe('India');
    const hidden = [
      'profitReport.payout_fee',
      'dailyTransactionsReport.payin_failed_count',
      'contractAccLedger.ref_id',
    ];
    expect(hiddenOf(saved.data)).toEqual(hidden);
    expect(await read(MERCHANT)).toEqual(saved.data);
    expect(await logs()).toEqual([
      expect.objectContaining({
        actor_username: 'admin',
        outcome: 'success',
        target_id: 'default_time_zone,profitReport,dailyTransactionsReport,contractAccLedger',
        before: { default_time_zone: 'Default', hidden_columns: {} },
        after: {
          default_time_zone: 'India',
          hidden_columns: {
            profitReport: ['payout_fee'],
            dailyTransactionsReport: ['payin_failed_count'],
            contractAccLedger: ['ref_id'],
          },
        },
      }),
    ]);
    // Saving the same again changes nothing and logs nothing.
    const again = await update({ defaultTimeZone: 'India', hiddenColumns: hidden.join(',') });
    expect(again.data).toEqual(saved.data);
    expect(await logs()).toHaveLength(1);
    // A list sent as JSON (an array) is read too; a change of one report names only it.
    const json = await t.call<Settings>(
      'updateReportSettings',
      {
        ...(await t.signIn(ADMIN)),
        defaultTimeZone: 'India',
        hiddenColumns: [...hidden, 'merchantStatement.top_ups'],
      } as unknown as Record<string, string>,
      { encoding: 'json' },
    );
    expect(json.status, json.message).toBe(200);
    expect(hiddenOf(json.data)).toContain('merchantStatement.top_ups');
    const second = (await logs())[1]!;
    expect(second.target_id).toBe('merchantStatement');
  });
});

describe('the default report zone', () => {
  /** The calls of every report, with the fields each needs besides the period. */
  async function everyReport(): Promise<[string, string, Record<string, string>][]> {
    const contracts = await t.as<{ rows: { contract_id: string; merchant_id: string }[] }>(
      ADMIN,
      'getLedgerContracts',
    );
    const contract = contracts.data.rows[0]!;
    const reseller = await t.accountId('RES00001');
    return [
      [ADMIN, 'getProfitReport', {}],
      [ADMIN, 'getDetailedProfitReport', { id: reseller }],
      [ADMIN, 'getDailyTransactionsReport', {}],
      [ADMIN, 'getDailyEarningReport', {}],
      [ADMIN, 'getMerchantBalanceSettlement', {}],
      [ADMIN, 'getResellerBalanceSettlement', {}],
      [ADMIN, 'getContractLedger', { contractId: contract.contract_id }],
      [ADMIN, 'getResellerContractLedger', { contractId: contract.contract_id }],
      [MERCHANT, 'getUsdtWalletLedger', {}],
      [RESELLER, 'getResellerEarningStatement', {}],
      [ADMIN, 'getMerchantStatement', { merchantId: contract.merchant_id }],
      [ADMIN, 'getEarningsReport', {}],
      [ADMIN, 'getContractLedgerSummary', {}],
      [ADMIN, 'getBalanceReport', {}],
      [ADMIN, 'getAllCurrencyBalance', {}],
    ];
  }

  it('is the zone every report reads its days in when the request names none', async () => {
    expect((await read()).default_time_zone).toBe('India');
    for (const [who, call, fields] of await everyReport()) {
      const answer = await t.as<ReportAnswer>(who, call, fields);
      expect({ call, status: answer.status, message: answer.message }).toEqual({
        call,
        status: 200,
        message: expect.any(String),
      });
      expect({ call, zone: answer.data.period.time_zone }).toEqual({ call, zone: 'India' });
      const named = await t.as<ReportAnswer>(who, call, { ...fields, timeZone: 'Brazil' });
      expect({ call, zone: named.data.period.time_zone }).toEqual({ call, zone: 'Brazil' });
    }
  });

  it('groups the daily transactions by India days when India is the default', async () => {
    const unnamed = await t.as<ReportAnswer>(ADMIN, 'getDailyTransactionsReport', {
      ...PERIOD,
      pageSize: '200',
    });
    const india = await t.as<ReportAnswer>(ADMIN, 'getDailyTransactionsReport', {
      ...PERIOD,
      pageSize: '200',
      timeZone: 'India',
    });
    const utc = await t.as<ReportAnswer>(ADMIN, 'getDailyTransactionsReport', {
      ...PERIOD,
      pageSize: '200',
      timeZone: 'Default',
    });
    expect(unnamed.data.rows.length).toBeGreaterThan(0);
    expect(unnamed.data).toEqual(india.data);
    // India's days (+05:30) split UTC days: the same transactions fall on other days.
    expect(unnamed.data.rows).not.toEqual(utc.data.rows);
    expect(unnamed.data.period).toEqual({
      from_day: dayBefore(4),
      to_day: dayBefore(0),
      time_zone: 'India',
    });
  });

  it('is the zone of a report export that names none: its file name and its times', async () => {
    const exported = async (fields: Record<string, string>) => {
      const session = await t.signIn(ADMIN);
      const response = await t.app.inject({
        method: 'POST',
        url: '/controller/admin/exportList',
        payload: { ...session, ...PERIOD, ...fields, format: 'csv' },
      });
      expect(response.statusCode).toBe(200);
      // The file's name without the time of export (which differs), then its lines.
      const name = String(response.headers['content-disposition']).replace(/-\d{8}-\d{6}\./g, '.');
      return [name, ...response.body.split('\n')];
    };
    const contracts = await t.as<{ rows: { contract_id: string }[] }>(ADMIN, 'getLedgerContracts');
    const contractId = contracts.data.rows[0]!.contract_id;
    const reports: Record<string, string>[] = [
      { call: 'getDailyTransactionsReport' },
      { call: 'getContractLedger', contractId },
    ];
    for (const fields of reports) {
      const unnamed = await exported(fields);
      expect(unnamed[0]).toContain(`${fields.call}-`);
      expect(unnamed[0]).toContain('tz=India.csv');
      expect(unnamed).toEqual(await exported({ ...fields, timeZone: 'India' }));
    }
  });

  it('is Default again once the admin sets it back', async () => {
    const back = await update({ defaultTimeZone: 'Default', hiddenColumns: '' });
    expect(back.status).toBe(200);
    expect(hiddenOf(back.data)).toEqual([]);
    const answer = await t.as<ReportAnswer>(ADMIN, 'getDailyTransactionsReport', {});
    expect(answer.data.period.time_zone).toBe('Default');
  });
});
