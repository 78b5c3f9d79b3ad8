import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getPayinList, login } from '../src/calls';
import { describeFields, describeType } from '../src/describe-schema';
import { formFlag, formInt, formOptionalText, formText } from '../src/calls/define';
import { formCurrency, formOptionalCurrency } from '../src/calls/money-fields';

describe('describeFields', () => {
  it('names every field of a call with its type and whether it is required', () => {
    expect(describeFields(login.request)).toEqual([
      { name: 'email', type: 'text (≥1 chars, ≤254 chars, email)', required: true },
      { name: 'password', type: 'text (≥1 chars, ≤200 chars)', required: true },
    ]);
  });

  it('reads through form preprocessing, defaults and optional wrappers', () => {
    const fields = describeFields(
      z.object({
        page: formInt(1, 9).default(1),
        flag: formFlag.optional(),
        note: formOptionalText(30),
        name: formText(12),
        currency: formCurrency,
        maybeCurrency: formOptionalCurrency,
      }),
    );
    expect(fields).toEqual([
      { name: 'page', type: 'number (whole, ≥1, ≤9), default 1', required: false },
      { name: 'flag', type: 'boolean', required: false },
      { name: 'note', type: 'text (≤30 chars)', required: false },
      { name: 'name', type: 'text (≥1 chars, ≤12 chars)', required: true },
      { name: 'currency', type: 'text', required: true },
      { name: 'maybeCurrency', type: 'text', required: false },
    ]);
  });

  it('describes lists, enums, nullables and nested objects of a response', () => {
    const byName = Object.fromEntries(
      describeFields(getPayinList.response).map((f) => [f.name, f]),
    );
    expect(byName.rows?.type).toMatch(
      /^list of object \{ id, order_id, .*completed_at, refunded_amount, disputed \}$/,
    );
    expect(byName.total).toEqual({ name: 'total', type: 'number (whole)', required: true });
    expect(describeType(z.enum(['a', 'b']).nullable())).toBe('one of a, b or null');
    expect(describeFields(z.string())).toEqual([]);
  });
});
