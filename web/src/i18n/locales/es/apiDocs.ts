import type { Translation } from '../translation';

/** Spanish strings of the API documentation (/api-documentation). */
export const apiDocs: Translation<'es'>['apiDocs'] = {
  signingTitle: 'Firma de las solicitudes',
  intro:
    'Su backend llama a la API de comercios en <url>{{baseUrl}}</url> con cuerpos JSON. Cada solicitud se firma con el secreto de su clave de API (Ajustes del comercio); la referencia de abajo describe cada operación, campo y error.',
  headersTitle: 'Cabeceras de cada solicitud',
  headerKey: 'El identificador de su clave de API.',
  headerTimestamp:
    'La hora actual en segundos Unix; se rechaza si difiere más de 5 minutos del reloj del servidor.',
  headerSignature:
    'HMAC-SHA256 en hexadecimal de la cadena firmada, con su secreto de API como clave.',
  headerIdempotency:
    'Solo en escrituras (POST): única para cada cobro o pago que pretenda. Un reintento con la misma clave y el mismo cuerpo devuelve la primera respuesta; la misma clave con otro cuerpo devuelve 409.',
  signedTitle: 'La cadena firmada',
  signedIntro:
    'Una estas seis partes con saltos de línea (\\n), en este orden, sin salto de línea al final:',
  partVersion: 'las letras <code>v2</code>, la versión de esta cadena.',
  partTimestamp: 'la cabecera X-Timestamp, tal como se envía.',
  partMethod: 'el método HTTP en mayúsculas (GET, POST).',
  partPath:
    'la ruta completa tal como se envía, con <code>/api/v1</code> y su cadena de consulta si la hay: <code>/api/v1/payins</code>, no <code>/payins</code>.',
  partIdempotency:
    'la cabecera Idempotency-Key, tal como se envía; vacía si la solicitud no la lleva (un GET).',
  partBody:
    'el cuerpo exacto que envía (firme el texto enviado, no un objeto serializado de nuevo); vacío para un GET.',
  refused:
    'Una cabecera ausente, una clave desconocida, una marca de tiempo caducada, una firma incorrecta o una solicitud firmada enviada por segunda vez devuelve 401, con el motivo en error.code: firme cada solicitud de nuevo, también los reintentos.',
  examplesTitle: 'Ejemplos',
  examplesHint:
    'Cada ejemplo crea un cobro y luego lo vuelve a leer. Defina API_BASE_URL, API_KEY_ID y API_SECRET en el entorno antes de ejecutarlo.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyRefused: 'El navegador rechazó la copia: seleccione el texto.',
  referenceTitle: 'Referencia de la API',
  downloadDocument: 'Descargar openapi.json',
  redoc: {
    responses: 'Respuestas',
    requestSamples: 'Ejemplos de solicitud',
    responseSamples: 'Ejemplos de respuesta',
    download: 'Descargar',
    downloadSpecification: 'Descargar el documento OpenAPI',
  },
};
