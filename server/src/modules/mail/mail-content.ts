import { escapeHtml, LANGUAGES } from '@bo/contract';

export type MailLanguage = (typeof LANGUAGES)[number];

/** A mail as it is queued and sent: a subject, a plain-text part and an HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a mail says, in one language, before it is laid out as text and HTML. */
export interface MailMessage {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  /** Links listed after the paragraphs (a digest's queues), each a line of its own. */
  links?: readonly { label: string; url: string }[];
  action?: { label: string; url: string };
  footer: string;
}

/** The language a mail is written in: the account's own, or English when it is not one we have. */
export const mailLanguageOf = (lang: string): MailLanguage =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as MailLanguage) : 'en';

/** A run of line breaks and other control characters, with the spaces around it. */
const LINE_BREAKING = /[ \p{Cc}\u2028\u2029]*[\p{Cc}\u2028\u2029][ \p{Cc}\u2028\u2029]*/gu;

/**
 * `text` on one line: CR, LF, every other control character (C0, DEL, C1 such as NEL) and the
 * Unicode line and paragraph separators become one space, a run of them (with the spaces around
 * it) one space. Names and free text people typed ("Shop\r\nClick http://evil") are placed in
 * mails through it (`renderMail` folds every piece), so they cannot start a line of their own
 * in a plain-text body, a subject, or the operations webhook's text.
 */
export const oneLine = (text: string): string => text.replace(LINE_BREAKING, ' ');

/** Every piece of a message on one line (`oneLine`): the layout alone breaks lines. */
function foldedMessage(message: MailMessage): MailMessage {
  const link = (l: { label: string; url: string }) => ({
    label: oneLine(l.label),
    url: oneLine(l.url),
  });
  return {
    subject: oneLine(message.subject),
    greeting: oneLine(message.greeting),
    paragraphs: message.paragraphs.map(oneLine),
    links: message.links?.map(link),
    action: message.action && link(message.action),
    footer: oneLine(message.footer),
  };
}

/**
 * Lays out a message as plain text and as HTML (right to left in Arabic), every word escaped
 * and every piece on one line (`oneLine`).
 */
export function renderMail(lang: MailLanguage, message: MailMessage): MailContent {
  const { subject, greeting, paragraphs, links = [], action, footer } = foldedMessage(message);
  const text = [
    greeting,
    ...paragraphs,
    ...(links.length ? [links.map((l) => `- ${l.label}: ${l.url}`).join('\n')] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '--',
    footer,
  ].join('\n\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#405189;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p dir="ltr" style="font-size:12px;color:#555555;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529;background:#f3f3f9;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${links.length ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>` : ''}
${button}
<hr style="border:none;border-top:1px solid #e9ebec">
<p style="font-size:12px;color:#555555">${escapeHtml(footer)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}
