import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { enEager } from './locales/en/eager';
import { enSignedIn } from './locales/en/signed-in';
import { SCREEN_ENGLISH_FILES } from './screen-namespaces';

describe('screen namespaces', () => {
  it('load lazily every English namespace the app and the signed-in frame do not hold', () => {
    const loaded = new Set([...Object.keys(enEager), ...Object.keys(enSignedIn)]);
    const lazy = Object.keys(SCREEN_ENGLISH_FILES)
      .map((path) => path.replace('./locales/en/', '').replace('.ts', ''))
      .sort();
    expect(lazy).toEqual(
      Object.keys(en)
        .filter((name) => !loaded.has(name))
        .sort(),
    );
  });

  it('find each namespace under its own name in its file', async () => {
    for (const [path, load] of Object.entries(SCREEN_ENGLISH_FILES)) {
      const name = path.replace('./locales/en/', '').replace('.ts', '');
      expect((await load())[name], path).toBeTypeOf('object');
    }
  });
});
