/** English strings of administrator tools (/admin-logs, /withdrawal-history/list, /force-change-usdt). */
export const administration = {};
