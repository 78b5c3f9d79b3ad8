/**
 * What other modules and the seed use of contracts: the currencies held, a new contract, and a
 * merchant's versions with the one in force (refunds price with it).
 */
export {
  findContractCurrencies,
  findContractsOfMerchant,
  hasContractInForce,
  insertContract,
} from './contracts.queries';
export { pickContract, refundRateOf } from './contract-rates';
