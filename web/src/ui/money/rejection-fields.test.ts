import { describe, expect, it } from 'vitest';
import { rejectionErrorsOf } from './rejection-fields';

const REASON = 'Choose a reason';
const NOTE = 'Say why';

describe('rejectionErrorsOf', () => {
  it('asks for a reason only where one is asked, and for a note only where it is required', () => {
    expect(rejectionErrorsOf({ reasonCode: '', note: ' ' }, REASON, NOTE)).toEqual({
      reasonCode: REASON,
      note: NOTE,
    });
    expect(rejectionErrorsOf({ reasonCode: 'other', note: 'Wrong bank' }, REASON, NOTE)).toEqual(
      {},
    );
    // An approval's note alone: no reason list, the note optional.
    expect(rejectionErrorsOf({ reasonCode: null, note: '' }, REASON, null)).toEqual({});
    expect(rejectionErrorsOf({ reasonCode: null, note: '' }, REASON, NOTE)).toEqual({ note: NOTE });
  });
});
