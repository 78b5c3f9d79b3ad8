import type { Translation } from '../translation';

/** French strings of the API documentation (/api-documentation). */
export const apiDocs: Translation<'fr'>['apiDocs'] = {
  signingTitle: 'Signature des requêtes',
  intro:
    "Votre backend appelle l'API marchand sur <url>{{baseUrl}}</url> avec des corps JSON. Chaque requête est signée avec le secret de votre clé d'API (Paramètres marchand) ; la référence ci-dessous détaille chaque opération, champ et erreur.",
  headersTitle: 'En-têtes de chaque requête',
  headerKey: "L'identifiant de votre clé d'API.",
  headerTimestamp:
    "L'heure actuelle en secondes Unix ; refusée si elle s'écarte de plus de 5 minutes de l'horloge du serveur.",
  headerSignature:
    "HMAC-SHA256 en hexadécimal de la chaîne signée, avec votre secret d'API comme clé.",
  headerIdempotency:
    'Pour les écritures (POST) seulement : unique pour chaque encaissement ou versement voulu. Une nouvelle tentative avec la même clé et le même corps renvoie la première réponse ; la même clé avec un autre corps renvoie 409.',
  signedTitle: 'La chaîne signée',
  signedIntro:
    'Joignez ces six parties par des sauts de ligne (\\n), dans cet ordre, sans saut de ligne à la fin :',
  partVersion: 'les lettres <code>v2</code>, la version de cette chaîne.',
  partTimestamp: "l'en-tête X-Timestamp, tel qu'envoyé.",
  partMethod: 'la méthode HTTP en majuscules (GET, POST).',
  partPath:
    "le chemin complet tel qu'envoyé, <code>/api/v1</code> compris, avec sa chaîne de requête s'il y en a une : <code>/api/v1/payins</code>, pas <code>/payins</code>.",
  partIdempotency:
    "l'en-tête Idempotency-Key, tel qu'envoyé ; vide quand la requête n'en a pas (un GET).",
  partBody:
    'le corps exact que vous envoyez (signez le texte envoyé, pas un objet sérialisé à nouveau) ; vide pour un GET.',
  refused:
    'Un en-tête manquant, une clé inconnue, un horodatage périmé, une mauvaise signature ou une requête signée envoyée une seconde fois renvoie 401, avec la raison dans error.code : signez chaque requête à nouveau, y compris les nouvelles tentatives.',
  examplesTitle: 'Exemples',
  examplesHint:
    "Chaque exemple crée un encaissement puis le relit. Définissez API_BASE_URL, API_KEY_ID et API_SECRET dans l'environnement avant de le lancer.",
  copy: 'Copier',
  copied: 'Copié',
  copyRefused: 'Le navigateur a refusé la copie : sélectionnez plutôt le texte.',
  referenceTitle: "Référence de l'API",
  downloadDocument: 'Télécharger openapi.json',
  redoc: {
    responses: 'Réponses',
    requestSamples: 'Exemples de requête',
    responseSamples: 'Exemples de réponse',
    download: 'Télécharger',
    downloadSpecification: 'Télécharger le document OpenAPI',
  },
};
