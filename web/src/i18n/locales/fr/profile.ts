import type { Translation } from '../translation';

/** French `profile.*` strings. */
export const profile: Translation<'fr'>['profile'] = {
  details: 'Informations personnelles',
  email: 'E-mail',
  username: 'Nom d’utilisateur',
  accountType: 'Type de compte',
  name: 'Nom',
  phone: 'Téléphone',
  telegram: 'Telegram',
  telegramHint: 'Votre nom d’utilisateur Telegram, par ex. @votrenom',
  language: 'Langue',
  timezone: 'Fuseau horaire',
  timezones: {
    Default: 'Par défaut (UTC)',
    Malaysia: 'Malaisie (UTC+8)',
    India: 'Inde (UTC+5:30)',
    Vietnam: 'Viêt Nam (UTC+7)',
    Thailand: 'Thaïlande (UTC+7)',
    Brazil: 'Brésil (UTC−3)',
    Australia: 'Australie (UTC+10)',
  },
  memberSince: 'Membre depuis',
  alerts: {
    title: 'Alertes par e-mail',
    text: 'Choisissez les alertes qui vous parviennent par e-mail.',
    kinds: {
      approvals_waiting: {
        label: 'Demandes en attente de mon approbation',
        hint: 'Un récapitulatif au plus toutes les 15 minutes, avec les nouvelles demandes que vous pouvez approuver.',
      },
      gateway_health: {
        label: 'Santé des passerelles',
        hint: 'Quand une règle de santé lève une alerte sur une passerelle de paiement ou la désactive.',
      },
      notify_failing: {
        label: 'Notifications en échec',
        hint: 'Quand les notifications vers votre URL de notification échouent depuis plus d’une heure ; au plus une fois par jour.',
      },
      support_answered: {
        label: 'Réponse à une demande d’assistance',
        hint: 'Quand l’équipe d’assistance répond à l’une de vos demandes.',
      },
      team_changed: {
        label: 'L’équipe d’administration a changé',
        hint: 'Quand un administrateur est invité, que ses modules ou son statut changent, ou que la règle 2FA de l’équipe change.',
      },
    },
    securityAlwaysOn:
      'Les alertes de sécurité sont toujours envoyées et ne peuvent pas être désactivées : connexion depuis une nouvelle adresse, mot de passe modifié, authentification à deux facteurs désactivée, clé API créée, renouvelée ou révoquée.',
  },
};
