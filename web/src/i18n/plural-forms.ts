/**
 * The plural forms a language asks i18next for (`Intl.PluralRules` categories) beyond the
 * `_one` / `_other` pair every translation file writes: Arabic asks for `_zero`, `_two`, `_few`
 * and `_many` too, and i18next would fall back to English for a count such as 3. Each missing
 * form is filled with the language's own `_other` text, written to read right for any count.
 */
export function withPluralForms<T extends object>(bundle: T, lang: string): T {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const fill = (tree: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      out[key] = typeof value === 'string' ? value : fill(value as Record<string, unknown>);
      if (typeof value !== 'string' || !key.endsWith('_other')) continue;
      const stem = key.slice(0, -'_other'.length);
      for (const category of categories)
        if (!(`${stem}_${category}` in tree)) out[`${stem}_${category}`] = value;
    }
    return out;
  };
  return fill(bundle as Record<string, unknown>) as T;
}
