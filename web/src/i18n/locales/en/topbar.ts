/** English `topbar.*` strings. */
export const topbar = {
  openMenu: 'Open menu',
  utcClock: 'Current time (UTC)',
  announcements: 'Announcements',
  fullScreen: 'Toggle full screen',
  layoutSettings: 'Layout settings',
  language: 'Language',
  profile: 'Profile',
  security: 'Security',
  logout: 'Logout',
  subAccount: 'Sub-account',
};
