import { describe, expect, it } from 'vitest';
import { withFullStop } from './api-error';

describe('withFullStop (spec section 8: message followed by a full stop)', () => {
  it('adds the full stop', () => {
    expect(withFullStop('Wrong email or password')).toBe('Wrong email or password.');
  });
  it('does not double it', () => {
    expect(withFullStop('Too many attempts.')).toBe('Too many attempts.');
    expect(withFullStop('Really?')).toBe('Really?');
  });
});
