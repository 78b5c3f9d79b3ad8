import type { Translation } from '../../translation';

/** French strings of administrator tools (/admin-logs, /withdrawal-history/list, /force-change-usdt). */
export const administration: Translation['administration'] = {};
