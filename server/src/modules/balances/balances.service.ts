/** What the merchant API and the seed read of balances. */
export {
  findAccountBalances,
  findAccountBalancesAt,
  findBalancesByPurpose,
} from './balances.queries';
