/** What the merchant API and the seed read of balances. */
export { findAccountBalances, findBalancesByPurpose } from './balances.queries';
