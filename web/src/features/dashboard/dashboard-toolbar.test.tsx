import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ar } from '../../i18n/locales/ar';
import { en } from '../../i18n/locales/en';
import { DashboardToolbar, type SwitchControl } from './dashboard-toolbar';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en }, ar: { translation: ar } },
  interpolation: { escapeValue: false },
});

/** The demo-data switch's input tag and the whole toolbar's markup, in `lang`. */
function demoSwitch(control: SwitchControl, lang: 'en' | 'ar' = 'en') {
  void i18n.changeLanguage(lang);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DashboardToolbar
        currency={null}
        liveUpdates={null}
        demoData={control}
        timeZone="Default"
        onTimeZoneChange={() => undefined}
        updatedAt={0}
        isFetching={false}
      />
    </I18nextProvider>,
  );
  const input = /<input[^>]*data-testid="demo-data-switch"[^>]*>/.exec(html)?.[0] ?? '';
  return { html, input };
}

const onChange = () => undefined;

describe('the demo-data switch', () => {
  it('stands where it was asked to, busy and disabled, while the server has not answered', () => {
    const { input } = demoSwitch({ isOn: false, isBusy: true, onChange });
    expect(input).toContain('aria-busy="true"');
    expect(input).toContain('disabled=""');
    expect(input).not.toContain('checked');
  });

  it('is idle and enabled once answered', () => {
    const { input, html } = demoSwitch({ isOn: true, onChange });
    expect(input).toContain('aria-busy="false"');
    expect(input).not.toContain('disabled');
    expect(input).toContain('checked=""');
    expect(html).not.toContain('role="alert"');
  });

  it('says so when the change was not taken, in each language', () => {
    for (const lang of ['en', 'ar'] as const) {
      const { input, html } = demoSwitch({ isOn: true, hasFailed: true, onChange }, lang);
      expect(input).toContain('aria-describedby="dashboard-demo-failed"');
      expect(html).toContain(
        `<span id="dashboard-demo-failed" class="text-danger small" role="alert" data-testid="demo-data-switch-failed">${(lang === 'en' ? en : ar).common.switchFailed}</span>`,
      );
    }
  });
});
