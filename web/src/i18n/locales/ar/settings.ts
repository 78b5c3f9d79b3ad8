import type { Translation } from '../translation';

/** Arabic `settings.*` strings. */
export const settings: Translation<'ar'>['settings'] = {
  title: 'إعدادات التخطيط',
  layout: 'التخطيط',
  vertical: 'عمودي',
  horizontal: 'أفقي',
  width: 'عرض التخطيط',
  fluid: 'مرن',
  boxed: 'محدود',
  sidebar: 'نوع الشريط الجانبي',
  topbar: 'نوع الشريط العلوي',
  dark: 'داكن',
  light: 'فاتح',
  compact: 'مضغوط',
  icon: 'أيقونات',
  colored: 'ملوّن',
  sidebarOnlyVertical: 'ينطبق نوع الشريط الجانبي على التخطيط العمودي.',
  rememberedNote: 'يُحفظ في حسابك ويُطبَّق على جميع أجهزتك.',
};
