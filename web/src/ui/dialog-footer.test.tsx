import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { DialogFooter, ReviewFooter } from './dialog-footer';

/**
 * Words as their keys: an instance of its own with no translations, whatever language another
 * test file in this worker left the shared one in.
 */
const keysOnly = i18next.createInstance();
await keysOnly.init({ lng: 'en', resources: {} });

/** The footer's buttons, in order: their type, whether disabled, test id and words. */
function buttons(node: React.ReactNode) {
  const html = renderToStaticMarkup(<I18nextProvider i18n={keysOnly}>{node}</I18nextProvider>);
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attrs = '', words]) => ({
    type: /type="(\w+)"/.exec(attrs)?.[1],
    form: /form="([^"]*)"/.exec(attrs)?.[1],
    className: /class="([^"]*)"/.exec(attrs)?.[1],
    disabled: /\sdisabled=""/.test(attrs),
    testId: /data-testid="([^"]*)"/.exec(attrs)?.[1],
    words,
  }));
}

const noop = () => undefined;

describe('DialogFooter', () => {
  it('shows Cancel, then the main button that submits the form it names', () => {
    const [cancel, main] = buttons(
      <DialogFooter
        onCancel={noop}
        action={{ label: 'Save', form: 'f1', testId: 'save', className: 'btn-danger' }}
      />,
    );
    expect(cancel).toMatchObject({ type: 'button', disabled: false, words: 'common.cancel' });
    expect(main).toMatchObject({ type: 'submit', form: 'f1', testId: 'save', words: 'Save' });
    expect(main!.className).toContain('btn-danger');
  });

  it('waits while busy: both buttons refuse clicks and the main one shows a spinner', () => {
    const [cancel, main] = buttons(
      <DialogFooter busy onCancel={noop} action={{ label: 'Save', onClick: noop }} />,
    );
    expect(cancel!.disabled).toBe(true);
    expect(main).toMatchObject({ type: 'button', disabled: true });
    expect(main!.words).toContain('spinner');
  });

  it('shows the main button alone for a dialog that only tells', () => {
    const shown = buttons(<DialogFooter action={{ label: 'Done', onClick: noop }} />);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.className).toContain('btn-primary');
  });
});

describe('ReviewFooter', () => {
  const steps = (reviewing: boolean) =>
    buttons(
      <ReviewFooter
        reviewing={reviewing}
        review={{ label: 'Review', form: 'f2', testId: 'x-review' }}
        confirm={{ label: 'Confirm', onClick: noop, testId: 'x-confirm' }}
        onBack={noop}
        onCancel={noop}
        backTestId="x-back"
      />,
    );

  it('offers Cancel and Review while the form is filled', () => {
    expect(steps(false).map((b) => b.words)).toEqual(['common.cancel', 'Review']);
    expect(steps(false)[1]).toMatchObject({ type: 'submit', form: 'f2', testId: 'x-review' });
  });

  it('offers Back and Confirm once the change is shown', () => {
    const [back, confirm] = steps(true);
    expect(back).toMatchObject({ words: 'money.request.back', testId: 'x-back' });
    expect(confirm).toMatchObject({ type: 'button', testId: 'x-confirm', words: 'Confirm' });
  });
});
