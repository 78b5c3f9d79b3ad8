import { createHash } from 'node:crypto';

/**
 * A small deterministic pseudo-random stream (mulberry32): numbers in [0, 1), the same for the
 * same seed on every machine. For demo data, the sandbox's statements and the chaos run's
 * schedule; never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One named stream of a seed: each use draws from its own (`schedule`, `clients`, `courier`),
 * so drawing more in one never moves what another draws.
 */
export function seededStream(seed: number, name: string): () => number {
  return seededRandom(createHash('sha256').update(`${seed}:${name}`).digest().readUInt32BE(0));
}
