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
  alerts: {
    title: 'Email alerts',
    text: 'Choose which alerts reach you by email.',
    kinds: {
      approvals_waiting: {
        label: 'Requests waiting for my approval',
        hint: 'One digest at most every 15 minutes, naming new requests you may approve.',
      },
      gateway_health: {
        label: 'Gateway health',
        hint: 'When a health rule alerts on a payment gateway or deactivates it.',
      },
      notify_failing: {
        label: 'Failing notifications',
        hint: 'When notifications to your notify URL have failed for over an hour; at most once a day.',
      },
      support_answered: {
        label: 'Support request answered',
        hint: 'When the support team answers one of your support requests.',
      },
      team_changed: {
        label: 'Admin team changed',
        hint: 'When an admin is invited, their modules or status change, or the team’s 2FA rule changes.',
      },
    },
    securityAlwaysOn:
      'Security alerts are always sent and cannot be turned off: a sign-in from a new address, a password changed, two-factor authentication turned off, an API key created, rolled or revoked.',
  },
};
