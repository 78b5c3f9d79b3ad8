/** English `common.*` strings. */
export const common = {
  /** A switch that moved at once went back: the server refused or could not be reached. */
  switchFailed:
    'Not switched: the server did not take the change. The switch is back where it was.',
  loading: 'Loading…',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  retry: 'Retry',
  close: 'Close',
  home: 'Home',
  add: 'Add',
  remove: 'Remove',
  enable: 'Enable',
  disable: 'Disable',
  enabled: 'Enabled',
  disabled: 'Disabled',
  required: 'This field is required.',
  backToSignIn: 'Back to sign in',
  goHome: 'Back to dashboard',
  saved: 'Your changes were saved.',
};
