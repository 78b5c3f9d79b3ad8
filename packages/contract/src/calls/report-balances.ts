// Scaffold: the calls of balance settlement reports (/merchant-balance-settlement, /reseller-balance-settlement) and the report settings (/report-setting) (issue 12).
export {};
