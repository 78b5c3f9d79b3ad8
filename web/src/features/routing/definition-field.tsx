import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '@bo/contract';
import { describeFieldProblem } from '../../lib/field-problem';

/**
 * The profile's definition as JSON, with every problem found under it as a list: each part
 * named by its path (`steps[0].rules[0].gateways[0]: SBX-MYR-2 is inactive`), the text as a
 * whole in words. The textarea takes the focus when problems come.
 */
export function DefinitionField({
  value,
  onChange,
  problems,
}: {
  value: string;
  onChange: (value: string) => void;
  problems: readonly FieldProblem[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (problems.length) ref.current?.focus();
  }, [problems]);
  const isInvalid = problems.length > 0;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-medium">
        {t('routing.editor.definition')}
      </label>
      <textarea
        ref={ref}
        id={id}
        name="definition"
        className={`form-control font-monospace small ${isInvalid ? 'is-invalid' : ''}`}
        rows={12}
        dir="ltr"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={`${id}-${isInvalid ? 'problems' : 'hint'}`}
        data-testid="routing-definition"
      />
      {isInvalid ? (
        <div
          id={`${id}-problems`}
          className="invalid-feedback"
          data-testid="routing-definition-problems"
        >
          {t('routing.editor.problems')}
          <ul className="mb-0 ps-3">
            {problems.map((p) => (
              <li key={p.field} data-field={p.field}>
                {p.field === 'definition' ? (
                  describeFieldProblem(p, t)
                ) : (
                  <>
                    <bdi dir="ltr" className="font-monospace">
                      {p.field}
                    </bdi>
                    : <bdi>{p.rule}</bdi>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div id={`${id}-hint`} className="form-text">
          {t('routing.editor.definitionHint')}
        </div>
      )}
    </div>
  );
}
