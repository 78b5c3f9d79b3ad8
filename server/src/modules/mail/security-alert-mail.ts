import { PRODUCT_TITLE } from '@bo/contract';
import { oneLine, renderMail, type MailContent, type MailLanguage } from './mail-content';

/**
 * The security alerts (issue 30), always sent, never turned off: each tells an account's owner
 * of a change to what guards it, so a change they did not make is noticed at once.
 */
export const SECURITY_ALERTS = [
  'new_sign_in_address',
  'password_changed',
  'two_factor_off',
  'api_key_created',
  'api_key_rolled',
  'api_key_revoked',
  'settlement_account_added',
  'settlement_account_changed',
  'email_changed',
  'too_many_wrong_codes',
] as const;
export type SecurityAlert = (typeof SECURITY_ALERTS)[number];

/** What an alert tells besides its kind: when, from which address, and the key it names. */
export interface AlertFacts {
  at: Date;
  clientIp: string;
  keyName?: string;
}

/** The screen each alert links to, to look or act: the security page or the keys. */
const ALERT_PATHS: Record<SecurityAlert, string> = {
  new_sign_in_address: '/security',
  password_changed: '/account/forgot-password',
  two_factor_off: '/security',
  api_key_created: '/merchant-settings',
  api_key_rolled: '/merchant-settings',
  api_key_revoked: '/merchant-settings',
  settlement_account_added: '/settlement-setting',
  settlement_account_changed: '/settlement-setting',
  email_changed: '/login',
  too_many_wrong_codes: '/security',
};

interface AlertWords {
  subject: Record<SecurityAlert, string>;
  /** What happened, with the key's name where it names one. */
  happened: Record<SecurityAlert, (key: string) => string>;
  when: (at: string, ip: string) => string;
  notYou: string;
  action: Record<SecurityAlert, string>;
  greeting: (name: string) => string;
  footer: (product: string) => string;
}

const WORDS: Record<MailLanguage, AlertWords> = {
  en: {
    subject: {
      new_sign_in_address: 'A sign-in from a new address',
      password_changed: 'Your password was changed',
      two_factor_off: 'Two-factor authentication was turned off',
      api_key_created: 'An API key was created',
      api_key_rolled: 'An API key was rolled',
      api_key_revoked: 'An API key was revoked',
      settlement_account_added: 'A settlement bank account was saved',
      settlement_account_changed: 'A settlement bank account was changed',
      email_changed: 'The email of your account was changed',
      too_many_wrong_codes: 'Too many wrong two-factor codes',
    },
    happened: {
      new_sign_in_address: () =>
        'Your back-office account was signed in to from an address it has not used in the last 90 days.',
      password_changed: () => 'The password of your back-office account was changed.',
      two_factor_off: () => 'Two-factor authentication of your back-office account was turned off.',
      api_key_created: (k) => `The API key “${k}” was created for your merchant account.`,
      api_key_rolled: (k) =>
        `The API key “${k}” was rolled: a new key replaces it, and the old one stops working at the end of its window.`,
      api_key_revoked: (k) => `The API key “${k}” was revoked: it no longer works.`,
      settlement_account_added: (k) =>
        `The bank account “${k}” was saved for your settlements: money you settle may be sent to it.`,
      settlement_account_changed: (k) =>
        `The settlement bank account “${k}” was changed: settlements to it now go to the new details.`,
      email_changed: () =>
        'An administrator changed the email of your back-office account: its mail now goes to the new address, and this one gets no more.',
      too_many_wrong_codes: () =>
        'Wrong two-factor codes were entered for your back-office account too many times: until the waiting time has passed, every code and every sign-in of your account is refused. Whoever entered them knew your password or held one of your sessions.',
    },
    when: (at, ip) => `When: ${at}. From the address: ${ip}.`,
    notYou:
      'If it was not you, reset your password at once and tell your administrator: someone else may be using your account.',
    action: {
      new_sign_in_address: 'Review your sessions and password',
      password_changed: 'Reset your password',
      two_factor_off: 'Open your security settings',
      api_key_created: 'Open your API keys',
      api_key_rolled: 'Open your API keys',
      api_key_revoked: 'Open your API keys',
      settlement_account_added: 'Open your settlement settings',
      settlement_account_changed: 'Open your settlement settings',
      email_changed: 'Sign in to check your account',
      too_many_wrong_codes: 'Review your sessions and password',
    },
    greeting: (name) => `Hello ${name},`,
    footer: (p) =>
      `${p}: a security alert, sent automatically; it cannot be turned off. Please do not answer it.`,
  },
  fr: {
    subject: {
      new_sign_in_address: 'Connexion depuis une nouvelle adresse',
      password_changed: 'Votre mot de passe a été modifié',
      two_factor_off: 'L’authentification à deux facteurs a été désactivée',
      api_key_created: 'Une clé API a été créée',
      api_key_rolled: 'Une clé API a été renouvelée',
      api_key_revoked: 'Une clé API a été révoquée',
      settlement_account_added: 'Un compte bancaire de règlement a été enregistré',
      settlement_account_changed: 'Un compte bancaire de règlement a été modifié',
      email_changed: 'L’adresse e-mail de votre compte a été changée',
      too_many_wrong_codes: 'Trop de codes à deux facteurs erronés',
    },
    happened: {
      new_sign_in_address: () =>
        'Une connexion à votre compte back-office a eu lieu depuis une adresse qu’il n’a pas utilisée depuis 90 jours.',
      password_changed: () => 'Le mot de passe de votre compte back-office a été modifié.',
      two_factor_off: () =>
        'L’authentification à deux facteurs de votre compte back-office a été désactivée.',
      api_key_created: (k) => `La clé API « ${k} » a été créée pour votre compte marchand.`,
      api_key_rolled: (k) =>
        `La clé API « ${k} » a été renouvelée : une nouvelle clé la remplace, et l’ancienne cesse de fonctionner à la fin de sa période.`,
      api_key_revoked: (k) => `La clé API « ${k} » a été révoquée : elle ne fonctionne plus.`,
      settlement_account_added: (k) =>
        `Le compte bancaire « ${k} » a été enregistré pour vos règlements : l’argent que vous réglez peut y être envoyé.`,
      settlement_account_changed: (k) =>
        `Le compte bancaire de règlement « ${k} » a été modifié : les règlements vers ce compte suivent désormais les nouvelles coordonnées.`,
      email_changed: () =>
        'Un administrateur a changé l’adresse e-mail de votre compte back-office : son courrier va désormais à la nouvelle adresse, et plus à celle-ci.',
      too_many_wrong_codes: () =>
        'Des codes à deux facteurs erronés ont été saisis trop de fois pour votre compte back-office : jusqu’à la fin du délai d’attente, tout code et toute connexion à votre compte sont refusés. La personne qui les a saisis connaissait votre mot de passe ou détenait l’une de vos sessions.',
    },
    when: (at, ip) => `Quand : ${at}. Depuis l’adresse : ${ip}.`,
    notYou:
      'Si ce n’était pas vous, réinitialisez votre mot de passe tout de suite et prévenez votre administrateur : quelqu’un d’autre utilise peut-être votre compte.',
    action: {
      new_sign_in_address: 'Vérifier vos sessions et votre mot de passe',
      password_changed: 'Réinitialiser votre mot de passe',
      two_factor_off: 'Ouvrir vos paramètres de sécurité',
      api_key_created: 'Ouvrir vos clés API',
      api_key_rolled: 'Ouvrir vos clés API',
      api_key_revoked: 'Ouvrir vos clés API',
      settlement_account_added: 'Ouvrir vos paramètres de règlement',
      settlement_account_changed: 'Ouvrir vos paramètres de règlement',
      email_changed: 'Vous connecter pour vérifier votre compte',
      too_many_wrong_codes: 'Vérifier vos sessions et votre mot de passe',
    },
    greeting: (name) => `Bonjour ${name},`,
    footer: (p) =>
      `${p} : une alerte de sécurité, envoyée automatiquement ; elle ne peut pas être désactivée. Merci de ne pas y répondre.`,
  },
  es: {
    subject: {
      new_sign_in_address: 'Inicio de sesión desde una dirección nueva',
      password_changed: 'Se cambió su contraseña',
      two_factor_off: 'Se desactivó la autenticación en dos pasos',
      api_key_created: 'Se creó una clave API',
      api_key_rolled: 'Se renovó una clave API',
      api_key_revoked: 'Se revocó una clave API',
      settlement_account_added: 'Se guardó una cuenta bancaria de liquidación',
      settlement_account_changed: 'Se cambió una cuenta bancaria de liquidación',
      email_changed: 'Se cambió el correo de su cuenta',
      too_many_wrong_codes: 'Demasiados códigos de dos pasos incorrectos',
    },
    happened: {
      new_sign_in_address: () =>
        'Se inició sesión en su cuenta del back office desde una dirección que no ha usado en los últimos 90 días.',
      password_changed: () => 'Se cambió la contraseña de su cuenta del back office.',
      two_factor_off: () =>
        'Se desactivó la autenticación en dos pasos de su cuenta del back office.',
      api_key_created: (k) => `Se creó la clave API «${k}» para su cuenta de comercio.`,
      api_key_rolled: (k) =>
        `Se renovó la clave API «${k}»: una clave nueva la reemplaza y la anterior deja de funcionar al final de su periodo.`,
      api_key_revoked: (k) => `Se revocó la clave API «${k}»: ya no funciona.`,
      settlement_account_added: (k) =>
        `Se guardó la cuenta bancaria «${k}» para sus liquidaciones: el dinero que liquide puede enviarse a ella.`,
      settlement_account_changed: (k) =>
        `Se cambió la cuenta bancaria de liquidación «${k}»: las liquidaciones a ella van ahora a los nuevos datos.`,
      email_changed: () =>
        'Un administrador cambió el correo de su cuenta del back-office: sus mensajes van ahora a la nueva dirección, y ya no a esta.',
      too_many_wrong_codes: () =>
        'Se introdujeron demasiadas veces códigos de dos pasos incorrectos en su cuenta del back office: hasta que pase el tiempo de espera, se rechaza todo código y todo inicio de sesión de su cuenta. Quien los introdujo conocía su contraseña o tenía una de sus sesiones.',
    },
    when: (at, ip) => `Cuándo: ${at}. Desde la dirección: ${ip}.`,
    notYou:
      'Si no fue usted, restablezca su contraseña de inmediato y avise a su administrador: otra persona podría estar usando su cuenta.',
    action: {
      new_sign_in_address: 'Revisar sus sesiones y su contraseña',
      password_changed: 'Restablecer su contraseña',
      two_factor_off: 'Abrir su configuración de seguridad',
      api_key_created: 'Abrir sus claves API',
      api_key_rolled: 'Abrir sus claves API',
      api_key_revoked: 'Abrir sus claves API',
      settlement_account_added: 'Abrir su configuración de liquidación',
      settlement_account_changed: 'Abrir su configuración de liquidación',
      email_changed: 'Iniciar sesión para revisar su cuenta',
      too_many_wrong_codes: 'Revisar sus sesiones y su contraseña',
    },
    greeting: (name) => `Hola ${name}:`,
    footer: (p) =>
      `${p}: una alerta de seguridad enviada automáticamente; no se puede desactivar. No la responda.`,
  },
  zh: {
    subject: {
      new_sign_in_address: '从新地址登录',
      password_changed: '您的密码已更改',
      two_factor_off: '双重验证已关闭',
      api_key_created: '已创建一个 API 密钥',
      api_key_rolled: '已轮换一个 API 密钥',
      api_key_revoked: '已撤销一个 API 密钥',
      settlement_account_added: '已保存一个结算银行账户',
      settlement_account_changed: '已更改一个结算银行账户',
      email_changed: '您账户的邮箱已更改',
      too_many_wrong_codes: '双重验证码错误次数过多',
    },
    happened: {
      new_sign_in_address: () => '您的后台账户从一个最近 90 天内未使用过的地址登录。',
      password_changed: () => '您的后台账户密码已更改。',
      two_factor_off: () => '您的后台账户已关闭双重验证。',
      api_key_created: (k) => `已为您的商户账户创建 API 密钥“${k}”。`,
      api_key_rolled: (k) => `API 密钥“${k}”已轮换：新密钥取代它，旧密钥在过渡期结束时失效。`,
      api_key_revoked: (k) => `API 密钥“${k}”已撤销，不再可用。`,
      settlement_account_added: (k) =>
        `已为您的结算保存银行账户“${k}”：您结算的资金可能会汇入该账户。`,
      settlement_account_changed: (k) =>
        `结算银行账户“${k}”已更改：汇往该账户的结算现按新的信息发送。`,
      email_changed: () => '管理员更改了您后台账户的邮箱：今后的邮件将发往新地址，不再发往此地址。',
      too_many_wrong_codes: () =>
        '您的后台账户多次输入了错误的双重验证码：在等待时间结束之前，您账户的所有验证码和登录都会被拒绝。输入这些验证码的人知道您的密码，或持有您的某个会话。',
    },
    when: (at, ip) => `时间：${at}。来源地址：${ip}。`,
    notYou: '如果不是您本人操作，请立即重置密码并通知您的管理员：可能有他人正在使用您的账户。',
    action: {
      new_sign_in_address: '查看会话与密码',
      password_changed: '重置密码',
      two_factor_off: '打开安全设置',
      api_key_created: '打开 API 密钥',
      api_key_rolled: '打开 API 密钥',
      api_key_revoked: '打开 API 密钥',
      settlement_account_added: '打开结算设置',
      settlement_account_changed: '打开结算设置',
      email_changed: '登录以检查您的账户',
      too_many_wrong_codes: '查看会话与密码',
    },
    greeting: (name) => `${name}，您好：`,
    footer: (p) => `${p}：安全提醒，系统自动发送，无法关闭。请勿回复。`,
  },
  ar: {
    subject: {
      new_sign_in_address: 'تسجيل دخول من عنوان جديد',
      password_changed: 'تم تغيير كلمة المرور',
      two_factor_off: 'تم إيقاف المصادقة الثنائية',
      api_key_created: 'تم إنشاء مفتاح API',
      api_key_rolled: 'تم تجديد مفتاح API',
      api_key_revoked: 'تم إلغاء مفتاح API',
      settlement_account_added: 'تم حفظ حساب مصرفي للتسوية',
      settlement_account_changed: 'تم تغيير حساب مصرفي للتسوية',
      email_changed: 'تم تغيير البريد الإلكتروني لحسابك',
      too_many_wrong_codes: 'رموز مصادقة ثنائية خاطئة كثيرة جدًا',
    },
    happened: {
      new_sign_in_address: () =>
        'تم تسجيل الدخول إلى حسابك في لوحة الإدارة من عنوان لم يُستخدم خلال آخر 90 يومًا.',
      password_changed: () => 'تم تغيير كلمة مرور حسابك في لوحة الإدارة.',
      two_factor_off: () => 'تم إيقاف المصادقة الثنائية لحسابك في لوحة الإدارة.',
      api_key_created: (k) => `تم إنشاء مفتاح API «${k}» لحساب التاجر الخاص بك.`,
      api_key_rolled: (k) =>
        `تم تجديد مفتاح API «${k}»: يحل محله مفتاح جديد، ويتوقف القديم عن العمل في نهاية مهلته.`,
      api_key_revoked: (k) => `تم إلغاء مفتاح API «${k}»: لم يعد يعمل.`,
      settlement_account_added: (k) =>
        `تم حفظ الحساب المصرفي «${k}» لتسوياتك: قد تُرسل إليه الأموال التي تسوّيها.`,
      settlement_account_changed: (k) =>
        `تم تغيير الحساب المصرفي للتسوية «${k}»: التسويات إليه تذهب الآن إلى البيانات الجديدة.`,
      email_changed: () =>
        'غيّر أحد المسؤولين البريد الإلكتروني لحسابك في المكتب الخلفي: تذهب رسائله الآن إلى العنوان الجديد، ولن يصل إلى هذا العنوان شيء بعد الآن.',
      too_many_wrong_codes: () =>
        'أُدخلت رموز مصادقة ثنائية خاطئة لحسابك في لوحة الإدارة مرات كثيرة جدًا: إلى أن تنقضي مدة الانتظار، يُرفض كل رمز وكل تسجيل دخول لحسابك. من أدخلها كان يعرف كلمة مرورك أو يملك إحدى جلساتك.',
    },
    when: (at, ip) => `الوقت: ${at}. من العنوان: ${ip}.`,
    notYou: 'إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وأبلغ المسؤول: ربما يستخدم شخص آخر حسابك.',
    action: {
      new_sign_in_address: 'راجع جلساتك وكلمة المرور',
      password_changed: 'إعادة تعيين كلمة المرور',
      two_factor_off: 'افتح إعدادات الأمان',
      api_key_created: 'افتح مفاتيح API',
      api_key_rolled: 'افتح مفاتيح API',
      api_key_revoked: 'افتح مفاتيح API',
      settlement_account_added: 'افتح إعدادات التسوية',
      settlement_account_changed: 'افتح إعدادات التسوية',
      email_changed: 'سجّل الدخول لمراجعة حسابك',
      too_many_wrong_codes: 'راجع جلساتك وكلمة المرور',
    },
    greeting: (name) => `مرحبًا ${name}،`,
    footer: (p) => `${p}: تنبيه أمني أُرسل تلقائيًا ولا يمكن إيقافه. يُرجى عدم الرد عليه.`,
  },
};

/** An instant as the alerts write it: UTC to the second ("2026-11-26 21:40:05 UTC"). */
const utcText = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A security alert mail in the account's language, linking to where to look or act. */
export function securityAlertMail(
  lang: MailLanguage,
  name: string,
  alert: SecurityAlert,
  facts: AlertFacts,
  publicUrl: string,
): MailContent {
  const w = WORDS[lang];
  return renderMail(lang, {
    subject: w.subject[alert],
    greeting: w.greeting(name),
    paragraphs: [
      w.happened[alert](facts.keyName ?? ''),
      w.when(utcText(facts.at), facts.clientIp || '—'),
      w.notYou,
    ],
    action: { label: w.action[alert], url: `${publicUrl}${ALERT_PATHS[alert]}` },
    footer: w.footer(PRODUCT_TITLE),
  });
}

/** The alert as the operations webhook tells it: English subject, what happened and when, the link. */
export function securityAlertSummary(alert: SecurityAlert, facts: AlertFacts, publicUrl: string) {
  const w = WORDS.en;
  return {
    subject: w.subject[alert],
    text: oneLine(
      `${w.happened[alert](facts.keyName ?? '')} ${w.when(utcText(facts.at), facts.clientIp || '—')}`,
    ),
    link: `${publicUrl}${ALERT_PATHS[alert]}`,
  };
}
