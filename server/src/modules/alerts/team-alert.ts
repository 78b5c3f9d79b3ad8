import { getTeam } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { MailLanguage, WebhookSettings } from '../mail/mail.service';
import { adminsUnder } from './alert-recipients';
import { queueAlert } from './queue-alert';

/** A change of the admin team (issue 40), as its alert tells it. */
export type TeamEvent =
  | { kind: 'invited'; member: string; modules: readonly string[] }
  | { kind: 'invite_waiting'; member: string; modules: readonly string[] }
  | { kind: 'modules_changed'; member: string; modules: readonly string[] }
  | { kind: 'modules_waiting'; member: string; modules: readonly string[] }
  | { kind: 'deactivated'; member: string }
  | { kind: 'activated'; member: string }
  | { kind: 'activate_waiting'; member: string }
  | { kind: 'two_factor_off_waiting' }
  | { kind: 'two_factor_required'; required: boolean };

interface TeamWords {
  subject: string;
  happened: (by: string, event: TeamEvent) => string;
  action: string;
}

const list = (modules: readonly string[]) => modules.join(', ');

/** The team alert's words in each language the product has. */
const WORDS: Record<MailLanguage, TeamWords> = {
  en: {
    subject: 'The admin team changed',
    happened: (by, e) =>
      ({
        invited: () => `${by} invited ${m(e)} as an admin (modules: ${mods(e)}).`,
        invite_waiting: () =>
          `${by} asked to invite ${m(e)} as an admin with the administrator module (modules: ${mods(e)}); it waits for a second admin.`,
        modules_changed: () => `${by} set the modules of ${m(e)} to: ${mods(e)}.`,
        modules_waiting: () =>
          `${by} asked to give ${m(e)} the administrator module (modules: ${mods(e)}); it waits for a second admin.`,
        deactivated: () => `${by} deactivated ${m(e)} and ended their sessions.`,
        activated: () => `${by} activated ${m(e)} again.`,
        activate_waiting: () =>
          `${by} asked to activate ${m(e)} again; it waits for a second admin.`,
        two_factor_off_waiting: () =>
          `${by} asked to stop requiring two-factor authentication of every admin; it waits for a second admin.`,
        two_factor_required: () =>
          req(e)
            ? `${by} now requires two-factor authentication of every admin.`
            : `${by} no longer requires two-factor authentication of every admin.`,
      })[e.kind](),
    action: 'Open the team',
  },
  fr: {
    subject: 'L’équipe d’administration a changé',
    happened: (by, e) =>
      ({
        invited: () => `${by} a invité ${m(e)} comme administrateur (modules : ${mods(e)}).`,
        invite_waiting: () =>
          `${by} a demandé d’inviter ${m(e)} avec le module administrator (modules : ${mods(e)}) ; cela attend un second administrateur.`,
        modules_changed: () => `${by} a fixé les modules de ${m(e)} à : ${mods(e)}.`,
        modules_waiting: () =>
          `${by} a demandé de donner le module administrator à ${m(e)} (modules : ${mods(e)}) ; cela attend un second administrateur.`,
        deactivated: () => `${by} a désactivé ${m(e)} et fermé ses sessions.`,
        activated: () => `${by} a réactivé ${m(e)}.`,
        activate_waiting: () =>
          `${by} a demandé de réactiver ${m(e)} ; cela attend un second administrateur.`,
        two_factor_off_waiting: () =>
          `${by} a demandé de ne plus exiger l’authentification à deux facteurs de chaque administrateur ; cela attend un second administrateur.`,
        two_factor_required: () =>
          req(e)
            ? `${by} exige désormais l’authentification à deux facteurs de chaque administrateur.`
            : `${by} n’exige plus l’authentification à deux facteurs de chaque administrateur.`,
      })[e.kind](),
    action: 'Ouvrir l’équipe',
  },
  es: {
    subject: 'El equipo de administración cambió',
    happened: (by, e) =>
      ({
        invited: () => `${by} invitó a ${m(e)} como administrador (módulos: ${mods(e)}).`,
        invite_waiting: () =>
          `${by} pidió invitar a ${m(e)} con el módulo administrator (módulos: ${mods(e)}); espera a un segundo administrador.`,
        modules_changed: () => `${by} fijó los módulos de ${m(e)} en: ${mods(e)}.`,
        modules_waiting: () =>
          `${by} pidió dar a ${m(e)} el módulo administrator (módulos: ${mods(e)}); espera a un segundo administrador.`,
        deactivated: () => `${by} desactivó a ${m(e)} y cerró sus sesiones.`,
        activated: () => `${by} activó de nuevo a ${m(e)}.`,
        activate_waiting: () =>
          `${by} pidió activar de nuevo a ${m(e)}; espera a un segundo administrador.`,
        two_factor_off_waiting: () =>
          `${by} pidió dejar de exigir la autenticación en dos pasos a cada administrador; espera a un segundo administrador.`,
        two_factor_required: () =>
          req(e)
            ? `${by} ahora exige la autenticación en dos pasos a cada administrador.`
            : `${by} ya no exige la autenticación en dos pasos a cada administrador.`,
      })[e.kind](),
    action: 'Abrir el equipo',
  },
  zh: {
    subject: '管理员团队有变动',
    happened: (by, e) =>
      ({
        invited: () => `${by} 邀请了 ${m(e)} 作为管理员（模块：${mods(e)}）。`,
        invite_waiting: () =>
          `${by} 请求邀请 ${m(e)} 作为拥有 administrator 模块的管理员（模块：${mods(e)}），等待另一位管理员批准。`,
        modules_changed: () => `${by} 将 ${m(e)} 的模块设为：${mods(e)}。`,
        modules_waiting: () =>
          `${by} 请求授予 ${m(e)} administrator 模块（模块：${mods(e)}），等待另一位管理员批准。`,
        deactivated: () => `${by} 停用了 ${m(e)} 并结束了其会话。`,
        activated: () => `${by} 重新启用了 ${m(e)}。`,
        activate_waiting: () => `${by} 申请重新启用 ${m(e)}，等待第二位管理员批准。`,
        two_factor_off_waiting: () =>
          `${by} 申请不再要求每位管理员使用双重验证，等待第二位管理员批准。`,
        two_factor_required: () =>
          req(e)
            ? `${by} 现在要求每位管理员使用双重验证。`
            : `${by} 不再要求每位管理员使用双重验证。`,
      })[e.kind](),
    action: '打开团队',
  },
  ar: {
    subject: 'تغيّر فريق الإدارة',
    happened: (by, e) =>
      ({
        invited: () => `دعا ${by} ‏${m(e)} بصفة مسؤول (الوحدات: ${mods(e)}).`,
        invite_waiting: () =>
          `طلب ${by} دعوة ${m(e)} مع وحدة administrator (الوحدات: ${mods(e)})؛ ينتظر الطلب مسؤولًا ثانيًا.`,
        modules_changed: () => `ضبط ${by} وحدات ${m(e)} على: ${mods(e)}.`,
        modules_waiting: () =>
          `طلب ${by} منح ${m(e)} وحدة administrator (الوحدات: ${mods(e)})؛ ينتظر الطلب مسؤولًا ثانيًا.`,
        deactivated: () => `أوقف ${by} ‏${m(e)} وأنهى جلساته.`,
        activated: () => `أعاد ${by} تفعيل ${m(e)}.`,
        activate_waiting: () => `طلب ${by} إعادة تفعيل ${m(e)}؛ وينتظر ذلك مسؤولًا ثانيًا.`,
        two_factor_off_waiting: () =>
          `طلب ${by} التوقف عن اشتراط المصادقة الثنائية لكل مسؤول؛ وينتظر ذلك مسؤولًا ثانيًا.`,
        two_factor_required: () =>
          req(e)
            ? `يشترط ${by} الآن المصادقة الثنائية على كل مسؤول.`
            : `لم يعد ${by} يشترط المصادقة الثنائية على كل مسؤول.`,
      })[e.kind](),
    action: 'فتح الفريق',
  },
};

function m(e: TeamEvent): string {
  return 'member' in e ? e.member : '';
}
function mods(e: TeamEvent): string {
  return 'modules' in e ? list(e.modules) : '';
}
function req(e: TeamEvent): boolean {
  return 'required' in e && e.required;
}

/**
 * A change of the admin team: the admins who may open the team screen (its call's rule) hear
 * of it (the `team_changed` alert), in the transaction of the change.
 */
export async function queueTeamAlert(
  tx: Queryable,
  settings: WebhookSettings,
  facts: { by: string; event: TeamEvent; at: Date },
) {
  await queueAlert(tx, settings, {
    kind: 'alert.team_changed',
    recipients: await adminsUnder(tx, getTeam.rule, 'team_changed'),
    at: facts.at,
    body: (_words, lang) => ({
      subject: WORDS[lang].subject,
      paragraphs: [WORDS[lang].happened(facts.by, facts.event)],
      action: { label: WORDS[lang].action, url: `${settings.publicUrl}/admin-team` },
    }),
  });
}
