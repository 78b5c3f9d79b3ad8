import { moneyKindNames } from '@bo/contract';
import type { ApprovedKindName } from '../approvals/approval-subjects';
import type { MailLanguage } from '../mail/mail.service';

/** The queues a money request may wait in, as the approvals digest names and links them. */
export const APPROVAL_QUEUES: readonly ApprovalQueue[] = [
  ...moneyKindNames((k) => k.approval !== undefined),
  'setting_change',
] as ApprovalQueue[];
export type ApprovalQueue = ApprovedKindName | 'setting_change';

/** What the optional alerts say, in one language (issue 30). */
export interface AlertWords {
  greeting: (name: string) => string;
  footer: (product: string) => string;
  digest: {
    subject: (n: number) => string;
    intro: (n: number) => string;
    /** The queues that are not a money kind's (a kind names its own: `queueWordsOf`). */
    queues: Record<Exclude<ApprovalQueue, ApprovedKindName>, string>;
    action: string;
  };
  gateway: {
    subject: (gateway: string, deactivated: boolean) => string;
    happened: (gateway: string, rule: string, deactivated: boolean) => string;
    detail: (summary: string) => string;
    action: string;
  };
  notify: {
    subject: string;
    happened: (url: string, n: number) => string;
    lastError: (error: string) => string;
    once: string;
    action: string;
  };
  support: {
    subject: string;
    happened: (subject: string) => string;
    answer: (note: string) => string;
    action: string;
  };
}

const en: AlertWords = {
  greeting: (name) => `Hello ${name},`,
  footer: (p) =>
    `${p}: sent automatically, please do not answer it. You can turn this alert off on your profile.`,
  digest: {
    subject: (n) =>
      n === 1 ? '1 request waits for your approval' : `${n} requests wait for your approval`,
    intro: (n) =>
      n === 1
        ? 'A new money request waits for your approval:'
        : `${n} new money requests wait for your approval:`,
    queues: {
      setting_change: 'Setting changes',
    },
    action: 'Open the approval queue',
  },
  gateway: {
    subject: (g, off) => (off ? `Gateway ${g} was deactivated` : `Gateway ${g} needs attention`),
    happened: (g, rule, off) =>
      off
        ? `The health rule “${rule}” found gateway ${g} failing and deactivated it: it takes no new pay-ins until it is activated again.`
        : `The health rule “${rule}” raised an alert on gateway ${g}.`,
    detail: (s) => `What it saw: ${s}.`,
    action: 'Open gateway monitoring',
  },
  notify: {
    subject: 'Notifications to your notify URL are failing',
    happened: (url, n) =>
      `For more than an hour, ${n} notification(s) to ${url} could not be delivered. Your system may be missing payment results.`,
    lastError: (e) => `The last attempt's answer: ${e}.`,
    once: 'They are retried automatically. This mail is sent at most once a day.',
    action: 'Check your notify URL',
  },
  support: {
    subject: 'Your support request was answered',
    happened: (s) => `Your support request “${s}” was answered.`,
    answer: (n) => `The answer: ${n}`,
    action: 'Open your support requests',
  },
};

const fr: AlertWords = {
  greeting: (name) => `Bonjour ${name},`,
  footer: (p) =>
    `${p} : message automatique, merci de ne pas y répondre. Vous pouvez désactiver cette alerte dans votre profil.`,
  digest: {
    subject: (n) =>
      n === 1 ? '1 demande attend votre approbation' : `${n} demandes attendent votre approbation`,
    intro: (n) =>
      n === 1
        ? 'Une nouvelle demande d’argent attend votre approbation :'
        : `${n} nouvelles demandes d’argent attendent votre approbation :`,
    queues: {
      setting_change: 'Changements de paramètres',
    },
    action: 'Ouvrir la file d’approbation',
  },
  gateway: {
    subject: (g, off) =>
      off ? `La passerelle ${g} a été désactivée` : `La passerelle ${g} demande votre attention`,
    happened: (g, rule, off) =>
      off
        ? `La règle de santé « ${rule} » a trouvé la passerelle ${g} en échec et l’a désactivée : elle ne prend plus de paiements tant qu’elle n’est pas réactivée.`
        : `La règle de santé « ${rule} » a levé une alerte sur la passerelle ${g}.`,
    detail: (s) => `Constat : ${s}.`,
    action: 'Ouvrir la surveillance des passerelles',
  },
  notify: {
    subject: 'Les notifications vers votre URL de notification échouent',
    happened: (url, n) =>
      `Depuis plus d’une heure, ${n} notification(s) vers ${url} n’ont pas pu être livrées. Votre système manque peut-être des résultats de paiement.`,
    lastError: (e) => `Réponse de la dernière tentative : ${e}.`,
    once: 'Elles sont réessayées automatiquement. Ce message est envoyé au plus une fois par jour.',
    action: 'Vérifier votre URL de notification',
  },
  support: {
    subject: 'Votre demande d’assistance a reçu une réponse',
    happened: (s) => `Votre demande d’assistance « ${s} » a reçu une réponse.`,
    answer: (n) => `La réponse : ${n}`,
    action: 'Ouvrir vos demandes d’assistance',
  },
};

const es: AlertWords = {
  greeting: (name) => `Hola ${name}:`,
  footer: (p) =>
    `${p}: enviado automáticamente, no lo responda. Puede desactivar esta alerta en su perfil.`,
  digest: {
    subject: (n) =>
      n === 1 ? '1 solicitud espera su aprobación' : `${n} solicitudes esperan su aprobación`,
    intro: (n) =>
      n === 1
        ? 'Una nueva solicitud de dinero espera su aprobación:'
        : `${n} nuevas solicitudes de dinero esperan su aprobación:`,
    queues: {
      setting_change: 'Cambios de configuración',
    },
    action: 'Abrir la cola de aprobación',
  },
  gateway: {
    subject: (g, off) =>
      off ? `La pasarela ${g} se desactivó` : `La pasarela ${g} requiere atención`,
    happened: (g, rule, off) =>
      off
        ? `La regla de salud «${rule}» detectó fallos en la pasarela ${g} y la desactivó: no acepta pagos nuevos hasta que se active de nuevo.`
        : `La regla de salud «${rule}» generó una alerta sobre la pasarela ${g}.`,
    detail: (s) => `Lo observado: ${s}.`,
    action: 'Abrir la supervisión de pasarelas',
  },
  notify: {
    subject: 'Fallan las notificaciones a su URL de notificación',
    happened: (url, n) =>
      `Desde hace más de una hora, no se pudieron entregar ${n} notificación(es) a ${url}. Puede que su sistema no reciba resultados de pago.`,
    lastError: (e) => `Respuesta del último intento: ${e}.`,
    once: 'Se reintentan automáticamente. Este correo se envía como máximo una vez al día.',
    action: 'Revisar su URL de notificación',
  },
  support: {
    subject: 'Su solicitud de soporte fue respondida',
    happened: (s) => `Su solicitud de soporte «${s}» fue respondida.`,
    answer: (n) => `La respuesta: ${n}`,
    action: 'Abrir sus solicitudes de soporte',
  },
};

const zh: AlertWords = {
  greeting: (name) => `${name}，您好：`,
  footer: (p) => `${p}：系统自动发送，请勿回复。您可以在个人资料中关闭此提醒。`,
  digest: {
    subject: (n) => `${n} 个请求等待您审批`,
    intro: (n) => `${n} 个新的资金请求等待您审批：`,
    queues: {
      setting_change: '设置变更',
    },
    action: '打开审批队列',
  },
  gateway: {
    subject: (g, off) => (off ? `通道 ${g} 已停用` : `通道 ${g} 需要关注`),
    happened: (g, rule, off) =>
      off
        ? `健康规则“${rule}”发现通道 ${g} 异常并已将其停用：重新启用前不接收新的代收。`
        : `健康规则“${rule}”对通道 ${g} 发出了警报。`,
    detail: (s) => `观测情况：${s}。`,
    action: '打开通道监控',
  },
  notify: {
    subject: '发往您通知地址的通知失败',
    happened: (url, n) =>
      `一个多小时以来，有 ${n} 条通知无法送达 ${url}。您的系统可能缺少支付结果。`,
    lastError: (e) => `最近一次尝试的应答：${e}。`,
    once: '系统会自动重试。此邮件每天最多发送一次。',
    action: '检查通知地址',
  },
  support: {
    subject: '您的支持请求已答复',
    happened: (s) => `您的支持请求“${s}”已答复。`,
    answer: (n) => `答复：${n}`,
    action: '打开您的支持请求',
  },
};

const ar: AlertWords = {
  greeting: (name) => `مرحبًا ${name}،`,
  footer: (p) =>
    `${p}: أُرسلت تلقائيًا، يُرجى عدم الرد عليها. يمكنك إيقاف هذا التنبيه من ملفك الشخصي.`,
  digest: {
    subject: (n) => (n === 1 ? 'طلب واحد بانتظار موافقتك' : `${n} طلبات بانتظار موافقتك`),
    intro: (n) =>
      n === 1 ? 'طلب مالي جديد بانتظار موافقتك:' : `${n} طلبات مالية جديدة بانتظار موافقتك:`,
    queues: {
      setting_change: 'تغييرات الإعدادات',
    },
    action: 'افتح قائمة الموافقات',
  },
  gateway: {
    subject: (g, off) => (off ? `تم إيقاف البوابة ${g}` : `البوابة ${g} تحتاج إلى انتباه`),
    happened: (g, rule, off) =>
      off
        ? `وجدت قاعدة السلامة «${rule}» أن البوابة ${g} تفشل فأوقفتها: لن تستقبل مدفوعات جديدة حتى تُفعَّل من جديد.`
        : `أطلقت قاعدة السلامة «${rule}» تنبيهًا على البوابة ${g}.`,
    detail: (s) => `ما رُصد: ${s}.`,
    action: 'افتح مراقبة البوابات',
  },
  notify: {
    subject: 'فشل إرسال الإشعارات إلى رابط الإشعارات لديك',
    happened: (url, n) =>
      `منذ أكثر من ساعة تعذّر تسليم ${n} إشعار إلى ${url}. قد لا تصل نتائج الدفع إلى نظامك.`,
    lastError: (e) => `رد المحاولة الأخيرة: ${e}.`,
    once: 'تُعاد المحاولة تلقائيًا. تُرسل هذه الرسالة مرة واحدة في اليوم على الأكثر.',
    action: 'تحقق من رابط الإشعارات',
  },
  support: {
    subject: 'تم الرد على طلب الدعم الخاص بك',
    happened: (s) => `تم الرد على طلب الدعم «${s}».`,
    answer: (n) => `الرد: ${n}`,
    action: 'افتح طلبات الدعم',
  },
};

/** The optional alerts' words in each language the product has. */
export const ALERT_WORDS: Record<MailLanguage, AlertWords> = { en, fr, es, zh, ar };
