import type { ListPageOptions } from '../../ui/list/use-list-page';

/**
 * The order of a report by day while the URL names none (issue 40): the newest day first, as
 * the server answers then too; the day column still sorts either way.
 */
export const NEWEST_DAY_FIRST: ListPageOptions['defaultSort'] = { sort: 'day', direction: 'desc' };
