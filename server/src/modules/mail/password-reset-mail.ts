import { PRODUCT_TITLE } from '@bo/contract';
import { renderMail, type MailContent, type MailLanguage, type MailMessage } from './mail-content';

/** How long a password reset link works. */
export const RESET_TOKEN_MINUTES = 30;

interface ResetWords {
  subject: string;
  greeting: (name: string) => string;
  asked: string;
  valid: (minutes: number) => string;
  ignore: string;
  action: string;
  footer: (product: string) => string;
}

/** The password reset mail's words in each language the product has. */
const WORDS: Record<MailLanguage, ResetWords> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    asked: 'Someone asked to reset the password of your back-office account.',
    valid: (m) =>
      `The link below sets a new password. It works once, for ${m} minutes. Two-factor authentication stays on.`,
    ignore: 'If it was not you, ignore this mail: your password stays as it is.',
    action: 'Set a new password',
    footer: (p) => `${p}: this mail was sent automatically, please do not answer it.`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    greeting: (name) => `Bonjour ${name},`,
    asked: 'Une réinitialisation du mot de passe de votre compte back-office a été demandée.',
    valid: (m) =>
      `Le lien ci-dessous définit un nouveau mot de passe. Il fonctionne une fois, pendant ${m} minutes. L’authentification à deux facteurs reste active.`,
    ignore: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.',
    action: 'Définir un nouveau mot de passe',
    footer: (p) => `${p} : ce message est envoyé automatiquement, merci de ne pas y répondre.`,
  },
  es: {
    subject: 'Restablezca su contraseña',
    greeting: (name) => `Hola ${name}:`,
    asked: 'Alguien pidió restablecer la contraseña de su cuenta del back office.',
    valid: (m) =>
      `El enlace de abajo establece una nueva contraseña. Funciona una vez, durante ${m} minutos. La autenticación en dos pasos sigue activa.`,
    ignore: 'Si no fue usted, ignore este correo: su contraseña no cambia.',
    action: 'Establecer una nueva contraseña',
    footer: (p) => `${p}: este correo se envió automáticamente, no lo responda.`,
  },
  zh: {
    subject: '重置您的密码',
    greeting: (name) => `${name}，您好：`,
    asked: '有人请求重置您的后台账户密码。',
    valid: (m) => `下面的链接用于设置新密码，只能使用一次，${m} 分钟内有效。双重验证仍然开启。`,
    ignore: '如果不是您本人操作，请忽略此邮件：您的密码不会改变。',
    action: '设置新密码',
    footer: (p) => `${p}：此邮件为系统自动发送，请勿回复。`,
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور',
    greeting: (name) => `مرحبًا ${name}،`,
    asked: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في لوحة الإدارة.',
    valid: (m) =>
      `يضبط الرابط أدناه كلمة مرور جديدة. يعمل مرة واحدة فقط، لمدة ${m} دقيقة. تبقى المصادقة الثنائية مفعّلة.`,
    ignore: 'إن لم تكن أنت، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    action: 'ضبط كلمة مرور جديدة',
    footer: (p) => `${p}: أُرسلت هذه الرسالة تلقائيًا، يُرجى عدم الرد عليها.`,
  },
};

/** The mail carrying a password reset link, in the account's language. */
export function passwordResetMail(lang: MailLanguage, name: string, link: string): MailContent {
  const w = WORDS[lang];
  const message: MailMessage = {
    subject: w.subject,
    greeting: w.greeting(name),
    paragraphs: [w.asked, w.valid(RESET_TOKEN_MINUTES), w.ignore],
    action: { label: w.action, url: link },
    footer: w.footer(PRODUCT_TITLE),
  };
  return renderMail(lang, message);
}
