import type { Language } from '@bo/contract';
import type { en } from './en';

/**
 * The plural forms each language's grammar asks i18next for (its `Intl.PluralRules`
 * categories) beyond the `_one` / `_other` pair English writes. A language's files write every
 * one of them, for every plural key (locales.test.ts holds them to it).
 */
type ExtraPluralForms = {
  en: never;
  fr: 'many';
  es: 'many';
  zh: never;
  ar: 'zero' | 'two' | 'few' | 'many';
};

/** `items_other` brings `items_zero`, `items_two`… for the extra forms `F`. */
type PluralFormsOf<K, F extends string> = K extends `${infer Stem}_other` ? `${Stem}_${F}` : never;

/** The shape a language fills: the same keys as English, any text, and its extra plural forms. */
type ShapeOf<T, F extends string> = {
  [K in keyof T as K | PluralFormsOf<K, F>]: T[K] extends string ? string : ShapeOf<T[K], F>;
};
export type Translation<L extends Language = 'en'> = ShapeOf<typeof en, ExtraPluralForms[L]>;
