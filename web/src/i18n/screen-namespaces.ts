import { i18n } from './index';
import type { en } from './locales/en';
import type { enEager } from './locales/en/eager';
import type { enSignedIn } from './locales/en/signed-in';

/**
 * English namespaces that load with the screens that use them rather than with the app, so
 * /login's first load stays small: every namespace the app does not ship (`enEager`) or load
 * with the signed-in frame (`enSignedIn`). Each is its own file, `locales/en/<name>.ts`,
 * exporting `<name>`, so a screen's new namespace needs no entry here. Other languages load
 * whole when chosen (index.ts).
 */
export type ScreenNamespace = Exclude<
  keyof typeof en,
  keyof typeof enEager | keyof typeof enSignedIn
>;
/**
 * The screens' English files: all of `locales/en/` but the bundles and the files `eager.ts` and
 * `signed-in.ts` hold (those load with them; screen-namespaces.test.ts keeps this list whole).
 */
export const SCREEN_ENGLISH_FILES = import.meta.glob<Record<string, object>>([
  './locales/en/*.ts',
  '!./locales/en/{index,eager,signed-in}.ts',
  '!./locales/en/{auth,common,footer,languages,page,popup,routes,security,feedback}.ts',
  '!./locales/en/{accounts,contracts,dashboard,list,menu,money,profile,settings,topbar}.ts',
]);

async function englishOf(name: ScreenNamespace): Promise<object> {
  const load = SCREEN_ENGLISH_FILES[`./locales/en/${name}.ts`];
  const strings = load && (await load())[name];
  if (!strings) throw new Error(`locales/en/${name}.ts does not export ${name}`);
  return strings;
}

/** Adds the English of these namespaces (once) before a screen that uses them renders. */
export async function loadScreenNamespaces(names: readonly ScreenNamespace[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => i18n.getResource('en', 'translation', name) === undefined)
      .map(async (name) => {
        const strings = await englishOf(name);
        i18n.addResourceBundle('en', 'translation', { [name]: strings }, true, false);
      }),
  );
}

/**
 * Adds the signed-in frame's English (locales/en/signed-in.ts) once; the frame waits for it
 * (app/lazy-app-frame.tsx), so no signed-in screen renders before its words are there.
 */
export async function loadSignedInEnglish(): Promise<void> {
  if (i18n.getResource('en', 'translation', 'menu') !== undefined) return;
  const { enSignedIn } = await import('./locales/en/signed-in');
  i18n.addResourceBundle('en', 'translation', enSignedIn, true, false);
}
