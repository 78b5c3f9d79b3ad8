// Scaffold: the calls of administrator tools (/admin-logs, /withdrawal-history/list, /force-change-usdt) (issue 13).
export {};
