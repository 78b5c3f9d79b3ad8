/** English `settings.*` strings. */
export const settings = {
  title: 'Layout settings',
  layout: 'Layout',
  vertical: 'Vertical',
  horizontal: 'Horizontal',
  width: 'Layout width',
  fluid: 'Fluid',
  boxed: 'Boxed',
  sidebar: 'Sidebar type',
  topbar: 'Topbar type',
  dark: 'Dark',
  light: 'Light',
  compact: 'Compact',
  icon: 'Icon',
  colored: 'Colored',
  sidebarOnlyVertical: 'The sidebar type applies to the vertical layout.',
  rememberedNote: 'Saved to your account and applied on every device.',
};
