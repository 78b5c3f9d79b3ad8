import { useSearchParams } from 'react-router';
import {
  getSupportRequestList,
  SUPPORT_CATEGORIES,
  SUPPORT_REQUEST_STATUSES,
  type SupportRequestRow,
} from '@bo/contract';
import { withFilters, writeListState, type ListUrlState } from '../../ui/list/list-url-state';
import { useListPage, type ListPage } from '../../ui/list/use-list-page';

/** The support list's own choices, kept in the URL beside the list kit's filters. */
export interface SupportChoices {
  readonly status: string;
  readonly category: string;
}

const choiceIn = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : '';

/**
 * The support list bound to the URL. The kit keeps page, sort, dates and search; status and
 * category are kept here too, because their tabs and select show this area's translated
 * names (the kit's tabs know only the money lifecycles' states). They go to the call as fixed
 * fields (an empty one means all), so the page, the counts and the export all use them.
 */
export function useSupportRequestList(): {
  list: ListPage<SupportRequestRow>;
  choices: SupportChoices;
  choose: (patch: Partial<SupportChoices>) => void;
} {
  const [params, setParams] = useSearchParams();
  const choices: SupportChoices = {
    status: choiceIn(SUPPORT_REQUEST_STATUSES, params.get('status')),
    category: choiceIn(SUPPORT_CATEGORIES, params.get('category')),
  };
  const list = useListPage(getSupportRequestList, { fixed: { ...choices } });
  const go = (state: ListUrlState, next: SupportChoices = choices) => {
    const query = writeListState(state);
    if (next.status) query.set('status', next.status);
    if (next.category) query.set('category', next.category);
    setParams(query);
  };
  const { state } = list;
  const clearsEverything = (patch: Readonly<Record<string, string | undefined>>) =>
    Object.keys(state.filters).every((key) => key in patch && !patch[key]);
  return {
    list: {
      ...list,
      setFilters: (patch) =>
        go(
          withFilters(state, patch),
          clearsEverything(patch) ? { status: '', category: '' } : choices,
        ),
      setPage: (page) => go({ ...state, page }),
      setPageSize: (pageSize) => go({ ...state, pageSize, page: 1 }),
      setSort: (sort, direction) => go({ ...state, sort, direction, page: 1 }),
      setTimeZone: (timeZone) => go({ ...state, timeZone, page: 1 }),
    },
    choices,
    choose: (patch) => go({ ...state, page: 1 }, { ...choices, ...patch }),
  };
}
