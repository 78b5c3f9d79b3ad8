/** English strings of the technical pages (/api-documentation, /technical-support, /technical-information). */
export const technical = {
  support: {
    listTitle: 'Your support requests',
    listTitleAdmin: 'Support requests',
    allStatuses: 'All statuses',
    allCategories: 'All categories',
    statuses: { open: 'Open', answered: 'Answered', closed: 'Closed' },
    categories: {
      payin: 'Pay-in',
      payout: 'Pay-out',
      settlement: 'Settlement',
      account: 'Account',
      technical: 'Technical',
      other: 'Other',
    },
    columns: {
      createdAt: 'Created',
      account: 'Account',
      category: 'Category',
      subject: 'Subject',
      status: 'Status',
      transactionReference: 'Transaction reference',
      handledBy: 'Handled by',
      updatedAt: 'Updated',
    },
    contacts: {
      title: 'Contact support',
      announcements: 'Announcement channel',
      announcementsText: 'Service news, maintenance windows and incidents are posted here first.',
      chat: 'Chat with support',
      chatText: 'Talk to the support team during business hours.',
      telegram: 'Your Telegram contact',
      telegramText: 'Support replies to you on this contact.',
      openTelegram: 'Open in Telegram',
      changeTelegram: 'Change it in your profile',
      noTelegram: 'No Telegram contact saved yet.',
      addTelegram: 'Add one in your profile',
    },
    form: {
      title: 'New support request',
      subject: 'Subject',
      category: 'Category',
      chooseCategory: 'Choose a category…',
      message: 'Message',
      messageHint: 'Describe what happened and what you expected (at least {{min}} characters).',
      transactionReference: 'Transaction reference (optional)',
      transactionReferenceHint:
        'The id or order id of the pay-in, pay-out or settlement concerned.',
      submit: 'Send request',
      sent: 'Your request was sent. Support will answer it here.',
      subjectRequired: 'Enter a subject.',
      categoryRequired: 'Choose a category.',
      messageTooShort: 'Write at least {{min}} characters.',
      tooLong: 'Use at most {{max}} characters.',
    },
    detail: {
      filedBy: 'filed by {{username}}',
      noteBy: 'Note from {{username}} ({{at}})',
    },
    decision: {
      answer: 'Answer',
      close: 'Close request',
      noteRequired: 'Write a note for the requester.',
      confirmClose: 'Close this request? A closed request cannot be reopened.',
      done: { answered: 'The answer was saved.', closed: 'The request was closed.' },
      noteLabel: { answered: 'Your answer', closed: 'Why it is closed' },
    },
  },
  info: {
    api: {
      title: 'Merchant API',
      baseUrl: 'Base URL',
      openapi: 'OpenAPI document',
      signing: 'Signing',
      signingText:
        'Send X-Api-Key, X-Timestamp (unix seconds) and X-Signature: the hex HMAC-SHA256 with your secret over',
    },
    sandbox: {
      title: 'Sandbox gateway',
      intro:
        'The sandbox is a payment gateway served by this platform for testing: pay-ins and pay-outs go through it as through a real gateway, with signed callbacks, but no money moves.',
      page: 'Each pay-in has a hosted payment page where you choose Pay or Fail:',
      autoPayOn:
        'Automatic payment is on: pay-ins complete by themselves at each gateway’s success rate.',
      autoPayOff:
        'Automatic payment is off: pay-ins wait for the payer’s choice on the payment page.',
      rulesTitle: 'Outcomes chosen by the amount',
      ending: 'Amount ends in (smallest units)',
      outcome: 'Outcome',
      outcomes: {
        failed: 'Fails at once',
        silent: 'Never answers (only a status query settles it)',
        success: 'Succeeds at once',
      },
      otherEndings: 'Any other ending',
      otherOutcome:
        'Pay-ins wait for the payment page (or follow the success rate when automatic); pay-outs follow the success rate',
      gatewaysTitle: 'Active sandbox gateways',
      noGateways: 'No sandbox gateway is active.',
      gateway: 'Gateway',
      currency: 'Currency',
      successRate: 'Success rate',
      latency: 'Callback delay',
      ms: '{{ms}} ms',
    },
    callbacks: {
      title: 'Callbacks to your server',
      intro:
        'When a pay-in or pay-out ends, its result is posted to your notify URL as JSON, signed like a request to the merchant API.',
      sources: 'Source addresses',
      thisServer: 'This server’s address ({{host}})',
      sourcesHint:
        'Allow these addresses in your firewall. Behind a proxy or NAT the address you see may differ.',
      retries: 'Retries',
      retriesText:
        'Anything but a 2xx answer is retried with a growing delay, up to {{attempts}} attempts; each attempt waits at most {{seconds}} s for your answer.',
      signature: 'Signature',
      signatureText: 'Check X-Signature with your callback secret before trusting a notification.',
    },
    lifecycles: {
      title: 'Status values',
      intro:
        'Every transaction follows its lifecycle: a status may only move to the statuses listed beside it.',
      state: 'Status',
      next: 'May become',
      initial: '(first)',
      final: 'Final',
      names: {
        payin: 'Pay-in',
        payout: 'Pay-out',
        settlement: 'Settlement',
        withdrawal: 'Withdrawal',
        top_up: 'Top-up',
        refund: 'Refund',
        dispute: 'Dispute',
        adjustment: 'Balance adjustment',
      },
    },
    errors: {
      title: 'Error codes',
      intro: 'Every answer carries status and message; the HTTP status is the same as status.',
      status: 'Status',
      code: 'Code',
      when: 'When',
      codes: {
        BAD_INPUT:
          'A field is missing, of the wrong type or out of range; the message names it. Nothing was changed.',
        NOT_ALLOWED: 'Signed in, but your account type or modules do not allow this.',
        SIGN_IN_REFUSED: 'Wrong credentials, a refused login address or a wrong one-time code.',
        NOT_FOUND: 'No such call, or the item does not exist or is not yours.',
        CONFLICT:
          'The request conflicts with the current state (duplicate, illegal status change, reused key).',
        TOO_LARGE: 'The request is larger than the limit.',
        TOO_MANY: 'Too many attempts; the message says how long to wait.',
        SESSION_INVALID: 'The session is unknown, expired or revoked: sign in again.',
        INTERNAL: 'Something unexpected went wrong on our side; nothing internal is shown.',
        UNAVAILABLE:
          "The database cannot be reached just now (a failover under way); nothing was changed. Try again after the Retry-After header's seconds.",
      },
      reasons: 'A refusal that must be told apart carries data.reason:',
    },
    money: {
      title: 'Amounts, fees and rounding',
      intro: 'Amounts are exact: they are never rounded through floating point.',
      amounts:
        'Amounts travel as decimal strings in major units and are kept as whole numbers of the currency’s smallest unit. An amount with more decimals than its currency allows is refused, not rounded.',
      rate: 'A fee rate is a percentage (kept in parts per million: 1% = 10,000 of {{ppm}}) plus a fixed amount, optionally bounded by a minimum and a maximum.',
      rounding:
        'The percentage part is rounded down to the smallest unit: any fraction of a unit stays with the merchant.',
      bounds: 'A fee is never negative and never more than the amount itself.',
      split:
        'The merchant’s fee covers the reseller’s commission (the difference to the reseller’s rate) and the platform’s share; the net is the amount minus the fee.',
      example:
        'Example: {{amount}} {{currency}} at {{percent}}% + {{fixed}} gives a fee of {{fee}} and a net of {{net}} {{currency}}.',
      currencies: 'Currencies and their decimals',
      code: 'Code',
      name: 'Name',
      scale: 'Decimals',
      smallest: 'Smallest unit',
    },
  },
};
