import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { TIMEZONE_CHOICES, type TimezoneChoice } from '@bo/contract';
import { en } from '../../i18n/locales/en';
import { StatisticsCard } from './statistics-card';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
});

function heading(timeZone: TimezoneChoice) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      {/* A chart point opens its list: the card navigates. */}
      <MemoryRouter>
        <StatisticsCard
          statistics={undefined}
          currency="THB"
          period="7D"
          timeZone={timeZone}
          onPeriodChange={() => undefined}
          isUpdating={false}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const h5 = /<h5[^>]*data-testid="statistics-heading"[^>]*>(.*?)<\/h5>/.exec(html)?.[1] ?? '';
  return h5.replace(/<[^>]+>/g, '');
}

describe('the Statistical Overview names the zone it is drawn in (issue 40)', () => {
  it('is UTC under Default, and the chosen zone otherwise', () => {
    expect(heading('Default')).toBe('Statistical Overview · UTC');
    expect(heading('Malaysia')).toBe('Statistical Overview · Malaysia (UTC+8:00)');
    expect(heading('India')).toBe('Statistical Overview · India (UTC+5:30)');
    for (const choice of TIMEZONE_CHOICES) expect(heading(choice)).toMatch(/ · \S/);
  });
});
