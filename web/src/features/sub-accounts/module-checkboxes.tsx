import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleName } from '@bo/contract';

/** The modules a sub-account may get, as checkboxes, with the field's message in place. */
export function ModuleCheckboxes({
  choices,
  value,
  onChange,
  error,
}: {
  choices: readonly ModuleName[];
  value: readonly ModuleName[];
  onChange: (modules: ModuleName[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (module: ModuleName, on: boolean) =>
    onChange(choices.filter((m) => (m === module ? on : value.includes(m))));
  return (
    <fieldset className="mb-3" aria-describedby={`${id}-help`} data-testid="module-checkboxes">
      <legend className="form-label fw-medium fs-6 mb-1">{t('subAccounts.form.modules')}</legend>
      <div className="row row-cols-2 g-1">
        {choices.map((module) => (
          <div key={module} className="col">
            <div className="form-check">
              <input
                id={`${id}-${module}`}
                type="checkbox"
                className={`form-check-input ${error ? 'is-invalid' : ''}`}
                checked={value.includes(module)}
                onChange={(e) => toggle(module, e.target.checked)}
                data-testid={`module-${module}`}
              />
              <label className="form-check-label" htmlFor={`${id}-${module}`}>
                {t(`subAccounts.modules.${module}`)}
              </label>
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <div className="invalid-feedback d-block" data-testid="modules-error">
          {error}
        </div>
      ) : (
        <div id={`${id}-help`} className="form-text">
          {t('subAccounts.form.modulesHint')}
        </div>
      )}
    </fieldset>
  );
}
