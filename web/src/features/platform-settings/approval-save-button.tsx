import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../ui/busy-button';
import type { ApprovalSetting } from './use-approval-request';

/**
 * The Save of one setting of the approvals card: busy while that setting is on its way, locked
 * while any is (the card asks for one change at a time, with its one reason).
 */
export function ApprovalSaveButton({
  setting,
  busy,
  testId,
}: {
  setting: ApprovalSetting;
  busy: ApprovalSetting | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <BusyButton
      type="submit"
      className="btn-primary"
      isBusy={busy === setting}
      disabled={busy !== null}
      data-testid={testId}
    >
      {t('platformSettings.save')}
    </BusyButton>
  );
}
