import { setImmediate as nextTurn } from 'node:timers/promises';
import { UPLOAD_WORK_SLICE_MS } from './upload-limits';

/**
 * Lets the event loop turn (other requests run) whenever the work since it last turned has held
 * it `UPLOAD_WORK_SLICE_MS`: a file's reading calls `pace()` between small steps of work.
 */
export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since <= UPLOAD_WORK_SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/** The bytes of `source` in slices of at most `size` bytes. */
export async function* slicesOf(
  source: AsyncIterable<Uint8Array>,
  size: number,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source)
    for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
}
