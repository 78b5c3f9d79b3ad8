import type { UsdtNetwork } from '@bo/contract';
import type { Queryable } from '../../db/db';

/** A saved settlement bank account of a merchant. */
export interface BankAccountRecord {
  id: string;
  merchant_account_id: string;
  bank_name: string;
  account_number: string;
  account_holder: string;
  currency: string | null;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

/** The details a bank account is saved with. */
export interface BankAccountDetails {
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  currency: string | null;
}

export interface WalletRecord {
  merchant_account_id: string;
  network: UsdtNetwork;
  address: string;
  created_at: Date;
  updated_at: Date;
}

const BANK_COLUMNS = `id, merchant_account_id, bank_name, account_number, account_holder, currency,
  is_default, created_at, updated_at, removed_at`;

/**
 * Holds the merchant's settlement settings for the rest of the transaction, so two changes
 * of one merchant's settings (two first accounts, two defaults) run one after the other.
 * `FOR NO KEY UPDATE` leaves the rows that reference the merchant free to be written.
 */
export async function lockMerchantSettings(tx: Queryable, merchantId: string): Promise<void> {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [merchantId]);
}

/** A merchant's live bank accounts: the default first, then the oldest. */
export async function findBankAccounts(
  db: Queryable,
  merchantId: string,
): Promise<BankAccountRecord[]> {
  const { rows } = await db.query<BankAccountRecord>(
    `SELECT ${BANK_COLUMNS} FROM settlement_bank_accounts
      WHERE merchant_account_id = $1 AND removed_at IS NULL
      ORDER BY is_default DESC, created_at, id`,
    [merchantId],
  );
  return rows;
}

/** One live bank account of the merchant, or null (another merchant's or removed: null too). */
export async function findBankAccount(
  db: Queryable,
  merchantId: string,
  id: string,
): Promise<BankAccountRecord | null> {
  const { rows } = await db.query<BankAccountRecord>(
    `SELECT ${BANK_COLUMNS} FROM settlement_bank_accounts
      WHERE id = $1 AND merchant_account_id = $2 AND removed_at IS NULL`,
    [id, merchantId],
  );
  return rows[0] ?? null;
}

/** Saves a new bank account. */
export async function insertBankAccount(
  tx: Queryable,
  row: { id: string; merchantId: string; isDefault: boolean; at: Date } & BankAccountDetails,
): Promise<BankAccountRecord> {
  const { rows } = await tx.query<BankAccountRecord>(
    `INSERT INTO settlement_bank_accounts (id, merchant_account_id, bank_name, account_number,
       account_holder, currency, is_default, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     RETURNING ${BANK_COLUMNS}`,
    [
      row.id,
      row.merchantId,
      row.bankName,
      row.accountNumber,
      row.accountHolder,
      row.currency,
      row.isDefault,
      row.at,
    ],
  );
  return rows[0]!;
}

/** Replaces a live bank account's details. */
export async function updateBankAccount(
  tx: Queryable,
  id: string,
  details: BankAccountDetails,
  at: Date,
): Promise<BankAccountRecord> {
  const { rows } = await tx.query<BankAccountRecord>(
    `UPDATE settlement_bank_accounts
        SET bank_name = $2, account_number = $3, account_holder = $4, currency = $5, updated_at = $6
      WHERE id = $1 AND removed_at IS NULL
      RETURNING ${BANK_COLUMNS}`,
    [id, details.bankName, details.accountNumber, details.accountHolder, details.currency, at],
  );
  return rows[0]!;
}

/**
 * Makes `id` the merchant's only default among its live accounts (null: none). The old
 * default is cleared first, so the one-default index never sees two.
 */
export async function markDefaultBankAccount(
  tx: Queryable,
  merchantId: string,
  id: string | null,
  at: Date,
): Promise<void> {
  await tx.query(
    `UPDATE settlement_bank_accounts SET is_default = false, updated_at = $3
      WHERE merchant_account_id = $1 AND is_default AND removed_at IS NULL
        AND id IS DISTINCT FROM $2::uuid`,
    [merchantId, id, at],
  );
  if (id)
    await tx.query(
      `UPDATE settlement_bank_accounts SET is_default = true, updated_at = $3
        WHERE id = $1 AND merchant_account_id = $2 AND removed_at IS NULL AND NOT is_default`,
      [id, merchantId, at],
    );
}

/** Removes a bank account softly: it stops being listed, usable and the default. */
export async function markBankAccountRemoved(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE settlement_bank_accounts SET removed_at = $2, is_default = false, updated_at = $2
      WHERE id = $1 AND removed_at IS NULL`,
    [id, at],
  );
}

/** The merchant's USDT wallet address, or null. */
export async function findWallet(db: Queryable, merchantId: string): Promise<WalletRecord | null> {
  const { rows } = await db.query<WalletRecord>(
    `SELECT merchant_account_id, network, address, created_at, updated_at
       FROM settlement_wallets WHERE merchant_account_id = $1`,
    [merchantId],
  );
  return rows[0] ?? null;
}

/** Sets or replaces the merchant's USDT wallet address. */
export async function upsertWallet(
  tx: Queryable,
  merchantId: string,
  wallet: { network: UsdtNetwork; address: string },
  at: Date,
): Promise<WalletRecord> {
  const { rows } = await tx.query<WalletRecord>(
    `INSERT INTO settlement_wallets (merchant_account_id, network, address, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (merchant_account_id)
       DO UPDATE SET network = EXCLUDED.network, address = EXCLUDED.address, updated_at = EXCLUDED.updated_at
     RETURNING merchant_account_id, network, address, created_at, updated_at`,
    [merchantId, wallet.network, wallet.address, at],
  );
  return rows[0]!;
}

/** Deletes the merchant's USDT wallet address (the admin log keeps what it was). */
export async function deleteWallet(tx: Queryable, merchantId: string): Promise<void> {
  await tx.query('DELETE FROM settlement_wallets WHERE merchant_account_id = $1', [merchantId]);
}
