import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open';
import { rotateSealKey } from '../ledger/chain/seal-keys';

/**
 * `npm run seal:rotate-key`: retires the key that signs the ledger's daily seals and makes a
 * new one (docs/money.md, "The signing key"). Seals already made stay verifiable with the
 * retired key's public key, which is kept. With SEAL_PRIVATE_KEY set, the key is the setting's:
 * rotate by setting another (the server takes it at its next seal).
 */
async function main() {
  const config = loadConfig();
  if (config.sealPrivateKey)
    throw new Error(
      'SEAL_PRIVATE_KEY is set: rotate by setting a new key there, not with this command',
    );
  const db = await openDatabase(config);
  try {
    const key = await db.transaction((tx) => rotateSealKey(tx, config.sealKeySecret));
    console.log(
      `seal key rotated: the new key ${key.id} signs the next seals; its public key: ${key.publicKey}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
