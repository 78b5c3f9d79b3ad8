import { createInterface } from 'node:readline/promises';
import { MODULES, checkPasswordPolicy } from '@bo/contract';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open';
import { recordAdminLog } from '../modules/admin-logs/admin-log';
import { createAccountRecord } from '../modules/accounts/accounts.service';

/**
 * `npm run admin:create -- --email a@b.c --username ops [--name "Ops"]`: makes an admin on the
 * configured database. The password comes from ADMIN_PASSWORD or a prompt; never a default.
 */
function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('Password for the new admin: ');
  rl.close();
  return password;
}

async function main() {
  const email = argument('email')?.trim().toLowerCase();
  const username = argument('username')?.trim();
  if (!email || !username)
    throw new Error(
      'Usage: npm run admin:create -- --email EMAIL --username NAME [--name "Full name"]',
    );
  const password = await readPassword();
  const problem = checkPasswordPolicy(password);
  if (problem) throw new Error(problem);
  const db = await openDatabase(loadConfig());
  try {
    const account = await db.transaction(async (tx) => {
      const created = await createAccountRecord(tx, {
        accountType: 'admin',
        email,
        username,
        name: argument('name') ?? username,
        password,
        mustChangePassword: false,
        modules: MODULES,
      });
      await recordAdminLog(
        tx,
        { clientIp: 'cli', userAgent: 'admin:create', requestId: '' },
        {
          action: 'account.create_admin',
          actor: null,
          actorLabel: 'admin:create',
          targetType: 'account',
          targetId: created.id,
          after: { email, username },
        },
      );
      return created;
    });
    console.log(
      `Admin ${account.username} (${account.email}) created with code ${account.account_db_code}.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
