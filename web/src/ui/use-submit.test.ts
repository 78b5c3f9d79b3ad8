import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { runSubmit } from './use-submit';

/** The steps a send reports, in order, and what each was told. */
function recorder() {
  const seen: string[] = [];
  let refusal: ApiError | null = null;
  return {
    seen,
    refusal: () => refusal,
    steps: {
      start: (key: string) => seen.push(`start ${key}`),
      refuse: (error: ApiError) => {
        refusal = error;
        seen.push('refuse');
      },
      end: () => seen.push('end'),
    },
  };
}

describe('runSubmit', () => {
  it('is busy while the send runs and answers its result', async () => {
    const r = recorder();
    let busyDuring: string[] = [];
    const answer = await runSubmit(
      'save',
      () => {
        busyDuring = [...r.seen];
        return Promise.resolve(42);
      },
      r.steps,
    );
    expect(answer).toBe(42);
    expect(busyDuring).toEqual(['start save']);
    expect(r.seen).toEqual(['start save', 'end']);
  });

  it("hands a call's refusal to the screen, answers undefined and is no longer busy", async () => {
    const r = recorder();
    const refusal = new ApiError('currency is not offered', 400);
    const answer = await runSubmit('submit', () => Promise.reject(refusal), r.steps);
    expect(answer).toBeUndefined();
    expect(r.refusal()).toBe(refusal);
    expect(r.seen).toEqual(['start submit', 'refuse', 'end']);
  });

  it('throws anything else (a bug), still ending the busy state', async () => {
    const r = recorder();
    const bug = new TypeError('x is undefined');
    await expect(runSubmit('submit', () => Promise.reject(bug), r.steps)).rejects.toBe(bug);
    expect(r.seen).toEqual(['start submit', 'end']);
  });
});
