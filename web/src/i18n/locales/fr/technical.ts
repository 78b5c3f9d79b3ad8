import type { Translation } from '../translation';

/** French strings of the technical pages (/api-documentation, /technical-support, /technical-information). */
export const technical: Translation<'fr'>['technical'] = {
  support: {
    listTitle: 'Vos demandes d’assistance',
    listTitleAdmin: 'Demandes d’assistance',
    allStatuses: 'Tous les statuts',
    allCategories: 'Toutes les catégories',
    statuses: { open: 'Ouverte', answered: 'Répondue', closed: 'Fermée' },
    categories: {
      payin: 'Encaissement',
      payout: 'Décaissement',
      settlement: 'Règlement',
      account: 'Compte',
      technical: 'Technique',
      other: 'Autre',
    },
    columns: {
      createdAt: 'Créée le',
      account: 'Compte',
      category: 'Catégorie',
      subject: 'Objet',
      status: 'Statut',
      transactionReference: 'Référence de transaction',
      handledBy: 'Traitée par',
      updatedAt: 'Mise à jour',
    },
    contacts: {
      title: 'Contacter l’assistance',
      announcements: 'Canal d’annonces',
      announcementsText:
        'Les nouvelles du service, les maintenances et les incidents y sont publiés en premier.',
      chat: 'Discuter avec l’assistance',
      chatText: 'Parlez à l’équipe d’assistance aux heures ouvrées.',
      telegram: 'Votre contact Telegram',
      telegramText: 'L’assistance vous répond sur ce contact.',
      openTelegram: 'Ouvrir dans Telegram',
      changeTelegram: 'Le modifier dans votre profil',
      noTelegram: 'Aucun contact Telegram enregistré.',
      addTelegram: 'En ajouter un dans votre profil',
    },
    form: {
      title: 'Nouvelle demande d’assistance',
      subject: 'Objet',
      category: 'Catégorie',
      chooseCategory: 'Choisissez une catégorie…',
      message: 'Message',
      messageHint:
        'Décrivez ce qui s’est passé et ce que vous attendiez (au moins {{min}} caractères).',
      transactionReference: 'Référence de transaction (facultative)',
      transactionReferenceHint:
        'L’identifiant ou le numéro de commande de l’encaissement, du décaissement ou du règlement concerné.',
      submit: 'Envoyer la demande',
      sent: 'Votre demande a été envoyée. L’assistance y répondra ici.',
      subjectRequired: 'Saisissez un objet.',
      categoryRequired: 'Choisissez une catégorie.',
      messageTooShort: 'Écrivez au moins {{min}} caractères.',
      tooLong: 'Utilisez au plus {{max}} caractères.',
    },
    detail: {
      filedBy: 'déposée par {{username}}',
      noteBy: 'Note de {{username}} ({{at}})',
    },
    decision: {
      answer: 'Répondre',
      close: 'Fermer la demande',
      noteRequired: 'Écrivez une note pour le demandeur.',
      confirmClose: 'Fermer cette demande ? Une demande fermée ne peut pas être rouverte.',
      done: { answered: 'La réponse a été enregistrée.', closed: 'La demande a été fermée.' },
      noteLabel: { answered: 'Votre réponse', closed: 'Motif de la fermeture' },
    },
  },
  info: {
    api: {
      title: 'API marchand',
      baseUrl: 'URL de base',
      openapi: 'Document OpenAPI',
      signing: 'Signature',
      signingText:
        'Envoyez X-Api-Key, X-Timestamp (secondes unix) et X-Signature : le HMAC-SHA256 hexadécimal avec votre secret sur',
    },
    sandbox: {
      title: 'Passerelle bac à sable',
      intro:
        'Le bac à sable est une passerelle de paiement servie par cette plateforme pour les tests : encaissements et décaissements y passent comme par une vraie passerelle, avec des rappels signés, mais aucun argent ne circule.',
      page: 'Chaque encaissement a une page de paiement hébergée où vous choisissez Payer ou Échouer :',
      autoPayOn:
        'Le paiement automatique est activé : les encaissements se terminent seuls selon le taux de réussite de chaque passerelle.',
      autoPayOff:
        'Le paiement automatique est désactivé : les encaissements attendent le choix du payeur sur la page de paiement.',
      rulesTitle: 'Résultats choisis par le montant',
      ending: 'Le montant finit par (plus petites unités)',
      outcome: 'Résultat',
      outcomes: {
        failed: 'Échoue aussitôt',
        silent: 'Ne répond jamais (seule une interrogation du statut le règle)',
        success: 'Réussit aussitôt',
      },
      otherEndings: 'Toute autre fin',
      otherOutcome:
        'Les encaissements attendent la page de paiement (ou suivent le taux de réussite en automatique) ; les décaissements suivent le taux de réussite',
      gatewaysTitle: 'Passerelles bac à sable actives',
      noGateways: 'Aucune passerelle bac à sable n’est active.',
      gateway: 'Passerelle',
      currency: 'Devise',
      successRate: 'Taux de réussite',
      latency: 'Délai du rappel',
      ms: '{{ms}} ms',
    },
    callbacks: {
      title: 'Rappels vers votre serveur',
      intro:
        'Quand un encaissement ou un décaissement se termine, son résultat est envoyé en JSON à votre URL de notification, signé comme une requête à l’API marchand.',
      sources: 'Adresses d’origine',
      thisServer: 'L’adresse de ce serveur ({{host}})',
      sourcesHint:
        'Autorisez ces adresses dans votre pare-feu. Derrière un proxy ou un NAT, l’adresse vue peut différer.',
      retries: 'Nouvelles tentatives',
      retriesText:
        'Toute réponse autre que 2xx est retentée avec un délai croissant, jusqu’à {{attempts}} tentatives ; chaque tentative attend votre réponse au plus {{seconds}} s.',
      signature: 'Signature',
      signatureText:
        'Vérifiez X-Signature avec votre secret de rappel avant de vous fier à une notification.',
    },
    lifecycles: {
      title: 'Valeurs de statut',
      intro:
        'Chaque transaction suit son cycle de vie : un statut ne peut passer qu’aux statuts indiqués à côté.',
      state: 'Statut',
      next: 'Peut devenir',
      initial: '(premier)',
      final: 'Définitif',
      names: {
        payin: 'Encaissement',
        payout: 'Décaissement',
        settlement: 'Règlement',
        withdrawal: 'Retrait',
        top_up: 'Recharge',
        refund: 'Remboursement',
        dispute: 'Litige',
        adjustment: 'Ajustement de solde',
      },
    },
    errors: {
      title: 'Codes d’erreur',
      intro: 'Chaque réponse porte status et message ; le statut HTTP est égal à status.',
      status: 'Statut',
      code: 'Code',
      when: 'Quand',
      codes: {
        BAD_INPUT:
          'Un champ manque, a le mauvais type ou sort des limites ; le message le nomme. Rien n’a été modifié.',
        NOT_ALLOWED: 'Connecté, mais le type ou les modules de votre compte ne le permettent pas.',
        SIGN_IN_REFUSED:
          'Identifiants erronés, adresse de connexion refusée ou code à usage unique faux.',
        NOT_FOUND: 'Appel inconnu, ou l’élément n’existe pas ou ne vous appartient pas.',
        CONFLICT:
          'La requête contredit l’état actuel (doublon, changement de statut interdit, clé réutilisée).',
        TOO_LARGE: 'La requête dépasse la limite de taille.',
        TOO_MANY: 'Trop de tentatives ; le message indique combien de temps attendre.',
        SESSION_INVALID: 'La session est inconnue, expirée ou révoquée : reconnectez-vous.',
        INTERNAL:
          'Une erreur inattendue s’est produite chez nous ; aucun détail interne n’est montré.',
        UNAVAILABLE:
          'La base de données est injoignable pour l’instant (basculement en cours) ; rien n’a été modifié. Réessayez après les secondes de l’en-tête Retry-After.',
      },
      reasons: 'Un refus qu’il faut distinguer porte data.reason :',
    },
    money: {
      title: 'Montants, frais et arrondis',
      intro:
        'Les montants sont exacts : ils ne passent jamais par des nombres à virgule flottante.',
      amounts:
        'Les montants circulent en chaînes décimales en unités principales et sont conservés en nombres entiers de la plus petite unité de la devise. Un montant avec plus de décimales que sa devise n’en permet est refusé, pas arrondi.',
      rate: 'Un taux de frais est un pourcentage (conservé en parties par million : 1 % = 10 000 sur {{ppm}}) plus un montant fixe, éventuellement borné par un minimum et un maximum.',
      rounding:
        'La part en pourcentage est arrondie à l’unité inférieure : toute fraction d’unité reste au marchand.',
      bounds: 'Des frais ne sont jamais négatifs ni supérieurs au montant lui-même.',
      split:
        'Les frais du marchand couvrent la commission du revendeur (l’écart avec le taux du revendeur) et la part de la plateforme ; le net est le montant moins les frais.',
      example:
        'Exemple : {{amount}} {{currency}} à {{percent}} % + {{fixed}} donne des frais de {{fee}} et un net de {{net}} {{currency}}.',
      currencies: 'Devises et leurs décimales',
      code: 'Code',
      name: 'Nom',
      scale: 'Décimales',
      smallest: 'Plus petite unité',
    },
  },
};
