/** English strings of the merchant settings: API keys, notify URL, notification log (/merchant-settings). */
export const merchantSettings = {};
