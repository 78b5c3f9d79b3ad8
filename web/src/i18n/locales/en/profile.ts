/** English `profile.*` strings. */
export const profile = {
  details: 'Personal details',
  email: 'Email',
  username: 'Username',
  accountType: 'Account type',
  name: 'Name',
  phone: 'Phone',
  telegram: 'Telegram',
  telegramHint: 'Your Telegram username, e.g. @yourname',
  language: 'Language',
  timezone: 'Time zone',
  timezones: {
    Default: 'Default (UTC)',
    Malaysia: 'Malaysia (UTC+8)',
    India: 'India (UTC+5:30)',
    Vietnam: 'Vietnam (UTC+7)',
    Thailand: 'Thailand (UTC+7)',
    Brazil: 'Brazil (UTC−3)',
    Australia: 'Australia (UTC+10)',
  },
  memberSince: 'Member since',
};
