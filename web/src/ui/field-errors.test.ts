import { describe, expect, it } from 'vitest';
import { isFieldOf } from './field-errors';

describe('isFieldOf', () => {
  it('places a refusal under its input, and an item’s under its whole list', () => {
    expect(isFieldOf('resellerDbCode', 'resellerDbCode')).toBe(true);
    expect(isFieldOf('modules', 'modules')).toBe(true);
    expect(isFieldOf('currencies', 'currencies.1')).toBe(true);
    // Another field, even one whose name starts the same, is not this one.
    expect(isFieldOf('modules', 'modulesExtra')).toBe(false);
    expect(isFieldOf('name', 'email')).toBe(false);
  });
});
