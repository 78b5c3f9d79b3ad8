import type { Translation } from '../translation';

/** Spanish strings of the merchant's settlement settings (/settlement-setting). */
export const settlementSetting: Translation<'es'>['settlementSetting'] = {
  noAccess:
    'La configuración de liquidaciones corresponde a las cuentas con el módulo de liquidaciones; pida a su cuenta principal que la cambie.',
  intro:
    'Dónde se pagan sus liquidaciones. Cada cambio se confirma antes de guardarse y queda registrado.',
  yes: 'Sí',
  no: 'No',
  bank: {
    title: 'Cuentas bancarias',
    text: 'Las liquidaciones en moneda fiduciaria se pagan a una de estas cuentas; la predeterminada va primero.',
    add: 'Añadir cuenta bancaria',
    empty: 'Aún no hay ninguna cuenta bancaria',
    emptyText: 'Añada la cuenta bancaria a la que se deben pagar sus liquidaciones.',
    bankName: 'Banco',
    accountHolder: 'Titular de la cuenta',
    accountNumber: 'Número de cuenta',
    currency: 'Moneda',
    anyCurrency: 'Cualquier moneda',
    currencyHint: 'Deje «Cualquier moneda» salvo que esta cuenta solo reciba una moneda.',
    isDefault: 'Predeterminada',
    actions: 'Acciones',
    edit: 'Editar',
    makeDefault: 'Hacer predeterminada',
    makeDefaultOnSave: 'Hacer de esta la cuenta predeterminada',
    firstIsDefault: 'Su primera cuenta bancaria pasa a ser la predeterminada.',
    addTitle: 'Añadir una cuenta bancaria',
    editTitle: 'Editar la cuenta bancaria',
    required: {
      bankName: 'Introduzca el nombre del banco.',
      accountHolder: 'Introduzca el nombre del titular de la cuenta.',
      accountNumber: 'Introduzca el número de cuenta.',
    },
    confirmMakeDefault:
      '¿Hacer de {{bank}} {{number}} la cuenta predeterminada para sus liquidaciones?',
    madeDefault: '{{bank}} {{number}} es ahora su cuenta predeterminada.',
    confirmRemove: '¿Eliminar {{bank}} {{number}}? Ya no se podrán pagar liquidaciones a ella.',
    removeDefaultNote: 'Su cuenta restante más antigua pasa a ser la predeterminada.',
    removed: 'La cuenta bancaria se ha eliminado.',
    added: 'La cuenta bancaria se ha guardado.',
    updated: 'La cuenta bancaria se ha actualizado.',
  },
  wallet: {
    title: 'Monedero USDT',
    text: 'Las liquidaciones en USDT se envían a esta dirección.',
    empty: 'Aún no hay ninguna dirección de monedero USDT',
    emptyText: 'Indique la dirección a la que se deben enviar sus liquidaciones en USDT.',
    set: 'Indicar dirección',
    change: 'Cambiar',
    network: 'Red',
    networkName: {
      trc20: 'TRC-20 (red TRON)',
      erc20: 'ERC-20 (red Ethereum)',
    },
    address: 'Dirección del monedero',
    lastChanged: 'Último cambio',
    setTitle: 'Indicar la dirección del monedero USDT',
    changeTitle: 'Cambiar la dirección del monedero USDT',
    addressRequired: 'Introduzca la dirección del monedero.',
    addressFormat: {
      trc20: 'No es una dirección TRC-20: empieza por T y tiene 34 letras y cifras.',
      erc20: 'No es una dirección ERC-20: empieza por 0x seguido de 40 caracteres 0-9, a-f.',
    },
    hint: {
      trc20: 'Una dirección TRC-20 empieza por T y tiene 34 caracteres.',
      erc20: 'Una dirección ERC-20 empieza por 0x y tiene 42 caracteres.',
    },
    warning:
      'Compruebe con cuidado la dirección y la red: los USDT enviados a una dirección errónea se pierden.',
    confirmRemove:
      '¿Eliminar la dirección del monedero USDT {{address}}? Las liquidaciones en USDT necesitan una dirección.',
    saved: 'La dirección del monedero USDT se ha guardado.',
    removed: 'La dirección del monedero USDT se ha eliminado.',
  },
  review: {
    title: 'Confirmar el cambio',
    text: 'Compruebe lo que se va a guardar. El cambio queda registrado.',
    was: 'antes:',
    open: 'Revisar',
    back: 'Volver',
    confirm: 'Confirmar y guardar',
  },
};
