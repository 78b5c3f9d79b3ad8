import { useTranslation } from 'react-i18next';
import { ConditionRow } from './rules-condition-row';
import { newCondition, type RuleDraft } from './rules-draft';
import { RuleDraftHead } from './rules-draft-head';

/** The form's rule: its head, then each condition's row (named by its path) and Add condition. */
export function RuleDraftEditor({
  draft,
  onChange,
}: {
  draft: RuleDraft;
  onChange: (next: RuleDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RuleDraftHead draft={draft} onChange={onChange} />
      {draft.conditions.map((c, i) => (
        <ConditionRow
          key={i}
          index={i}
          path={`when.${draft.join}[${i}]`}
          condition={c}
          onChange={(next) =>
            onChange({
              ...draft,
              conditions: draft.conditions.map((x, j) => (j === i ? next : x)),
            })
          }
          onRemove={
            draft.conditions.length > 1
              ? () =>
                  onChange({
                    ...draft,
                    conditions: draft.conditions.filter((_, j) => j !== i),
                  })
              : undefined
          }
        />
      ))}
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary mb-3"
        onClick={() =>
          onChange({ ...draft, conditions: [...draft.conditions, newCondition('amount')] })
        }
        data-testid="risk-condition-add"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t('riskRules.editor.addCondition')}
      </button>
    </>
  );
}
