import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { FieldErrorProvider } from './field-errors';
import { SelectField, ToolbarSelect } from './select-field';

/** The select's markup, parsed enough to read its attributes. */
function render(node: React.ReactNode) {
  const html = renderToStaticMarkup(node);
  const attr = (tag: string, name: string) =>
    new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
  return { html, attr };
}

const choices = (
  <>
    <option value="">Choose</option>
    <option value="THB">THB</option>
  </>
);

describe('SelectField', () => {
  it('labels its select, by the id it is given', () => {
    const { attr } = render(
      <SelectField id="currency" label="Currency" value="THB" onChange={() => undefined}>
        {choices}
      </SelectField>,
    );
    expect(attr('label', 'for')).toBe('currency');
    expect(attr('select', 'id')).toBe('currency');
    expect(attr('select', 'aria-invalid')).toBeUndefined();
  });

  it('labels its select by its own id when given none', () => {
    const { attr } = render(<SelectField label="Currency">{choices}</SelectField>);
    expect(attr('select', 'id')).toBeTruthy();
    expect(attr('label', 'for')).toBe(attr('select', 'id'));
  });

  it('shows its error under it, marks it invalid and points to the error', () => {
    const { html, attr } = render(
      <SelectField id="currency" label="Currency" hint="Pick one" error="Choose a currency">
        {choices}
      </SelectField>,
    );
    expect(attr('select', 'class')).toContain('is-invalid');
    expect(attr('select', 'aria-invalid')).toBe('true');
    expect(attr('select', 'aria-describedby')).toBe('currency-error');
    expect(html).toMatch(
      /<div id="currency-error" class="invalid-feedback"[^>]*>Choose a currency</,
    );
    expect(html).not.toContain('Pick one');
  });

  it("shows the server's refusal of its field, in a form that places them", () => {
    const placed = {
      problems: [{ field: 'currency', message: 'is not offered' }],
      claim: () => true,
    };
    const { html, attr } = render(
      <FieldErrorProvider value={placed}>
        <SelectField name="currency" label="Currency">
          {choices}
        </SelectField>
        <SelectField name="network" label="Network">
          {choices}
        </SelectField>
      </FieldErrorProvider>,
    );
    expect(html.match(/is not offered/g)).toHaveLength(1);
    expect(attr('select', 'aria-invalid')).toBe('true');
    expect(html).toContain('data-testid="field-error-currency"');
  });

  it('keeps the default bottom margin unless its class names one', () => {
    expect(render(<SelectField label="A" className="col-md-4" />).attr('div', 'class')).toBe(
      'mb-3 col-md-4',
    );
    expect(render(<SelectField label="A" className="mb-0" />).attr('div', 'class')).toBe('mb-0');
  });
});

describe('ToolbarSelect', () => {
  it('is small and named by aria-label alone when no label is shown', () => {
    const { html, attr } = render(
      <ToolbarSelect label="Event" data-testid="event-filter">
        {choices}
      </ToolbarSelect>,
    );
    expect(html).not.toContain('<label');
    expect(attr('select', 'aria-label')).toBe('Event');
    expect(attr('select', 'class')).toContain('form-select-sm');
    expect(attr('select', 'data-testid')).toBe('event-filter');
  });

  it('shows its label above or beside, tied to the id it is given', () => {
    for (const labelShown of ['above', 'beside'] as const) {
      const { html, attr } = render(
        <ToolbarSelect id="list-currency" label="Currency" labelShown={labelShown} icon="bi-globe2">
          {choices}
        </ToolbarSelect>,
      );
      expect(attr('label', 'for')).toBe('list-currency');
      expect(attr('select', 'id')).toBe('list-currency');
      expect(attr('select', 'aria-label')).toBeUndefined();
      expect(html).toMatch(
        /<i class="bi bi-globe2 me-1" aria-hidden="true"><\/i>Currency<\/label>/,
      );
    }
  });

  it('labels itself by its own id when given none', () => {
    const { attr } = render(<ToolbarSelect label="Size" labelShown="beside" />);
    expect(attr('select', 'id')).toBeTruthy();
    expect(attr('label', 'for')).toBe(attr('select', 'id'));
  });
});
