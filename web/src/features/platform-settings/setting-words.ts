import { useTranslation } from 'react-i18next';
import {
  PLATFORM_SETTING_BOUNDS,
  type PlatformSettingField,
  type PlatformSettingValues,
} from '@bo/contract';
import { shownValue, type FieldProblem, type SettingField } from './setting-fields';

/** The settings typed as whole numbers, which have a unit. */
const UNIT_FIELDS = PLATFORM_SETTING_BOUNDS;

/** A setting's label, its hint (the default, with its unit) and the words of a problem. */
export function useSettingWords(defaults: PlatformSettingValues) {
  const { t } = useTranslation();
  const unitOf = (field: PlatformSettingField) =>
    field in UNIT_FIELDS ? t(`platformSettings.units.${field as keyof typeof UNIT_FIELDS}`) : '';
  return {
    label: (f: SettingField) => t(`platformSettings.fields.${f.field}`),
    hint: (f: SettingField) => {
      const value = shownValue(f, defaults);
      return f.kind === 'whole'
        ? t('platformSettings.defaultWithUnit', { value, unit: unitOf(f.field) })
        : t('platformSettings.defaultIs', { value });
    },
    say: (problem: FieldProblem) => t(`platformSettings.errors.${problem.kind}`, problem),
  };
}

export type SettingWords = ReturnType<typeof useSettingWords>;
