import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { FieldProblem } from '@bo/contract';
import { ar } from '../i18n/locales/ar';
import { en } from '../i18n/locales/en';
import { describeFieldProblem, isFieldProblem } from './field-problem';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: 'en',
  interpolation: { escapeValue: false },
});
const tIn = (lang: 'en' | 'ar') => i18n.getFixedT(lang);

const weak: FieldProblem = {
  field: 'temporaryPassword',
  rule: 'Password needs at least 10 characters, a digit',
  kind: 'password',
  missing: ['length', 'digit'],
};

describe("a server's refusal of a field, in the user's words", () => {
  it('never names the field by its code name', () => {
    const text = describeFieldProblem(weak, tIn('en'));
    expect(text).toBe('The password needs at least 10 characters, a digit.');
    expect(text).not.toContain('temporaryPassword');
  });

  it("says it in the user's language", () => {
    expect(describeFieldProblem(weak, tIn('ar'))).toBe(
      'تحتاج كلمة المرور إلى 10 أحرف على الأقل، رقم.',
    );
    const long: FieldProblem = { field: 'name', rule: 'x', kind: 'tooLong', limit: 120 };
    expect(describeFieldProblem(long, tIn('en'))).toBe('Use at most 120 characters.');
    expect(describeFieldProblem(long, tIn('ar'))).toBe('استخدم 120 حرفًا على الأكثر.');
    const missing: FieldProblem = { field: 'email', rule: 'is required', kind: 'required' };
    expect(describeFieldProblem(missing, tIn('ar'))).toBe('هذا الحقل مطلوب.');
  });

  it("keeps the server's rule, as a sentence, for a kind the catalogs do not know", () => {
    const other: FieldProblem = {
      field: 'status',
      rule: 'must be active or disabled',
      kind: 'other',
    };
    expect(describeFieldProblem(other, tIn('en'))).toBe('Must be active or disabled.');
  });

  it('reads only the shape the server sends', () => {
    expect(isFieldProblem(weak)).toBe(true);
    expect(isFieldProblem({ field: 'x', rule: 'y', kind: 'nonsense' })).toBe(false);
    expect(isFieldProblem('temporaryPassword')).toBe(false);
    expect(isFieldProblem(null)).toBe(false);
  });
});

describe('a refusal naming several fields at once', () => {
  it('keeps every problem the server listed, the first as its field', async () => {
    const { refusalOf } = await import('./api-client');
    const problems: FieldProblem[] = [
      { field: 'steps[0].split[0].gateway', rule: 'names no gateway (NOPE-1)', kind: 'other' },
      { field: 'steps[0].split[1].gateway', rule: 'names no gateway (NOPE-2)', kind: 'other' },
    ];
    const error = refusalOf({
      status: 400,
      message: 'steps[0].split[0].gateway names no gateway (NOPE-1)',
      data: { field: problems[0], fields: [...problems, { field: 'not a problem' }] },
    });
    expect(error.field).toEqual(problems[0]);
    expect(error.fields).toEqual(problems);
    const one = refusalOf({ status: 400, message: 'x', data: { field: problems[1] } });
    expect(one.fields).toEqual([problems[1]]);
  });
});
