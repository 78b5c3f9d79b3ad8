import { inject } from 'vitest';
import type { InboxMail } from './mail-inbox';

/**
 * The first mail the suite's SMTP server received for `to` (each test mails addresses of its
 * own), waiting until it arrives.
 */
export async function mailTo(to: string): Promise<InboxMail> {
  const response = await fetch(`${inject('mailInboxUrl')}/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`the mail inbox answered ${response.status}`);
  return (await response.json()) as InboxMail;
}

/** The link of a mail's action button (its HTML part), e.g. a password reset link. */
export function actionLinkOf(mail: InboxMail): string {
  const href = /<a href="([^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in the mail "${mail.subject}"`);
  return href.replace(/&amp;/g, '&');
}
