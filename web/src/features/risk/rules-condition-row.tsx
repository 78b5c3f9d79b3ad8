import { useTranslation } from 'react-i18next';
import { CONDITION_TYPES, type ConditionType } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { CONDITION_FIELDS, newCondition, type ConditionDraft, type FieldSpec } from './rules-draft';

type Say = (key: string) => string;

/** A choice's words: currencies and symbols as they are, vocabulary in the user's language. */
function choiceLabel(say: Say, spec: FieldSpec, value: string): string {
  const group: Record<string, string> = {
    op: 'ops',
    key: 'keys',
    measure: 'measures',
    scope: 'velocityScopes',
    share: 'shares',
    unit: 'spans',
  };
  if (spec.name === 'since')
    return value === 'today' ? say('riskRules.fields.sinceToday') : say(`riskRules.spans.${value}`);
  return group[spec.name] ? say(`riskRules.${group[spec.name]}.${value}`) : value;
}

/** Whether a field shows for the condition's other fields (`to` only for between…). */
function shown(spec: FieldSpec, fields: Readonly<Record<string, string>>): boolean {
  if (spec.name === 'to') return fields.op === 'between';
  if (spec.name === 'sinceValue') return fields.since !== 'today';
  if (spec.name === 'currency' && 'measure' in fields) return fields.measure === 'sum';
  return true;
}

/** The part of the definition a field's refusal names (`window` for its number and unit). */
const PATH_OF: Record<string, string | undefined> = { unit: undefined, sinceValue: undefined };

/**
 * One condition of the form: its type, then its fields, each named by its path in the
 * definition (`when.all[1].firstSeen.since`) so the server's refusal shows under it.
 */
export function ConditionRow({
  path,
  index,
  condition,
  onChange,
  onRemove,
}: {
  path: string;
  index: number;
  condition: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const say = t as unknown as Say;
  const base = `${path}.${condition.type}`;
  const set = (name: string, value: string) =>
    onChange({ ...condition, fields: { ...condition.fields, [name]: value } });
  return (
    <fieldset className="border rounded p-2 mb-2" data-testid={`risk-condition-${index}`}>
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-3">
          <SelectField
            label={t('riskRules.editor.conditionType')}
            value={condition.type}
            onChange={(e) => onChange(newCondition(e.target.value as ConditionType))}
            data-testid="risk-condition-type"
            className="mb-0"
          >
            {CONDITION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`riskRules.conditionTypes.${type}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {CONDITION_FIELDS[condition.type]
          .filter((spec) => shown(spec, condition.fields))
          .map((spec) => {
            const name = spec.name in PATH_OF ? PATH_OF[spec.name] : `${base}.${spec.name}`;
            const common = {
              label: say(`riskRules.fields.${spec.label}`),
              name,
              value: condition.fields[spec.name] ?? '',
              'data-testid': `risk-field-${spec.name}`,
              className: 'mb-0',
            };
            return (
              <div key={spec.name} className="col-6 col-md-3">
                {spec.input === 'choice' ? (
                  <SelectField {...common} onChange={(e) => set(spec.name, e.target.value)}>
                    {spec.optional && <option value="">{t('riskRules.fields.none')}</option>}
                    {spec.values!.map((v) => (
                      <option key={v} value={v}>
                        {choiceLabel(say, spec, v)}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <FormField
                    {...common}
                    type={spec.input === 'time' ? 'time' : 'text'}
                    inputMode={spec.input === 'number' ? 'decimal' : undefined}
                    dir="ltr"
                    onChange={(e) => set(spec.name, e.target.value)}
                  />
                )}
              </div>
            );
          })}
        {onRemove && (
          <div className="col-auto ms-auto">
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={onRemove}
              aria-label={t('riskRules.editor.removeCondition')}
              title={t('riskRules.editor.removeCondition')}
              data-testid="risk-condition-remove"
            >
              <i className="bi bi-trash" aria-hidden />
            </button>
          </div>
        )}
      </div>
    </fieldset>
  );
}
