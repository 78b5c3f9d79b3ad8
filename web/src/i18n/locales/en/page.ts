/** English `page.*` strings. */
export const page = {
  notBuiltTitle: 'Not built yet',
  notBuiltText:
    'This screen is part of a later release. Its menu entry and access rules are in place.',
  starterText: 'A blank page to start a new screen from.',
  notFoundText: 'The page you asked for does not exist or has moved.',
  errorTitle: 'Something went wrong',
  errorText: 'An unexpected error stopped this page. Try again, or go back to the dashboard.',
  chunkFailed: 'Loading chunk failed',
  chunkFailedText: 'Part of the application could not be loaded. Check your connection and retry.',
  opening: 'Opening {{target}} in a new tab…',
  openManually: 'If nothing opened, use this link:',
  setTelegram: 'Add your Telegram contact in your profile',
  noTelegram: 'No Telegram contact is saved in your profile yet.',
  signingOut: 'Signing out…',
};
