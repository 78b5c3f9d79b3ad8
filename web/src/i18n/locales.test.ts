import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@bo/contract';
import { ar } from './locales/ar';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { zh } from './locales/zh';

const BUNDLES = { en, fr, es, zh, ar };

/** Every namespace file of every language, `./locales/<lang>/<namespace>.ts`, by path. */
const NAMESPACE_FILES = import.meta.glob<Record<string, unknown>>(
  [
    './locales/*/*.ts',
    '!./locales/*/index.ts',
    '!./locales/en/eager.ts',
    '!./locales/en/signed-in.ts',
  ],
  { eager: true },
);

/** Every `a.b.c` key with its text. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/** Each plural key's stem (`money.days`) with the plural forms written for it (`one`, `other`…). */
function pluralFormsOf(keys: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of keys.keys()) {
    const plural = PLURAL_KEY.exec(key);
    if (plural) out.set(plural[1]!, [...(out.get(plural[1]!) ?? []), plural[2]!]);
  }
  return out;
}

/** Texts that are the same in every language on purpose (names, codes, language names). */
const SAME_EVERYWHERE =
  /^(languages\.|routes\.skype$|routes\.error$|.*\.telegram$|.*Usdt.*|menu\.items\.apiDocumentation$)/;

describe('translations', () => {
  const english = flatten(en);

  it('has a bundle for every language of the product', () => {
    expect(Object.keys(BUNDLES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)(
    '%s has one file per top-level key, each assembled into the bundle',
    (lang) => {
      const files = Object.entries(NAMESPACE_FILES)
        .filter(([path]) => path.startsWith(`./locales/${lang}/`))
        .map(([path, module]) => [path.slice(`./locales/${lang}/`.length, -'.ts'.length), module]);
      expect(files.map(([namespace]) => namespace).sort()).toEqual(Object.keys(en).sort());
      const bundle: Record<string, unknown> = BUNDLES[lang];
      for (const [namespace, module] of files as [string, Record<string, unknown>][]) {
        expect(module[namespace], namespace).toBe(bundle[namespace]);
      }
    },
  );

  it.each(['fr', 'es', 'zh', 'ar'] as const)('%s has every English key, none empty', (lang) => {
    const bundle = flatten(BUNDLES[lang]);
    const ownPluralForm = (key: string) => /_(zero|two|few|many)$/.test(key);
    expect([...bundle.keys()].filter((key) => !ownPluralForm(key)).sort()).toEqual(
      [...english.keys()].sort(),
    );
    for (const [key, text] of bundle) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)(
    '%s writes every plural form its grammar asks for (Intl.PluralRules), and no other',
    (lang) => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      // English's _one / _other pair is every language's shape, even where only _other is used.
      const expected = [...new Set(['one', 'other', ...categories])].sort();
      const forms = pluralFormsOf(flatten(BUNDLES[lang]));
      expect([...forms.keys()].sort()).toEqual([...pluralFormsOf(english).keys()].sort());
      for (const [stem, written] of forms) expect(written.sort(), stem).toEqual(expected);
    },
  );

  it.each(['fr', 'es', 'zh', 'ar'] as const)('%s is translated, not English copied', (lang) => {
    const bundle = flatten(BUNDLES[lang]);
    const copied = [...bundle].filter(
      ([key, text]) => text === english.get(key) && !SAME_EVERYWHERE.test(key),
    );
    // A few words are the same in both languages (e.g. "Vertical", "Info"); most must differ.
    expect(copied.length / bundle.size).toBeLessThan(0.05);
  });

  it.each(['fr', 'es', 'zh', 'ar'] as const)('%s keeps the interpolation placeholders', (lang) => {
    const bundle = flatten(BUNDLES[lang]);
    const placeholders = (t: string) => (t.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [key, text] of bundle) {
      const plural = PLURAL_KEY.exec(key);
      const source = english.get(plural ? `${plural[1]}_other` : key)!;
      // A zero, one or two form may say its number in words ("عنصران") instead of {{count}}.
      const wordsForCount = plural && ['zero', 'one', 'two'].includes(plural[2]!);
      const expected = placeholders(source).filter((p) => !wordsForCount || p !== '{{count}}');
      const kept = placeholders(text).filter((p) => !wordsForCount || p !== '{{count}}');
      expect(kept, key).toEqual(expected);
    }
  });
});
