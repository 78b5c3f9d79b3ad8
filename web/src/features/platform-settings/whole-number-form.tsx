import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';

/**
 * One whole-number setting of the maker-checker card (the request expiry, the USDT rate band):
 * checked in place against its bounds, then `onSave` (which confirms and sends) answers the
 * server's refusal, if any, to show under the field.
 */
export function WholeNumberForm({
  label,
  hint,
  saved,
  bounds: [min, max],
  isBusy,
  isLocked,
  onSave,
  testId,
}: {
  label: string;
  hint: string;
  saved: number;
  bounds: readonly [number, number];
  isBusy: boolean;
  isLocked: boolean;
  onSave: (n: number) => Promise<string | null>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(saved));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (!(n >= min && n <= max)) {
      setError(t('platformSettings.errors.whole', { min, max }));
      return;
    }
    setError(await onSave(n));
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        label={label}
        hint={hint}
        inputMode="numeric"
        dir="ltr"
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        data-testid={`setting-${testId}`}
      />
      <BusyButton
        type="submit"
        className="btn-primary"
        isBusy={isBusy}
        disabled={isLocked || text.trim() === String(saved)}
        data-testid={`${testId}-save`}
      >
        {t('platformSettings.save')}
      </BusyButton>
    </form>
  );
}
