/** English strings of the team screen (/admin-team) and the 2FA set-up the team may require. */
export const team = {
  intro:
    'The admins of the back office: invite one by email (the mail sets their password), choose their modules, deactivate them and see who uses two-factor authentication.',
  invite: 'Invite an admin',
  columns: {
    admin: 'Admin',
    modules: 'Modules',
    twoFactor: '2FA',
    status: 'Status',
    actions: 'Actions',
  },
  you: 'you',
  invited: 'Invitation sent',
  twoFactorOn: 'On',
  twoFactorOff: 'Off',
  status: { active: 'Active', disabled: 'Deactivated' },
  editModules: 'Modules',
  deactivate: 'Deactivate',
  activate: 'Activate',
  rule: {
    title: 'Two-factor authentication for the whole team',
    text: 'When on, an admin without 2FA sets it up at their next sign-in before getting in.',
    required: 'Required of every admin',
    confirmOn:
      'Require two-factor authentication of every admin? Those without it set it up at their next sign-in.',
    confirmOff: 'Stop requiring two-factor authentication of every admin?',
    offWaiting: 'Ending this rule waits for a second admin’s approval (see below).',
    switch: 'Change',
    withoutCount_one: '{{count}} active admin has no 2FA yet.',
    withoutCount_other: '{{count}} active admins have no 2FA yet.',
  },
  guarded: {
    activateTitle: 'Activate {{name}} again',
    activateText:
      'They could sign in with their password again. This waits until another admin approves it in the approvals queue.',
    ruleOffText:
      'Admins without 2FA could then sign in with a password alone. This waits until another admin approves it in the approvals queue.',
    reasonHint: 'Another admin reads this before approving.',
    ask: 'Ask a second admin',
  },
  form: {
    inviteTitle: 'Invite an admin',
    modulesTitle: 'Modules of {{name}}',
    email: 'Email',
    emailHint: 'The invitation goes here; its link sets the password and works for 3 days.',
    username: 'Username',
    name: 'Name',
    modules: 'Modules',
    needsModule: 'Choose at least one module.',
    reason: 'Reason for the second admin',
    reasonHint:
      'Inviting an admin or giving a module waits until another admin approves it in the approvals queue; they read this reason.',
    reasonNeeded: 'Say why: another admin reads it before approving.',
    send: 'Send invitation',
    save: 'Save modules',
    ownAdministrator: 'You cannot take your own administrator module.',
  },
  confirm: {
    deactivate:
      'Deactivate {{name}}? Their sessions end at once and they cannot sign in until activated again.',
  },
  done: {
    inviteWaiting: 'The invitation of {{email}} waits for a second admin’s approval.',
    modules: 'Modules of {{name}} saved.',
    modulesWaiting: 'The new modules of {{name}} wait for a second admin’s approval.',
    deactivated: '{{name}} deactivated; their sessions ended.',
    activateWaiting: 'Activating {{name}} again waits for a second admin’s approval.',
    ruleOffWaiting: 'Ending the 2FA rule waits for a second admin’s approval.',
    ruleOn: 'Two-factor authentication is now required of every admin.',
  },
  pending: {
    title: 'Waiting for a second admin',
    requestedBy: 'asked by {{name}}',
  },
  empty: 'No admins yet.',
  setup: {
    title: 'Set up two-factor authentication',
    text: 'Your team requires two-factor authentication. Set it up to finish signing in.',
    start: 'Show the QR code',
    scan: 'Scan the QR code with an authenticator app, or type the key in it, then enter the 6-digit code it shows.',
    secret: 'Key',
    code: 'Code from the app',
    confirm: 'Turn on and sign in',
    codesTitle: 'Your recovery codes',
    codesText:
      'Keep them somewhere safe: each signs you in once if you lose your phone. They are shown only now.',
    continue: 'Continue',
  },
};
