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
  demoSeeding: 'The demo world is still being made: figures fill in as its history is written.',
  demoSeedingDay:
    'The demo world is still being made (day {{day}} of {{days}}): figures fill in as its history is written.',
};
