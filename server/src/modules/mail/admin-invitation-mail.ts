import { PRODUCT_TITLE } from '@bo/contract';
import { renderMail, type MailContent, type MailLanguage } from './mail-content';

/** How long an admin invitation's link works (it sets the first password, issue 40). */
export const INVITATION_DAYS = 3;

interface InvitationWords {
  subject: string;
  greeting: (name: string) => string;
  invited: (by: string) => string;
  valid: (days: number) => string;
  action: string;
  footer: (product: string) => string;
}

/** The invitation mail's words in each language the product has. */
const WORDS: Record<MailLanguage, InvitationWords> = {
  en: {
    subject: 'You are invited to the back office',
    greeting: (name) => `Hello ${name},`,
    invited: (by) => `${by} invited you to the back office team as an admin.`,
    valid: (d) => `The link below sets your password. It works once, for ${d} days.`,
    action: 'Set your password',
    footer: (p) => `${p}: this mail was sent automatically, please do not answer it.`,
  },
  fr: {
    subject: 'Vous êtes invité au back-office',
    greeting: (name) => `Bonjour ${name},`,
    invited: (by) => `${by} vous a invité dans l’équipe du back-office en tant qu’administrateur.`,
    valid: (d) =>
      `Le lien ci-dessous définit votre mot de passe. Il fonctionne une fois, pendant ${d} jours.`,
    action: 'Définir votre mot de passe',
    footer: (p) => `${p} : ce message est envoyé automatiquement, merci de ne pas y répondre.`,
  },
  es: {
    subject: 'Le invitan al back office',
    greeting: (name) => `Hola ${name}:`,
    invited: (by) => `${by} le invitó al equipo del back office como administrador.`,
    valid: (d) =>
      `El enlace de abajo establece su contraseña. Funciona una vez, durante ${d} días.`,
    action: 'Establecer su contraseña',
    footer: (p) => `${p}: este correo se envió automáticamente, no lo responda.`,
  },
  zh: {
    subject: '邀请您加入后台',
    greeting: (name) => `${name}，您好：`,
    invited: (by) => `${by} 邀请您以管理员身份加入后台团队。`,
    valid: (d) => `下面的链接用于设置您的密码，只能使用一次，${d} 天内有效。`,
    action: '设置密码',
    footer: (p) => `${p}：此邮件为系统自动发送，请勿回复。`,
  },
  ar: {
    subject: 'دعوة إلى لوحة الإدارة',
    greeting: (name) => `مرحبًا ${name}،`,
    invited: (by) => `دعاك ${by} إلى فريق لوحة الإدارة بصفة مسؤول.`,
    valid: (d) => `يضبط الرابط أدناه كلمة مرورك. يعمل مرة واحدة فقط، لمدة ${d} أيام.`,
    action: 'ضبط كلمة المرور',
    footer: (p) => `${p}: أُرسلت هذه الرسالة تلقائيًا، يُرجى عدم الرد عليها.`,
  },
};

/** The mail inviting an admin, with the link that sets their first password. */
export function adminInvitationMail(
  lang: MailLanguage,
  name: string,
  invitedBy: string,
  link: string,
): MailContent {
  const w = WORDS[lang];
  return renderMail(lang, {
    subject: w.subject,
    greeting: w.greeting(name),
    paragraphs: [w.invited(invitedBy), w.valid(INVITATION_DAYS)],
    action: { label: w.action, url: link },
    footer: w.footer(PRODUCT_TITLE),
  });
}
