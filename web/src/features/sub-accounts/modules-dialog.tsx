import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleName, SubAccountRow } from '@bo/contract';
import { sendUpdateSubAccountModules } from './api/update-sub-account-modules';
import { confirmChange } from './confirm-change';
import { SubAccountFormDialog } from './form-dialog';
import { ModuleCheckboxes } from './module-checkboxes';
import { modulesProblem } from './sub-account-fields';

/** Changes a sub-account's modules among the parent's own; at least one stays. */
export function ModulesDialog({
  row,
  choices,
  onClose,
}: {
  row: SubAccountRow;
  choices: readonly ModuleName[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [modules, setModules] = useState(() => choices.filter((m) => row.modules.includes(m)));
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    const found = modulesProblem(modules);
    setProblem(found && t(`subAccounts.form.${found}`));
    if (found) return false;
    return confirmChange({
      question: t('subAccounts.confirm.modules', {
        username: row.username,
        modules: modules.map((m) => t(`subAccounts.modules.${m}`)).join(', '),
      }),
      confirmLabel: t('subAccounts.confirm.modulesButton'),
      send: () => sendUpdateSubAccountModules({ id: row.id, modules: modules.join(',') }),
      doneText: t('subAccounts.done.modules', { username: row.username }),
    });
  };
  return (
    <SubAccountFormDialog
      title={t('subAccounts.form.modulesTitle', { username: row.username })}
      testId="sub-account-modules"
      onClose={onClose}
      submit={submit}
    >
      <ModuleCheckboxes choices={choices} value={modules} onChange={setModules} error={problem} />
    </SubAccountFormDialog>
  );
}
