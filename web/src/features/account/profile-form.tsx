import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  LANGUAGES,
  TIMEZONE_CHOICES,
  type Language,
  type Profile,
  type TimezoneChoice,
} from '@bo/contract';
import { sendUpdateProfile } from '../../lib/api/update-profile';
import { updateSessionUser } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { changeLanguage } from '../../i18n';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';

/** Name, phone, telegram, language and time zone (spec's list) of the signed-in user. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone);
  const [telegram, setTelegram] = useState(profile.telegram_id);
  const [lang, setLang] = useState<Language>(profile.lang);
  const [timezone, setTimezone] = useState<TimezoneChoice>(profile.timezone);
  const [nameError, setNameError] = useState<string | null>(null);
  const { isBusy, run } = useSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(name.trim() ? null : t('common.required'));
    if (!name.trim()) return;
    await run(async () => {
      const saved = await sendUpdateProfile({
        name,
        phone,
        telegram_id: telegram,
        lang,
        timezone,
      });
      await updateSessionUser({
        name: saved.name,
        phone: saved.phone,
        telegram_id: saved.telegram_id,
        lang: saved.lang,
        profileInfo: saved,
      });
      localStorage.setItem(STORAGE_KEYS.language, saved.lang);
      await changeLanguage(saved.lang);
      await queryClient.invalidateQueries({ queryKey: ['getUserFullData'] });
      announceSuccess(t('common.saved'));
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <div className="row">
        <div className="col-md-6">
          <FormField
            label={t('profile.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
          />
        </div>
        <div className="col-md-6">
          <FormField
            label={t('profile.phone')}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <div className="col-md-6">
          <FormField
            label={t('profile.telegram')}
            value={telegram}
            hint={t('profile.telegramHint')}
            onChange={(e) => setTelegram(e.target.value)}
          />
        </div>
        <SelectField
          id="profile-language"
          label={t('profile.language')}
          className="col-md-6"
          value={lang}
          onChange={(e) => setLang(e.target.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`languages.${code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="profile-timezone"
          label={t('profile.timezone')}
          className="col-md-6 mb-4"
          value={timezone}
          onChange={(e) => setTimezone(e.target.value as TimezoneChoice)}
        >
          {TIMEZONE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`profile.timezones.${choice}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <BusyButton type="submit" className="btn-primary" isBusy={isBusy}>
        {t('common.save')}
      </BusyButton>
    </form>
  );
}
