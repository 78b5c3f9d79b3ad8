import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem, RuleDefinition } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { FieldErrorProvider, useFormErrorPlacement } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { TextAreaField } from '../../ui/text-area-field';
import { useSubmit } from '../../ui/use-submit';
import { sendValidateRiskRule } from './api/risk-rules-api';
import { definitionOf, draftOf, NEW_RULE, type RuleDraft } from './rules-draft';
import { RuleDraftEditor } from './rules-draft-editor';

export interface RuleFields {
  readonly name: string;
  readonly ownerDbCode?: string;
  readonly definition: string;
  readonly note?: string;
}

/** The server's problems as one refusal the form spreads under its fields. */
const refusalOf = (problems: readonly FieldProblem[]) =>
  new ApiError(`${problems[0]!.field} ${problems[0]!.rule}`, 400, null, problems[0]!, problems);

/** A definition's text without its layout (the JSON view indents it); as it is if it does not read. */
function sameRule(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/**
 * The rule editor: name, kinds, action, onError and flat conditions joined by all or any; a
 * nested tree in the advanced (JSON) view. Check asks the server for every problem; Save checks,
 * then saves; each problem shows under the field its path names.
 */
export function RuleEditorForm({
  name: initialName,
  definition,
  isNew,
  onSave,
  onDirtyChange,
}: {
  name: string;
  definition?: RuleDefinition;
  isNew: boolean;
  onSave: (fields: RuleFields) => Promise<unknown>;
  /** Told whether the name or the rule differ from what was saved (the note is not the rule). */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [owner, setOwner] = useState('');
  const [note, setNote] = useState('');
  const start = definition ? draftOf(definition) : NEW_RULE;
  const [draft, setDraft] = useState<RuleDraft>(start ?? NEW_RULE);
  const [json, setJson] = useState<string | null>(
    start ? null : JSON.stringify(definition, null, 2),
  );
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [checked, setChecked] = useState(false);
  const submit = useSubmit<'check' | 'save'>({ onRefusal: setRefusal });
  const { placed, alert } = useFormErrorPlacement(refusal);
  const text = () => json ?? JSON.stringify(definitionOf(draft));
  const [savedText] = useState(() => sameRule(text()));
  const isDirty = name !== initialName || sameRule(text()) !== savedText;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const check = async () => {
    setRefusal(null);
    setChecked(false);
    const answer = await submit.run(
      () => sendValidateRiskRule({ definition: text(), ...(isNew ? { ownerDbCode: owner } : {}) }),
      'check',
    );
    if (answer?.problems.length) setRefusal(refusalOf(answer.problems));
    return answer !== undefined && answer.problems.length === 0;
  };
  const save = async () => {
    if (!(await check())) return;
    const fields = { name, definition: text(), note, ...(isNew ? { ownerDbCode: owner } : {}) };
    if ((await submit.run(() => onSave(fields), 'save')) !== undefined) setNote('');
  };
  const toggleJson = () => {
    if (json === null) return setJson(JSON.stringify(definitionOf(draft), null, 2));
    try {
      const back = draftOf(JSON.parse(json) as RuleDefinition);
      if (back) {
        setDraft(back);
        setJson(null);
      } else setRefusal(new ApiError(t('riskRules.editor.notFlat'), null));
    } catch {
      setRefusal(new ApiError(t('riskRules.editor.notFlat'), null));
    }
  };
  return (
    <FieldErrorProvider value={placed}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        data-testid="risk-rule-form"
      >
        {alert && (
          <div className="alert alert-danger" role="alert" data-testid="risk-rule-alert">
            {alert}
          </div>
        )}
        {checked && <div className="alert alert-success">{t('riskRules.editor.checked')}</div>}
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <FormField
              label={t('riskRules.editor.name')}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="risk-rule-name"
            />
          </div>
          {isNew && (
            <div className="col-12 col-md-6">
              <FormField
                label={t('riskRules.editor.owner')}
                name="ownerDbCode"
                value={owner}
                dir="ltr"
                onChange={(e) => setOwner(e.target.value)}
                data-testid="risk-rule-owner"
              />
            </div>
          )}
        </div>
        {json === null ? (
          <RuleDraftEditor draft={draft} onChange={setDraft} />
        ) : (
          <TextAreaField
            label={t('riskRules.editor.definition')}
            name="definition"
            rows={14}
            dir="ltr"
            className="font-monospace"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            data-testid="risk-rule-json"
          />
        )}
        <TextAreaField
          label={t('riskRules.editor.note')}
          name="note"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="risk-rule-note"
        />
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={toggleJson}
            data-testid="risk-rule-advanced"
          >
            {json === null ? t('riskRules.editor.advanced') : t('riskRules.editor.structured')}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary ms-auto"
            disabled={submit.isBusy}
            onClick={() => void check().then(setChecked)}
            data-testid="risk-rule-check"
          >
            {t('riskRules.editor.check')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={submit.isBusy}
            data-testid="risk-rule-save"
          >
            {t('riskRules.editor.save')}
          </button>
        </div>
      </form>
    </FieldErrorProvider>
  );
}
