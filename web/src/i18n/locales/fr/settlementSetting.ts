import type { Translation } from '../translation';

/** French strings of the merchant's settlement settings (/settlement-setting). */
export const settlementSetting: Translation<'fr'>['settlementSetting'] = {
  noAccess:
    'Les paramètres de règlement sont réservés aux comptes disposant du module règlements ; demandez à votre compte principal de les modifier.',
  intro:
    'Où vos règlements sont versés. Chaque modification est confirmée avant d’être enregistrée et consignée dans le journal.',
  yes: 'Oui',
  no: 'Non',
  bank: {
    title: 'Comptes bancaires',
    text: 'Les règlements en monnaie fiduciaire sont versés sur l’un de ces comptes ; celui par défaut passe en premier.',
    add: 'Ajouter un compte bancaire',
    empty: 'Aucun compte bancaire pour l’instant',
    emptyText: 'Ajoutez le compte bancaire sur lequel vos règlements doivent être versés.',
    bankName: 'Banque',
    accountHolder: 'Titulaire du compte',
    accountNumber: 'Numéro de compte',
    currency: 'Devise',
    anyCurrency: 'Toutes devises',
    currencyHint: 'Laissez « Toutes devises » sauf si ce compte ne reçoit qu’une seule devise.',
    isDefault: 'Par défaut',
    actions: 'Actions',
    edit: 'Modifier',
    makeDefault: 'Définir par défaut',
    makeDefaultOnSave: 'En faire le compte par défaut',
    firstIsDefault: 'Votre premier compte bancaire devient le compte par défaut.',
    addTitle: 'Ajouter un compte bancaire',
    editTitle: 'Modifier le compte bancaire',
    required: {
      bankName: 'Saisissez le nom de la banque.',
      accountHolder: 'Saisissez le nom du titulaire du compte.',
      accountNumber: 'Saisissez le numéro de compte.',
    },
    confirmMakeDefault: 'Faire de {{bank}} {{number}} le compte par défaut de vos règlements ?',
    madeDefault: '{{bank}} {{number}} est désormais votre compte par défaut.',
    confirmRemove: 'Supprimer {{bank}} {{number}} ? Les règlements ne pourront plus y être versés.',
    removeDefaultNote: 'Votre plus ancien compte restant devient le compte par défaut.',
    removed: 'Le compte bancaire a été supprimé.',
    added: 'Le compte bancaire a été enregistré.',
    updated: 'Le compte bancaire a été mis à jour.',
  },
  wallet: {
    title: 'Portefeuille USDT',
    text: 'Les règlements en USDT sont envoyés à cette adresse.',
    empty: 'Aucune adresse de portefeuille USDT pour l’instant',
    emptyText: 'Indiquez l’adresse à laquelle vos règlements en USDT doivent être envoyés.',
    set: 'Définir l’adresse',
    change: 'Changer',
    network: 'Réseau',
    networkName: {
      trc20: 'TRC-20 (réseau TRON)',
      erc20: 'ERC-20 (réseau Ethereum)',
    },
    address: 'Adresse du portefeuille',
    lastChanged: 'Dernière modification',
    setTitle: 'Définir l’adresse du portefeuille USDT',
    changeTitle: 'Changer l’adresse du portefeuille USDT',
    addressRequired: 'Saisissez l’adresse du portefeuille.',
    addressFormat: {
      trc20:
        'Ce n’est pas une adresse TRC-20 : elle commence par T et compte 34 lettres et chiffres.',
      erc20:
        'Ce n’est pas une adresse ERC-20 : elle commence par 0x suivi de 40 caractères 0-9, a-f.',
    },
    hint: {
      trc20: 'Une adresse TRC-20 commence par T et compte 34 caractères.',
      erc20: 'Une adresse ERC-20 commence par 0x et compte 42 caractères.',
    },
    warning:
      'Vérifiez soigneusement l’adresse et le réseau : des USDT envoyés à une mauvaise adresse sont perdus.',
    confirmRemove:
      'Supprimer l’adresse du portefeuille USDT {{address}} ? Les règlements en USDT ont besoin d’une adresse.',
    saved: 'L’adresse du portefeuille USDT a été enregistrée.',
    removed: 'L’adresse du portefeuille USDT a été supprimée.',
  },
  review: {
    title: 'Confirmer la modification',
    text: 'Vérifiez ce qui va être enregistré. La modification est consignée dans le journal.',
    was: 'avant :',
    open: 'Vérifier',
    back: 'Retour',
    confirm: 'Confirmer et enregistrer',
  },
};
