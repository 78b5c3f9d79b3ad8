import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { databaseKeyOf, type Queryable } from '../../db/db';
import { decryptSecret, encryptSecret, type CipherPurpose } from '../../core/secret-cipher';

/**
 * The platform's Ed25519 signing keys (docs/money.md, "The signing key"). The active key signs
 * each day's seal. It comes from SEAL_PRIVATE_KEY (PEM) when set, or is generated on first use;
 * either way it is stored encrypted under SEAL_KEY_SECRET, with its public key beside it.
 * Rotating (`npm run seal:rotate-key`) retires the active key and makes a new one; a retired
 * key stays, so the seals it signed stay verifiable with its public key.
 */
export interface SealKeySettings {
  /** Encrypts the private keys at rest (SEAL_KEY_SECRET). */
  readonly sealKeySecret: string;
  /** The key to sign with, as PKCS#8 PEM (SEAL_PRIVATE_KEY); unset: generated and kept. */
  readonly sealPrivateKey: string | undefined;
}

export interface SealKey {
  readonly id: string;
  readonly publicKey: string;
  readonly privateKey: KeyObject;
}

const SEAL_KEYS: CipherPurpose = { salt: 'ledger-seal', info: 'seal key v1' };

/** A public key as stored and shown: SPKI DER in base64. */
export const publicKeyText = (key: KeyObject) =>
  createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');

export const publicKeyFrom = (text: string) =>
  createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });

const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

const active = new WeakMap<object, SealKey>();

/** The key that signs seals now: the stored active one, made (or taken from the setting) on first use. */
export async function activeSealKey(db: Queryable, settings: SealKeySettings): Promise<SealKey> {
  const cached = active.get(databaseKeyOf(db));
  if (cached) return cached;
  const { rows } = await db.query<{
    id: string;
    public_key: string;
    private_key_encrypted: string;
  }>(`SELECT id, public_key, private_key_encrypted FROM seal_keys WHERE retired_at IS NULL`);
  const stored = rows[0];
  const wanted = settings.sealPrivateKey ? createPrivateKey(settings.sealPrivateKey) : null;
  let key: SealKey;
  if (stored && (!wanted || publicKeyText(wanted) === stored.public_key)) {
    key = openSealKey(settings.sealKeySecret, stored);
  } else {
    key = await storeSealKey(db, settings.sealKeySecret, wanted ?? newPrivateKey());
  }
  active.set(databaseKeyOf(db), key);
  return key;
}

/** Retires the active key and stores `privateKey` (a new one by default) as the active key. */
export async function rotateSealKey(
  db: Queryable,
  secret: string,
  privateKey: KeyObject = newPrivateKey(),
): Promise<SealKey> {
  const key = await storeSealKey(db, secret, privateKey);
  active.delete(databaseKeyOf(db));
  return key;
}

async function storeSealKey(
  db: Queryable,
  secret: string,
  privateKey: KeyObject,
): Promise<SealKey> {
  const key: SealKey = { id: randomUUID(), publicKey: publicKeyText(privateKey), privateKey };
  await db.query(
    `WITH retired AS (UPDATE seal_keys SET retired_at = now() WHERE retired_at IS NULL RETURNING id)
     INSERT INTO seal_keys (id, public_key, private_key_encrypted)
     SELECT $1, $2, $3 FROM (SELECT count(*) FROM retired) r`,
    [key.id, key.publicKey, encryptSecret(secret, SEAL_KEYS, pemOf(privateKey))],
  );
  return key;
}

const newPrivateKey = () => generateKeyPairSync('ed25519').privateKey;

/**
 * A stored key, opened with the secret; throws when it does not open (another secret, or the
 * row was changed) or when its public key is not the private key's (a public key swapped).
 */
export function openSealKey(
  secret: string,
  row: { id: string; public_key: string; private_key_encrypted: string },
): SealKey {
  const privateKey = createPrivateKey(decryptSecret(secret, SEAL_KEYS, row.private_key_encrypted));
  if (publicKeyText(privateKey) !== row.public_key)
    throw new Error(`seal key ${row.id}: its public key is not its private key's`);
  return { id: row.id, publicKey: row.public_key, privateKey };
}
