/** English strings of the sub-accounts (/sub-accounts). */
export const subAccounts = {};
