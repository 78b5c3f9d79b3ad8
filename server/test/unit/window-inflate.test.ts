import { deflateRawSync } from 'node:zlib';
import type { Inflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WindowInflate } from '../../src/modules/reconciliation/window-inflate';

/** Bytes that compress with back-references near and far (up to the 32 KB window) and some noise. */
function statementLikeBytes(size: number): Buffer {
  const out = Buffer.alloc(size);
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let at = 0; at < size;) {
    const kind = next() % 3;
    const length = Math.min(size - at, 1 + (next() % 300));
    if (kind === 0 || at < 40_000) {
      for (let i = 0; i < length; i++) out[at + i] = 0x20 + (next() % 90);
    } else {
      const from = at - 1 - (next() % (kind === 1 ? 200 : 32_000));
      for (let i = 0; i < length; i++) out[at + i] = out[from + i]!;
    }
    at += length;
  }
  return out;
}

/** What an inflater hands on when fed `deflated` in slices of `slice` bytes. */
function inflatedBy(inflater: Inflate, deflated: Buffer, slice: number, got: Buffer[]) {
  for (let at = 0; at < deflated.length; at += slice)
    inflater.push(deflated.subarray(at, at + slice), at + slice >= deflated.length);
  return Buffer.concat(got);
}

describe('WindowInflate', () => {
  const plain = statementLikeBytes(900_000);
  const deflated = deflateRawSync(plain);

  it.each([1, 7, 1024, 5000, 70_000])('inflates exactly, fed %i bytes at a time', (slice) => {
    const got: Buffer[] = [];
    const inflater = new WindowInflate((data) => got.push(Buffer.from(data)));
    expect(inflatedBy(inflater, deflated, slice, got).equals(plain)).toBe(true);
  });

  it('keeps its window in one buffer (fflate state as this version has it)', () => {
    const inflater = new WindowInflate(() => undefined);
    inflater.push(deflated.subarray(0, 4096), false);
    expect(inflater.keepsWindow).toBe(true);
  });

  it('a push that inflates past its room (a bomb) still inflates exactly', () => {
    const zeros = Buffer.alloc(3_000_000);
    const bomb = deflateRawSync(Buffer.concat([plain.subarray(0, 50_000), zeros, plain]));
    const got: Buffer[] = [];
    const inflater = new WindowInflate((data) => got.push(Buffer.from(data)));
    const out = inflatedBy(inflater, bomb, 1024, got);
    expect(out.equals(Buffer.concat([plain.subarray(0, 50_000), zeros, plain]))).toBe(true);
  });
});
