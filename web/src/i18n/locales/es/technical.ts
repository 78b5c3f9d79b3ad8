import type { Translation } from '../translation';

/** Spanish strings of the technical pages (/api-documentation, /technical-support, /technical-information). */
export const technical: Translation<'es'>['technical'] = {
  support: {
    listTitle: 'Sus solicitudes de soporte',
    listTitleAdmin: 'Solicitudes de soporte',
    allStatuses: 'Todos los estados',
    allCategories: 'Todas las categorías',
    statuses: { open: 'Abierta', answered: 'Respondida', closed: 'Cerrada' },
    categories: {
      payin: 'Cobro',
      payout: 'Pago',
      settlement: 'Liquidación',
      account: 'Cuenta',
      technical: 'Técnica',
      other: 'Otra',
    },
    columns: {
      createdAt: 'Creada',
      account: 'Cuenta',
      category: 'Categoría',
      subject: 'Asunto',
      status: 'Estado',
      transactionReference: 'Referencia de transacción',
      handledBy: 'Atendida por',
      updatedAt: 'Actualizada',
    },
    contacts: {
      title: 'Contactar con soporte',
      announcements: 'Canal de anuncios',
      announcementsText:
        'Las novedades del servicio, los mantenimientos y las incidencias se publican aquí primero.',
      chat: 'Chatear con soporte',
      chatText: 'Hable con el equipo de soporte en horario laboral.',
      telegram: 'Su contacto de Telegram',
      telegramText: 'Soporte le responde en este contacto.',
      openTelegram: 'Abrir en Telegram',
      changeTelegram: 'Cambiarlo en su perfil',
      noTelegram: 'Todavía no hay un contacto de Telegram guardado.',
      addTelegram: 'Añadir uno en su perfil',
    },
    form: {
      title: 'Nueva solicitud de soporte',
      subject: 'Asunto',
      category: 'Categoría',
      chooseCategory: 'Elija una categoría…',
      message: 'Mensaje',
      messageHint: 'Describa qué ocurrió y qué esperaba (al menos {{min}} caracteres).',
      transactionReference: 'Referencia de transacción (opcional)',
      transactionReferenceHint:
        'El id o el número de pedido del cobro, pago o liquidación en cuestión.',
      submit: 'Enviar solicitud',
      sent: 'Su solicitud se envió. Soporte la responderá aquí.',
      subjectRequired: 'Escriba un asunto.',
      categoryRequired: 'Elija una categoría.',
      messageTooShort: 'Escriba al menos {{min}} caracteres.',
      tooLong: 'Use como máximo {{max}} caracteres.',
    },
    detail: {
      filedBy: 'presentada por {{username}}',
      noteBy: 'Nota de {{username}} ({{at}})',
    },
    decision: {
      answer: 'Responder',
      close: 'Cerrar solicitud',
      noteRequired: 'Escriba una nota para el solicitante.',
      confirmClose: '¿Cerrar esta solicitud? Una solicitud cerrada no se puede reabrir.',
      done: { answered: 'La respuesta se guardó.', closed: 'La solicitud se cerró.' },
      noteLabel: { answered: 'Su respuesta', closed: 'Motivo del cierre' },
    },
  },
  info: {
    api: {
      title: 'API de comercios',
      baseUrl: 'URL base',
      openapi: 'Documento OpenAPI',
      signing: 'Firma',
      signingText:
        'Envíe X-Api-Key, X-Timestamp (segundos unix) y X-Signature: el HMAC-SHA256 hexadecimal con su secreto sobre',
    },
    sandbox: {
      title: 'Pasarela de pruebas',
      intro:
        'El entorno de pruebas es una pasarela de pago servida por esta plataforma: cobros y pagos pasan por ella como por una pasarela real, con avisos firmados, pero no se mueve dinero.',
      page: 'Cada cobro tiene una página de pago alojada donde elige Pagar o Fallar:',
      autoPayOn:
        'El pago automático está activado: los cobros terminan solos según la tasa de éxito de cada pasarela.',
      autoPayOff:
        'El pago automático está desactivado: los cobros esperan la elección del pagador en la página de pago.',
      rulesTitle: 'Resultados elegidos por el importe',
      ending: 'El importe termina en (unidades mínimas)',
      outcome: 'Resultado',
      outcomes: {
        failed: 'Falla enseguida',
        silent: 'Nunca responde (solo una consulta de estado lo resuelve)',
        success: 'Tiene éxito enseguida',
      },
      otherEndings: 'Cualquier otra terminación',
      otherOutcome:
        'Los cobros esperan la página de pago (o siguen la tasa de éxito si es automático); los pagos siguen la tasa de éxito',
      gatewaysTitle: 'Pasarelas de prueba activas',
      noGateways: 'No hay ninguna pasarela de prueba activa.',
      gateway: 'Pasarela',
      currency: 'Moneda',
      successRate: 'Tasa de éxito',
      latency: 'Retraso del aviso',
      ms: '{{ms}} ms',
    },
    callbacks: {
      title: 'Avisos a su servidor',
      intro:
        'Cuando un cobro o un pago termina, su resultado se envía en JSON a su URL de notificación, firmado como una petición a la API de comercios.',
      sources: 'Direcciones de origen',
      thisServer: 'La dirección de este servidor ({{host}})',
      sourcesHint:
        'Permita estas direcciones en su cortafuegos. Detrás de un proxy o NAT la dirección que ve puede ser otra.',
      retries: 'Reintentos',
      retriesText:
        'Toda respuesta distinta de 2xx se reintenta con una espera creciente, hasta {{attempts}} intentos; cada intento espera su respuesta como máximo {{seconds}} s.',
      signature: 'Firma',
      signatureText:
        'Compruebe X-Signature con su secreto de avisos antes de confiar en una notificación.',
    },
    lifecycles: {
      title: 'Valores de estado',
      intro:
        'Cada transacción sigue su ciclo de vida: un estado solo puede pasar a los estados indicados a su lado.',
      state: 'Estado',
      next: 'Puede pasar a',
      initial: '(inicial)',
      final: 'Definitivo',
      names: {
        payin: 'Cobro',
        payout: 'Pago',
        settlement: 'Liquidación',
        withdrawal: 'Retiro',
        top_up: 'Recarga',
        refund: 'Reembolso',
        dispute: 'Disputa',
        adjustment: 'Ajuste de saldo',
      },
    },
    errors: {
      title: 'Códigos de error',
      intro: 'Cada respuesta lleva status y message; el estado HTTP es igual a status.',
      status: 'Estado',
      code: 'Código',
      when: 'Cuándo',
      codes: {
        BAD_INPUT:
          'Falta un campo, tiene un tipo erróneo o está fuera de rango; el mensaje lo nombra. No se cambió nada.',
        NOT_ALLOWED: 'Con sesión iniciada, pero el tipo o los módulos de su cuenta no lo permiten.',
        SIGN_IN_REFUSED:
          'Credenciales erróneas, dirección de acceso rechazada o código de un solo uso incorrecto.',
        NOT_FOUND: 'No existe esa llamada, o el elemento no existe o no es suyo.',
        CONFLICT:
          'La petición choca con el estado actual (duplicado, cambio de estado no permitido, clave reutilizada).',
        TOO_LARGE: 'La petición supera el límite de tamaño.',
        TOO_MANY: 'Demasiados intentos; el mensaje indica cuánto esperar.',
        SESSION_INVALID: 'La sesión es desconocida, caducó o fue revocada: inicie sesión de nuevo.',
        INTERNAL: 'Algo inesperado falló de nuestro lado; no se muestra ningún detalle interno.',
        UNAVAILABLE:
          'La base de datos no está disponible en este momento (conmutación en curso); no se cambió nada. Vuelva a intentarlo tras los segundos de la cabecera Retry-After.',
      },
      reasons: 'Un rechazo que hay que distinguir lleva data.reason:',
    },
    money: {
      title: 'Importes, comisiones y redondeo',
      intro: 'Los importes son exactos: nunca pasan por números de coma flotante.',
      amounts:
        'Los importes viajan como cadenas decimales en unidades principales y se guardan como enteros de la unidad mínima de la moneda. Un importe con más decimales de los que admite su moneda se rechaza, no se redondea.',
      rate: 'Una tarifa es un porcentaje (guardado en partes por millón: 1 % = 10 000 de {{ppm}}) más un importe fijo, con un mínimo y un máximo opcionales.',
      rounding:
        'La parte porcentual se redondea hacia abajo a la unidad mínima: cualquier fracción de unidad queda para el comercio.',
      bounds: 'Una comisión nunca es negativa ni mayor que el propio importe.',
      split:
        'La comisión del comercio cubre la comisión del revendedor (la diferencia con la tarifa del revendedor) y la parte de la plataforma; el neto es el importe menos la comisión.',
      example:
        'Ejemplo: {{amount}} {{currency}} al {{percent}} % + {{fixed}} da una comisión de {{fee}} y un neto de {{net}} {{currency}}.',
      currencies: 'Monedas y sus decimales',
      code: 'Código',
      name: 'Nombre',
      scale: 'Decimales',
      smallest: 'Unidad mínima',
    },
  },
};
