/** What other modules and the seed use of contracts: the currencies held, a new contract. */
export { findContractCurrencies, hasContractInForce, insertContract } from './contracts.queries';
