import { KEY_DATABASE } from './storage-keys';

/**
 * Encrypted browser storage for the stored user: AES-GCM with a key that cannot be exported,
 * kept in IndexedDB, while the ciphertext sits in localStorage. Anyone reading localStorage (an
 * extension, a shared machine) sees only ciphertext; clearing localStorage signs the user out.
 */
interface SealedValue {
  readonly v: 1;
  readonly iv: string;
  readonly data: string;
}

let keyPromise: Promise<CryptoKey> | null = null;

function openKeyDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(KEY_DATABASE.name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(KEY_DATABASE.store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const generate = () =>
    crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  try {
    const db = await openKeyDatabase();
    const read = db.transaction(KEY_DATABASE.store).objectStore(KEY_DATABASE.store);
    const existing = (await idbRequest(read.get(KEY_DATABASE.keyId))) as CryptoKey | undefined;
    if (existing) return existing;
    const key = await generate();
    const write = db.transaction(KEY_DATABASE.store, 'readwrite').objectStore(KEY_DATABASE.store);
    await idbRequest(write.put(key, KEY_DATABASE.keyId));
    return key;
  } catch {
    // Without IndexedDB the key lives for this page only: the user signs in again after reload.
    return generate();
  }
}

function sessionKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey();
  return keyPromise;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Web Crypto exists only in secure contexts (https or localhost). */
const hasWebCrypto = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

/** Encrypts `value` as JSON and stores it under `storageKey`. */
export async function writeEncrypted(storageKey: string, value: unknown): Promise<void> {
  const plain = new TextEncoder().encode(JSON.stringify(value));
  if (!hasWebCrypto()) {
    // Plain http on a non-local host has no Web Crypto; keep the session for this tab only.
    sessionStorage.setItem(storageKey, JSON.stringify(value));
    return;
  }
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sessionKey(), plain);
  const sealed: SealedValue = { v: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(cipher)) };
  localStorage.setItem(storageKey, JSON.stringify(sealed));
}

/** Reads and decrypts the value under `storageKey`; null when absent or unreadable. */
export async function readEncrypted(storageKey: string): Promise<unknown> {
  try {
    if (!hasWebCrypto()) {
      const plain = sessionStorage.getItem(storageKey);
      return plain ? JSON.parse(plain) : null;
    }
    const text = localStorage.getItem(storageKey);
    if (!text) return null;
    const sealed = JSON.parse(text) as SealedValue;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      await sessionKey(),
      fromBase64(sealed.data),
    );
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}
