import type { Translation } from '../translation';

/** French `auth.*` strings. */
export const auth: Translation<'fr'>['auth'] = {
  welcome: 'Bon retour !',
  signInSubtitle: 'Connectez-vous pour accéder au back-office.',
  email: 'E-mail',
  emailPlaceholder: 'Saisissez votre e-mail',
  password: 'Mot de passe',
  passwordPlaceholder: 'Saisissez votre mot de passe',
  showPassword: 'Afficher le mot de passe',
  signIn: 'Se connecter',
  signingIn: 'Connexion…',
  otpTitle: 'Vérification en deux étapes',
  otpText:
    'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de récupération.',
  otpCode: 'Code de vérification',
  verify: 'Vérifier',
  newPasswordTitle: 'Définir un nouveau mot de passe',
  newPasswordText: 'Pour votre sécurité, choisissez un nouveau mot de passe avant de continuer.',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmer le nouveau mot de passe',
  passwordsDiffer: 'Les deux mots de passe sont différents.',
  updatePassword: 'Mettre à jour le mot de passe',
  noChallenge: 'Cette étape a expiré ou n’a pas été commencée. Veuillez vous reconnecter.',
  otpSetupTitle: 'Authentification à deux facteurs',
  otpSetupText:
    'L’authentification à deux facteurs se configure depuis votre compte une fois connecté : ouvrez Sécurité, choisissez Configurer, scannez le QR code et confirmez un code.',
  loginIpTitle: 'Adresse IP de connexion autorisée',
  loginIpText:
    'Votre compte n’accepte les connexions que depuis des adresses IP autorisées. Si cette adresse est refusée, demandez à votre gestionnaire de l’ajouter, ou connectez-vous depuis une adresse autorisée et ajoutez-la dans Profil.',
  forgotLink: 'Mot de passe oublié ?',
  forgotTitle: 'Mot de passe oublié ?',
  forgotText:
    'Saisissez l’e-mail de votre compte. S’il en a un, nous envoyons un lien pour définir un nouveau mot de passe.',
  sendLink: 'Envoyer le lien',
  sentTitle: 'Consultez vos e-mails',
  sentText:
    'Si un compte a cet e-mail, un lien pour définir un nouveau mot de passe est en route. Il fonctionne une fois, pendant 30 minutes.',
  resetTitle: 'Définir un nouveau mot de passe',
  resetText:
    'Choisissez le nouveau mot de passe de votre compte. Vous vous connecterez avec, puis avec la 2FA si elle est active.',
  resetDone: 'Votre mot de passe est défini. Connectez-vous avec.',
  signInNow: 'Se connecter',
  missingToken: 'Ce lien est incomplet. Rouvrez le lien de l’e-mail ou demandez-en un nouveau.',
  askAgain: 'Demander un nouveau lien',
};
