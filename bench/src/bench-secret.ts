/**
 * The sandbox callback secret of every bench server: a server without the demo world refuses
 * the public default (SANDBOX_SECRET, docs/security.md).
 */
export const BENCH_SANDBOX_SECRET = 'bench-sandbox-secret';
