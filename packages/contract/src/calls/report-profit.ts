// Scaffold: the calls of profit and transaction reports (/profit-report, detailed, /daily-transactions-report, /daily-earning-report) (issue 12).
export {};
