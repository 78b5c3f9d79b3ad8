import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  MERCHANT4,
  RESELLER,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  // 10000.03 THB paid in (ends in .03: the sandbox pays it); the merchant keeps 9750.03.
  const r = await t.api('POST', '/api/v1/payins', {
    amount: '10000.03',
    currency: 'THB',
    order_id: 'settings-seed-1',
  });
  expect(r.status).toBe(201);
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface BankAccount {
  id: string;
  bank_name: string;
  account_number: string;
  account_holder: string;
  currency: string | null;
  is_default: boolean;
}
interface Settings {
  bank_accounts: BankAccount[];
  wallet: { network: string; address: string } | null;
}

const bank = (accountNumber: string, extra: Record<string, string> = {}) => ({
  bankName: 'Kasikorn',
  accountNumber,
  accountHolder: 'Siam Digital Store',
  ...extra,
});

const settingsOf = async (email: string) =>
  (await t.as<Settings>(email, 'getSettlementSettings')).data;

const defaultsOf = (s: Settings) => s.bank_accounts.filter((b) => b.is_default).map((b) => b.id);

async function logsOf(targetId: string) {
  const { rows } = await t.db.query<{ action: string; actor_username: string; before: unknown }>(
    `SELECT action, actor_username, before FROM admin_logs WHERE target_id = $1
      ORDER BY created_at, action`,
    [targetId],
  );
  return rows;
}

describe('access', () => {
  it('is for merchants with the settlements module only', async () => {
    // The demo sub-account holds payin and reports: where its parent is paid is not its business.
    for (const email of [ADMIN, RESELLER, SUB]) {
      expect((await t.as(email, 'getSettlementSettings')).status).toBe(403);
      expect((await t.as(email, 'addSettlementBankAccount', bank('1'))).status).toBe(403);
      expect(
        (
          await t.as(email, 'setSettlementWallet', {
            network: 'TRC-20',
            address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          })
        ).status,
      ).toBe(403);
    }
    const added = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('SUB-1'));
    expect(added.status).toBe(200);
    expect((await settingsOf(MERCHANT)).bank_accounts.map((b) => b.id)).toEqual([added.data.id]);
    expect(await settingsOf(MERCHANT2)).toEqual({ bank_accounts: [], wallet: null });
    const removed = await t.as(MERCHANT, 'removeSettlementBankAccount', { id: added.data.id });
    expect(removed.status).toBe(200);
  });
});

describe('bank accounts', () => {
  it('the first saved is the default; exactly one default as accounts come and go', async () => {
    const first = await t.as<BankAccount>(MERCHANT2, 'addSettlementBankAccount', bank('A-1'));
    expect(first.data).toMatchObject({ is_default: true, currency: null, account_number: 'A-1' });
    const second = await t.as<BankAccount>(
      MERCHANT2,
      'addSettlementBankAccount',
      bank('A-2', { currency: 'THB' }),
    );
    expect(second.data).toMatchObject({ is_default: false, currency: 'THB' });
    const third = await t.as<BankAccount>(
      MERCHANT2,
      'addSettlementBankAccount',
      bank('A-3', { isDefault: '1' }),
    );
    expect(third.data.is_default).toBe(true);
    let s = await settingsOf(MERCHANT2);
    expect(s.bank_accounts.map((b) => b.id)).toEqual([
      third.data.id,
      first.data.id,
      second.data.id,
    ]);
    expect(defaultsOf(s)).toEqual([third.data.id]);

    const made = await t.as<BankAccount>(MERCHANT2, 'setDefaultSettlementBankAccount', {
      id: second.data.id,
    });
    expect(made.data.is_default).toBe(true);
    expect(defaultsOf(await settingsOf(MERCHANT2))).toEqual([second.data.id]);

    // Removing the default hands it to the oldest remaining account.
    const removed = await t.as<{ default_id: string | null }>(
      MERCHANT2,
      'removeSettlementBankAccount',
      { id: second.data.id },
    );
    expect(removed.data.default_id).toBe(first.data.id);
    s = await settingsOf(MERCHANT2);
    expect(s.bank_accounts.map((b) => b.id)).toEqual([first.data.id, third.data.id]);
    expect(defaultsOf(s)).toEqual([first.data.id]);

    // Removal is soft: the row stays, out of the list and no longer usable.
    const { rows } = await t.db.query<{ removed_at: Date | null; is_default: boolean }>(
      'SELECT removed_at, is_default FROM settlement_bank_accounts WHERE id = $1',
      [second.data.id],
    );
    expect(rows[0]).toMatchObject({ is_default: false });
    expect(rows[0]!.removed_at).not.toBeNull();
    for (const call of [
      'removeSettlementBankAccount',
      'setDefaultSettlementBankAccount',
      'updateSettlementBankAccount',
    ]) {
      expect((await t.as(MERCHANT2, call, { id: second.data.id, ...bank('A-9') })).status).toBe(
        404,
      );
    }

    await t.as(MERCHANT2, 'removeSettlementBankAccount', { id: first.data.id });
    await t.as(MERCHANT2, 'removeSettlementBankAccount', { id: third.data.id });
    expect(await settingsOf(MERCHANT2)).toEqual({ bank_accounts: [], wallet: null });
  });

  it('edits details, keeps the default flag, refuses duplicates and bad fields', async () => {
    const a = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('E-1'));
    const b = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('E-2'));
    expect(a.data.is_default).toBe(true);
    const edited = await t.as<BankAccount>(MERCHANT, 'updateSettlementBankAccount', {
      id: a.data.id,
      bankName: 'Bangkok Bank',
      accountNumber: 'E-1b',
      accountHolder: 'Siam Digital Co.',
      currency: 'THB',
    });
    expect(edited.data).toMatchObject({
      id: a.data.id,
      bank_name: 'Bangkok Bank',
      account_number: 'E-1b',
      account_holder: 'Siam Digital Co.',
      currency: 'THB',
      is_default: true,
    });
    expect((await t.as(MERCHANT, 'addSettlementBankAccount', bank('E-2'))).status).toBe(409);
    expect(
      (await t.as(MERCHANT, 'updateSettlementBankAccount', { id: a.data.id, ...bank('E-2') }))
        .status,
    ).toBe(409);
    const missing = await t.as(MERCHANT, 'addSettlementBankAccount', {
      accountNumber: 'E-3',
      accountHolder: 'x',
    });
    expect(missing).toMatchObject({ status: 400, message: 'bankName is required' });
    const badCurrency = await t.as(
      MERCHANT,
      'addSettlementBankAccount',
      bank('E-4', { currency: 'XXX' }),
    );
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.message).toMatch(/^currency must be one of/);
    expect((await t.as(MERCHANT, 'setDefaultSettlementBankAccount', { id: 'nope' })).message).toBe(
      'id must be an id',
    );
    await t.as(MERCHANT, 'removeSettlementBankAccount', { id: b.data.id });
  });

  it('refuses another merchant’s ids as not found and changes nothing', async () => {
    const theirs = await t.as<BankAccount>(MERCHANT2, 'addSettlementBankAccount', bank('F-1'));
    for (const call of [
      'updateSettlementBankAccount',
      'setDefaultSettlementBankAccount',
      'removeSettlementBankAccount',
    ]) {
      const r = await t.as(MERCHANT, call, { id: theirs.data.id, ...bank('F-2') });
      expect(r.status).toBe(404);
    }
    expect((await settingsOf(MERCHANT2)).bank_accounts).toEqual([
      expect.objectContaining({ id: theirs.data.id, account_number: 'F-1', is_default: true }),
    ]);
    expect(await logsOf(theirs.data.id)).toHaveLength(1);
  });

  it('writes every change to the admin log with before and after', async () => {
    const a = await t.as<BankAccount>(MERCHANT2, 'addSettlementBankAccount', bank('L-1'));
    await t.as(MERCHANT2, 'updateSettlementBankAccount', { id: a.data.id, ...bank('L-1b') });
    await t.as(MERCHANT2, 'setDefaultSettlementBankAccount', { id: a.data.id });
    await t.as(MERCHANT2, 'removeSettlementBankAccount', { id: a.data.id });
    const logs = await logsOf(a.data.id);
    expect(logs.map((l) => l.action).sort()).toEqual(
      [
        'settlement_setting.bank_account.add',
        'settlement_setting.bank_account.remove',
        'settlement_setting.bank_account.set_default',
        'settlement_setting.bank_account.update',
      ].sort(),
    );
    expect(logs.every((l) => l.actor_username === 'merchant2')).toBe(true);
    const update = logs.find((l) => l.action.endsWith('.update'))!;
    const before = typeof update.before === 'string' ? JSON.parse(update.before) : update.before;
    expect(before).toMatchObject({ account_number: 'L-1' });
  });

  it('keeps one default when a merchant’s first accounts arrive at once', async () => {
    expect(await settingsOf(MERCHANT4)).toEqual({ bank_accounts: [], wallet: null });
    const added = await Promise.all(
      ['C-1', 'C-2', 'C-3', 'C-4', 'C-5'].map((n) =>
        t.as<BankAccount>(MERCHANT4, 'addSettlementBankAccount', bank(n)),
      ),
    );
    expect(added.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(added.filter((a) => a.data.is_default)).toHaveLength(1);
    expect(defaultsOf(await settingsOf(MERCHANT4))).toHaveLength(1);
  });

  it('keeps at most 20 live accounts', async () => {
    const before = (await settingsOf(MERCHANT2)).bank_accounts.length;
    for (let i = before; i < 20; i++)
      expect((await t.as(MERCHANT2, 'addSettlementBankAccount', bank(`M-${i}`))).status).toBe(200);
    expect((await t.as(MERCHANT2, 'addSettlementBankAccount', bank('M-20'))).status).toBe(409);
  });
});

describe('USDT wallet address', () => {
  const set = (network: string, address: string) =>
    t.as<{ network: string; address: string }>(MERCHANT, 'setSettlementWallet', {
      network,
      address,
    });

  it('accepts valid TRC-20 and ERC-20 addresses and replaces the one saved', async () => {
    // Real TRON addresses (base58check, version 0x41) and EIP-55's own examples.
    for (const [network, address] of [
      ['TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
      ['TRC-20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
      ['ERC-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['ERC-20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
      ['ERC-20', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
      ['ERC-20', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
      ['ERC-20', '0x52908400098527886e0f7030069857d2e4169ee7'],
      ['ERC-20', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ]) {
      const r = await set(network!, address!);
      expect(r, address).toMatchObject({ status: 200, data: { network, address } });
      expect((await settingsOf(MERCHANT)).wallet).toMatchObject({ network, address });
    }
    const logs = await logsOf(await t.accountId('MER00001'));
    expect(logs.filter((l) => l.action === 'settlement_setting.wallet.set')).toHaveLength(8);
  });

  it('refuses malformed addresses and wrong checksums, naming the field', async () => {
    const saved = (await settingsOf(MERCHANT)).wallet;
    for (const [network, address, message] of [
      // One character changed: the base58check checksum no longer matches.
      ['TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'address is not a valid TRC-20 address'],
      // 0, O, I and l are not base58; lengths off by one; not starting with T.
      ['TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'address must be a TRC-20 address'],
      ['TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjl', 'address must be a TRC-20 address'],
      ['TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt', 'address must be a TRC-20 address'],
      ['TRC-20', 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'address must be a TRC-20 address'],
      ['TRC-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'address must be a TRC-20 address'],
      // Mixed case with one letter's case flipped: the EIP-55 checksum fails.
      ['ERC-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'address is not a valid ERC-20'],
      ['ERC-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'address must be an ERC-20 address'],
      ['ERC-20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'address must be an ERC-20 address'],
      ['ERC-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'address must be an ERC-20 address'],
      ['ERC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'address must be an ERC-20 address'],
      ['BEP-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'network must be one of TRC-20, ERC-20'],
      ['TRC-20', '', 'address is required'],
    ]) {
      const r = await set(network!, address!);
      expect(r.status, address).toBe(400);
      expect(r.message, address).toContain(message);
    }
    expect((await settingsOf(MERCHANT)).wallet).toEqual(saved);
  });

  it('removes the address (logged); removing again reports nothing removed', async () => {
    const r = await t.as<{ removed_at: string | null }>(MERCHANT, 'removeSettlementWallet');
    expect(r.data.removed_at).not.toBeNull();
    expect((await settingsOf(MERCHANT)).wallet).toBeNull();
    const again = await t.as<{ removed_at: string | null }>(MERCHANT, 'removeSettlementWallet');
    expect(again.data.removed_at).toBeNull();
    const logs = await logsOf(await t.accountId('MER00001'));
    expect(logs.filter((l) => l.action === 'settlement_setting.wallet.remove')).toHaveLength(2);
  });
});

describe('a settlement to a saved bank account', () => {
  interface Settlement {
    id: string;
    bank_name: string;
    account_number: string;
    account_holder: string;
  }

  it('records the saved account’s details', async () => {
    const saved = await t.as<BankAccount>(
      MERCHANT,
      'addSettlementBankAccount',
      bank('S-1', { bankName: 'SCB', currency: 'THB' }),
    );
    const r = await t.as<Settlement>(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '100.00',
      bankAccountId: saved.data.id,
    });
    expect(r.data).toMatchObject({
      bank_name: 'SCB',
      account_number: 'S-1',
      account_holder: 'Siam Digital Store',
    });
    // The settlement keeps its text after the account is removed.
    await t.as(MERCHANT, 'removeSettlementBankAccount', { id: saved.data.id });
    const list = await t.as<{ rows: Settlement[] }>(MERCHANT, 'getSettlementList', {
      search: r.data.id,
    });
    expect(list.data.rows[0]).toMatchObject({ id: r.data.id, account_number: 'S-1' });
    const rejected = await t.as(ADMIN, 'rejectSettlement', {
      id: r.data.id,
      reasonCode: 'other',
      note: 'test over',
    });
    expect(rejected.status).toBe(200);
  });

  it('refuses a foreign, removed or other-currency account, or one beside typed details', async () => {
    const theirs = (await settingsOf(MERCHANT2)).bank_accounts[0]!;
    const removed = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('S-2'));
    await t.as(MERCHANT, 'removeSettlementBankAccount', { id: removed.data.id });
    const myr = await t.as<BankAccount>(
      MERCHANT,
      'addSettlementBankAccount',
      bank('S-3', { currency: 'MYR' }),
    );
    const mine = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('S-4'));
    const count = await t.count('settlements');
    const ask = (fields: Record<string, string>) =>
      t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '100.00', ...fields });
    expect((await ask({ bankAccountId: theirs.id })).status).toBe(404);
    expect((await ask({ bankAccountId: removed.data.id })).status).toBe(404);
    const other = await ask({ bankAccountId: myr.data.id });
    expect(other).toMatchObject({ status: 400 });
    expect(other.message).toMatch(/^bankAccountId is a bank account for MYR/);
    const both = await ask({ bankAccountId: mine.data.id, bankName: 'KBank' });
    expect(both.status).toBe(400);
    expect(both.message).toMatch(/^bankAccountId replaces bankName/);
    expect((await ask({ bankAccountId: 'x' })).message).toBe('bankAccountId must be an id');
    expect(await t.count('settlements')).toBe(count);
  });
});

describe('a settlement to the USDT wallet', () => {
  it('needs a saved address, and records it as the merchant had it when asking', async () => {
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    // No address saved (the test above removed it): nowhere to send the USDT, nothing reserved.
    const before = await t.as<{ rows: unknown[]; total: number }>(
      MERCHANT,
      'getSettlementWalletList',
    );
    const refused = await t.as(MERCHANT, 'requestSettlementWallet', {
      currency: 'THB',
      amount: '50.00',
    });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/USDT wallet address/);
    expect((await t.as<{ total: number }>(MERCHANT, 'getSettlementWalletList')).data.total).toBe(
      before.data.total,
    );
    expect(
      (await t.as(MERCHANT, 'setSettlementWallet', { network: 'TRC-20', address })).status,
    ).toBe(200);
    const r = await t.as<{ id: string; bank_name: string; account_number: string }>(
      MERCHANT,
      'requestSettlementWallet',
      { currency: 'THB', amount: '50.00' },
    );
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ bank_name: 'USDT TRC-20', account_number: address });
    // A later change of address leaves the request as it was made.
    await t.as(MERCHANT, 'removeSettlementWallet', {});
    const list = await t.as<{ rows: { id: string; account_number: string }[] }>(
      MERCHANT,
      'getSettlementWalletList',
      { search: r.data.id },
    );
    expect(list.data.rows[0]).toMatchObject({ id: r.data.id, account_number: address });
    const rejected = await t.as(ADMIN, 'rejectSettlementWallet', {
      id: r.data.id,
      reasonCode: 'other',
      note: 'test over',
    });
    expect(rejected.status).toBe(200);
  });
});

describe('security alerts and "save this account"', () => {
  const mailsTo = async (email: string, kind: string) =>
    (
      await t.db.query<{ subject: string; text_body: string }>(
        `SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND kind = $2
          ORDER BY created_at`,
        [email, kind],
      )
    ).rows;
  const ADDED = 'security.settlement_account_added';
  const CHANGED = 'security.settlement_account_changed';

  it('mails the merchant when an account is saved or changed, naming only its last digits', async () => {
    const before = (await mailsTo(MERCHANT, ADDED)).length;
    const a = await t.as<BankAccount>(MERCHANT, 'addSettlementBankAccount', bank('ALERT-98765'));
    expect(a.status).toBe(200);
    const added = await mailsTo(MERCHANT, ADDED);
    expect(added).toHaveLength(before + 1);
    expect(added.at(-1)!.subject).toBe('A settlement bank account was saved');
    expect(added.at(-1)!.text_body).toContain('Kasikorn ····8765');
    expect(added.at(-1)!.text_body).not.toContain('ALERT-98765');
    const changedBefore = (await mailsTo(MERCHANT, CHANGED)).length;
    await t.as(MERCHANT, 'updateSettlementBankAccount', { id: a.data.id, ...bank('ALERT-11112') });
    const changed = await mailsTo(MERCHANT, CHANGED);
    expect(changed).toHaveLength(changedBefore + 1);
    expect(changed.at(-1)!.text_body).toContain('····1112');
    // A refused change (another merchant's id, a duplicate) mails nothing.
    const theirs = (await settingsOf(MERCHANT2)).bank_accounts[0]!;
    const theirMails = (await mailsTo(MERCHANT2, CHANGED)).length;
    const refused = await t.as(MERCHANT, 'updateSettlementBankAccount', {
      id: theirs.id,
      ...bank('ALERT-3'),
    });
    expect(refused.status).toBe(404);
    expect(await mailsTo(MERCHANT, CHANGED)).toHaveLength(changedBefore + 1);
    expect(await mailsTo(MERCHANT2, CHANGED)).toHaveLength(theirMails);
    await t.as(MERCHANT, 'removeSettlementBankAccount', { id: a.data.id });
  });

  it('saves the account a request typed when asked: logged and mailed, once', async () => {
    const ask = (accountNumber: string, extra: Record<string, string> = {}) =>
      t.as<{ id: string }>(MERCHANT, 'requestSettlement', {
        currency: 'THB',
        amount: '10.00',
        ...bank(accountNumber),
        saveAccount: '1',
        ...extra,
      });
    const mailsBefore = (await mailsTo(MERCHANT, ADDED)).length;
    const first = await ask('TYPED-4321');
    expect(first.status).toBe(200);
    const saved = (await settingsOf(MERCHANT)).bank_accounts.filter(
      (b) => b.account_number === 'TYPED-4321',
    );
    expect(saved).toEqual([
      expect.objectContaining({ bank_name: 'Kasikorn', account_holder: 'Siam Digital Store' }),
    ]);
    expect(saved[0]!.currency).toBeNull();
    expect((await logsOf(saved[0]!.id)).map((l) => l.action)).toEqual([
      'settlement_setting.bank_account.add',
    ]);
    expect(await mailsTo(MERCHANT, ADDED)).toHaveLength(mailsBefore + 1);
    // The same details again: the request goes through, nothing saved twice.
    expect((await ask('TYPED-4321')).status).toBe(200);
    expect(
      (await settingsOf(MERCHANT)).bank_accounts.filter((b) => b.account_number === 'TYPED-4321'),
    ).toHaveLength(1);
    expect(await mailsTo(MERCHANT, ADDED)).toHaveLength(mailsBefore + 1);
    // Without the flag nothing is saved; with a saved account's id the flag is refused.
    await t.as(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '10.00',
      ...bank('NOSAVE'),
    });
    expect(
      (await settingsOf(MERCHANT)).bank_accounts.some((b) => b.account_number === 'NOSAVE'),
    ).toBe(false);
    const count = await t.count('settlements');
    const refused = await t.as(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '10.00',
      bankAccountId: saved[0]!.id,
      saveAccount: '1',
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^saveAccount saves/);
    // A request the balance cannot cover saves nothing either.
    const tooMuch = await ask('TYPED-BIG', { amount: '999999.00' });
    expect(tooMuch.status).toBe(409);
    expect(
      (await settingsOf(MERCHANT)).bank_accounts.some((b) => b.account_number === 'TYPED-BIG'),
    ).toBe(false);
    expect(await t.count('settlements')).toBe(count);
    for (const id of [first.data.id])
      await t.as(ADMIN, 'rejectSettlement', { id, reasonCode: 'other', note: 'test over' });
  });
});
