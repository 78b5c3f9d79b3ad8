import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pathOf,
  RISK_KEY_TYPES,
  RISK_LIST_TEXT_LIMITS,
  RISK_LIST_TYPES,
  RISK_OWNER_SCOPES,
  type RiskOwnerScope,
} from '@bo/contract';
import { navigateTo } from '../../lib/navigation';
import { useSessionUser, viewerOf } from '../../lib/session';
import { announceSuccess } from '../../lib/success-notes';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';
import { refreshRiskLists, sendCreateRiskList } from './api/risk-lists';

/** The scopes each account type may make a list in: its own, and those below it. */
const SCOPES_OF: Readonly<Record<string, readonly RiskOwnerScope[]>> = {
  admin: RISK_OWNER_SCOPES,
  reseller: ['reseller', 'merchant'],
  merchant: ['merchant'],
};

/**
 * New list: its name, key type, block or allow, and whose it is. An admin names the merchant
 * or reseller of a non-platform list, a reseller the merchant of a merchant's list; a
 * merchant's list is its own. The new list opens.
 */
export function NewRiskListDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const type = viewer?.accountType ?? 'merchant';
  const scopes = SCOPES_OF[type] ?? ['merchant'];
  const [scope, setScope] = useState<RiskOwnerScope>(scopes[0]!);
  const { isBusy, run } = useSubmit();
  const needsOwner = scope !== 'platform' && scope !== type;
  const submit = async (form: HTMLFormElement) => {
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const made = await run(() =>
      sendCreateRiskList({
        name: fields.name ?? '',
        keyType: fields.keyType as (typeof RISK_KEY_TYPES)[number],
        listType: fields.listType as (typeof RISK_LIST_TYPES)[number],
        scope,
        ...(needsOwner ? { ownerDbCode: fields.ownerDbCode ?? '' } : {}),
      }),
    );
    if (!made) return;
    await refreshRiskLists();
    announceSuccess(t('risk.lists.created', { name: made.name }));
    onClose();
    navigateTo(pathOf('riskList', { id: made.id }));
  };
  return (
    <FormDialog
      title={t('risk.lists.newTitle')}
      testId="risk-list-dialog"
      submitLabel={t('risk.lists.create')}
      submitTestId="risk-list-create"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      autoComplete="off"
    >
      <FormField
        label={t('risk.column.name')}
        name="name"
        required
        maxLength={RISK_LIST_TEXT_LIMITS.name}
        data-testid="field-name"
      />
      <SelectField label={t('risk.column.keyType')} name="keyType" data-testid="field-keyType">
        {RISK_KEY_TYPES.map((k) => (
          <option key={k} value={k}>
            {t(`risk.keyType.${k}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('risk.column.listType')}
        name="listType"
        data-testid="field-listType"
        hint={t('risk.lists.listTypeHint')}
      >
        {RISK_LIST_TYPES.map((k) => (
          <option key={k} value={k}>
            {t(`risk.listType.${k}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('risk.column.scope')}
        name="scope"
        value={scope}
        onChange={(e) => setScope(e.target.value as RiskOwnerScope)}
        data-testid="field-scope"
      >
        {scopes.map((s) => (
          <option key={s} value={s}>
            {t(`risk.scope.${s}`)}
          </option>
        ))}
      </SelectField>
      {needsOwner && (
        <FormField
          label={t(`risk.lists.owner.${scope as 'merchant'}`)}
          name="ownerDbCode"
          dir="ltr"
          required
          maxLength={RISK_LIST_TEXT_LIMITS.ownerDbCode}
          data-testid="field-ownerDbCode"
        />
      )}
    </FormDialog>
  );
}
