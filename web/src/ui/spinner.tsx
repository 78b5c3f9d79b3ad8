import { useTranslation } from 'react-i18next';

/** The loading indicator of spec section 4 ("loading shows spinners"). */
export function Spinner({
  size = 'md',
  label,
  onDark = false,
}: {
  size?: 'sm' | 'md';
  label?: string;
  /** Inside a coloured button: white instead of the primary colour. */
  onDark?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={`spinner-border ${onDark ? 'text-white' : 'text-primary'} ${
        size === 'sm' ? 'spinner-border-sm' : ''
      }`}
      role="status"
    >
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** A spinner centred in the content area while a screen or its data loads. */
export function PageSpinner() {
  return (
    <div
      className="d-flex justify-content-center align-items-center py-5"
      data-testid="page-spinner"
    >
      <Spinner />
    </div>
  );
}
