// Scaffold: the calls of ledger and statement reports (contract ledgers, merchant statement, reseller earning statement, USDT wallet) (issue 12).
export {};
