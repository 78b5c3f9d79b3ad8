import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderedIn, TEST_LOCALES, type TestLanguage } from '../i18n/test-translations';
import { OpenedFigureNote, openedFigureState, TOTAL_WORDS, totalWordOf } from './opened-figure';

/** The note as a view renders it, opened with `state` in its history entry. */
const noteIn = (lang: TestLanguage, state: unknown) =>
  renderedIn(
    lang,
    createElement(
      MemoryRouter,
      { initialEntries: [{ pathname: '/ledger-entries', state }] },
      createElement(OpenedFigureNote),
    ),
  );

describe('the note of the figure a view was opened from', () => {
  it('names the figure and which total of the view it is, in every language', async () => {
    const state = openedFigureState({ equals: 'closing', shown: '1,234.50' });
    for (const lang of Object.keys(TEST_LOCALES) as TestLanguage[]) {
      const html = await noteIn(lang, state);
      expect(html, lang).toContain('data-testid="opened-figure"');
      expect(html, lang).toContain('data-equals="closing"');
      expect(html, lang).toContain('<bdi class="fw-semibold">1,234.50</bdi>');
    }
    expect(await noteIn('en', state)).toContain('equals the closing balance in the totals.');
  });

  it('says nothing for a view not opened from a figure, or with a state of another shape', async () => {
    expect(await noteIn('en', null)).toBe('');
    expect(await noteIn('en', { from: '/login' })).toBe('');
    expect(await noteIn('en', { openedFigure: { equals: 'net' } })).toBe('');
  });

  it('has words for every total it names, in every language; another report column is "a total"', () => {
    for (const lang of Object.keys(TEST_LOCALES) as TestLanguage[]) {
      const words = TEST_LOCALES[lang].list.openedFigure as Record<string, string>;
      for (const word of [...TOTAL_WORDS, 'other'])
        expect(words[word], `${lang} ${word}`).toMatch(/<figure>\{\{shown\}\}<\/figure>/);
    }
    expect(totalWordOf('closing_negated')).toBe('closing_negated');
    expect(totalWordOf('total:available')).toBe('total_available');
    expect(totalWordOf('total:reserved')).toBe('other');
  });
});
