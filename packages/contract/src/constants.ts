/** Business constants and limits of spec section 9, in one place. */
export const PRODUCT_TITLE = 'Payment Back Office';
export const VERSION_LABEL = 'Ver. 1.3.5';

export const LIVE_UPDATE_INTERVAL_MS = 60_000;
export const UTC_CLOCK_REFRESH_MS = 1_000;
export const POPUP_DELAY_MS = 10;
export const LOADER_DEFAULT_MS = 1_500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const STATISTICS_PERIODS = ['1D', '7D', '1M', '1Y'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const DEFAULT_STATISTICS_PERIOD: StatisticsPeriod = '1M';
export const TOP_LIST_SIZE = 10;

/** The merchant notice about mandatory login-IP whitelisting shows until this instant. */
export const LOGIN_IP_NOTICE_DEADLINE = '2025-04-15T04:00:00Z';

/** Loan-status default stored with the user (spec section 3). */
export const DEFAULT_LOAN_STATUS = 99;

/** The query key that carries a list's page (spec section 2). */
export const PAGE_QUERY_KEY = 'page';
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;

/** Sidebar: scroll the active item into view when it is further down than this. */
export const SIDEBAR_SCROLL_THRESHOLD_PX = 500;
export const DESKTOP_BREAKPOINT_PX = 992;
