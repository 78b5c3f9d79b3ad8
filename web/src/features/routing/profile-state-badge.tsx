import { useTranslation } from 'react-i18next';

/** Whether a profile routes (active) or is switched off, as a soft badge. */
export function ProfileStateBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  const tone = isActive ? 'success' : 'secondary';
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-state={isActive ? 'active' : 'off'}
      data-testid="routing-profile-state"
    >
      {t(isActive ? 'routing.state.active' : 'routing.state.off')}
    </span>
  );
}
