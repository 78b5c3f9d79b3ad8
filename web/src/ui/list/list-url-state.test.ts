import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formOptionalCurrency,
  formOptionalDate,
  formOptionalText,
  getPayinList,
  listRequest,
  pageRequest,
  PAYIN_STATUSES,
  sortField,
} from '@bo/contract';
import {
  DEFAULT_PAGE_SIZE,
  hasListState,
  readListState,
  requestOf,
  withFilters,
  withListState,
  withViewQuery,
  viewQueryOf,
  writeListState,
} from './list-url-state';
import { filterSetOf } from './schema-filters';

const payins = filterSetOf(getPayinList.request);
/** A list call with only a few of the protocol's fields: no sort, amounts, search or zone. */
const narrow = filterSetOf(
  z.object({
    ...pageRequest,
    status: z.enum(PAYIN_STATUSES).optional(),
    currency: formOptionalCurrency,
    merchantDbCode: formOptionalText(40),
    from: formOptionalDate,
    to: formOptionalDate,
  }),
);
const full = filterSetOf(
  z.object({
    ...listRequest,
    sort: sortField(['created_at', 'amount']),
    status: z.enum(PAYIN_STATUSES).optional(),
  }),
);

describe('list state in the URL', () => {
  it('reads page, size, sort and filters, and writes them back the same', () => {
    const query =
      'status=success&currency=THB&from=2026-11-01&to=2026-11-07&sort=amount&direction=desc&pageSize=50&page=3';
    const state = readListState(new URLSearchParams(query), full);
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'amount',
      direction: 'desc',
      timeZone: 'Default',
      filters: { status: 'success', currency: 'THB', from: '2026-11-01', to: '2026-11-07' },
    });
    expect(readListState(writeListState(state), full)).toEqual(state);
  });

  it('leaves defaults out of the address', () => {
    const state = readListState(new URLSearchParams(''), payins);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(writeListState(state).toString()).toBe('');
  });

  it('starts a list without a zone in the URL in its default zone, which stays out of the URL', () => {
    const state = readListState(new URLSearchParams(''), payins, 'India');
    expect(state.timeZone).toBe('India');
    expect(writeListState(state, 'India').toString()).toBe('');
    // Another zone, Default included, is written: the address says what the list shows.
    const utc = writeListState({ ...state, timeZone: 'Default' }, 'India');
    expect(utc.toString()).toBe('timeZone=Default');
    expect(readListState(utc, payins, 'India').timeZone).toBe('Default');
  });

  it('drops what the call would refuse or does not take', () => {
    const query =
      'page=-2&pageSize=7&status=paid&from=2026-02-30&amountMin=1e5&sort=amount&search=x&timeZone=Mars';
    const state = readListState(new URLSearchParams(query), narrow);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(DEFAULT_PAGE_SIZE);
    // This call has no sort, amount or search fields.
    expect(state.sort).toBeNull();
    expect(state.filters).toEqual({});
    expect(state.timeZone).toBe('Default');
    const amounts = readListState(new URLSearchParams('amountMin=1e5&amountMax=100.50'), full);
    expect(amounts.filters).toEqual({ amountMax: '100.50' });
  });

  it('goes back to page 1 on any filter change, and clears a filter set to empty', () => {
    const state = readListState(new URLSearchParams('page=4&currency=THB&status=failed'), payins);
    const next = withFilters(state, { status: '', merchantDbCode: ' M001 ' });
    expect(next.page).toBe(1);
    expect(next.filters).toEqual({ currency: 'THB', merchantDbCode: 'M001' });
    expect(writeListState(next).toString()).toBe('currency=THB&merchantDbCode=M001');
  });

  it('sends whole days as the instants of the chosen zone, and the zone when the call takes it', () => {
    const state = readListState(
      new URLSearchParams('from=2026-11-22&to=2026-11-23&timeZone=India&page=2'),
      full,
    );
    expect(requestOf(state, full)).toEqual({
      from: '2026-11-21T18:30:00.000Z',
      to: '2026-11-23T18:29:59.999Z',
      timeZone: 'India',
      page: 2,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    // A call that takes no timeZone: the zone still shapes the days, but is not sent.
    const narrowState = readListState(
      new URLSearchParams('from=2026-11-22&timeZone=India'),
      narrow,
    );
    expect(requestOf(narrowState, narrow)).toEqual({
      from: '2026-11-21T18:30:00.000Z',
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('sends a request the call itself accepts', () => {
    const state = readListState(
      new URLSearchParams('status=processing&currency=THB&from=2026-11-01&to=2026-11-02'),
      payins,
    );
    const parsed = getPayinList.request.safeParse(requestOf(state, payins));
    expect(parsed.success).toBe(true);
  });
});

describe('withListState', () => {
  it('writes the list keys anew and keeps the screen own keys beside them (a ledger contract)', () => {
    const current = new URLSearchParams('cid=contract-7&from=2026-11-01&to=2026-11-05&page=3');
    const state = readListState(current, payins);
    const next = withListState(
      current,
      withFilters({ ...state, timeZone: 'India' }, { from: '2026-10-01', to: '2026-10-31' }),
      payins,
    );
    expect(Object.fromEntries(next)).toEqual({
      cid: 'contract-7',
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'India',
    });
  });
});

describe('saved views and the URL', () => {
  const url = new URLSearchParams('status=paid&page=3&cid=7&sort=amount&direction=desc&from=');
  it('keeps the list state of the URL but the page and keys of the screen, in a stable order', () => {
    expect(viewQueryOf(url, payins)).toBe('direction=desc&sort=amount&status=paid');
    expect(viewQueryOf(new URLSearchParams('sort=amount&status=paid&direction=desc'), payins)).toBe(
      viewQueryOf(url, payins),
    );
  });
  it('puts a view in place of the list state, keeping the screen keys', () => {
    const next = withViewQuery(url, 'status=failed&pageSize=50&unknown=1', payins);
    expect(next.toString()).toBe('status=failed&pageSize=50&cid=7');
  });
  it('tells whether the URL holds any list state', () => {
    expect(hasListState(new URLSearchParams('cid=7'), payins)).toBe(false);
    expect(hasListState(new URLSearchParams('page=2'), payins)).toBe(true);
  });
});
