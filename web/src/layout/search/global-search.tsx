import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MONEY_DETAIL_ROWS,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_MIN,
  type MoneyDetailKind,
} from '@bo/contract';
import { globalSearchQuery } from '../../lib/api/global-search';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { MoneyDetailDrawer } from '../../ui/money/money-detail-drawer';
import { optionId, optionsOf, SearchResults, type SearchOption } from './search-results';
import { accountPath, reconLinePath } from './search-targets';
import { useSlashShortcut } from './use-slash-shortcut';
import './global-search.css';

const LIST_ID = 'global-search-results';
/** How long typing pauses before the search is sent. */
const PAUSE_MS = 250;

/** `text` once it has stayed the same for PAUSE_MS. */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/**
 * The top bar's global search (shortcut `/`): a combobox whose listbox groups the hits by kind.
 * Arrow keys walk the hits, Enter opens one (a money item's detail drawer, an account's page)
 * and clears the box; Escape closes the list, then clears the box.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  useSlashShortcut(input);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const [detail, setDetail] = useState<{ kind: MoneyDetailKind; id: string } | null>(null);
  const wanted = usePaused(text.trim());
  const long = wanted.length >= SEARCH_TEXT_MIN;
  const query = useQuery(globalSearchQuery(wanted));
  const groups = long && query.data ? query.data.groups : [];
  const options = optionsOf(groups);
  const shown = open && text.trim().length > 0;
  const typing = text.trim() !== wanted;

  /** Opens a hit; the box is emptied for the next search. */
  function choose(option: SearchOption) {
    setOpen(false);
    setText('');
    setActive(null);
    if (option.type === 'money') setDetail({ kind: option.kind, id: option.hit.id });
    else if (option.type === 'recon_line') void navigate(reconLinePath(option.hit));
    else void navigate(accountPath(option.kind, option.hit.account_db_code));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const at = options.findIndex((o) => o.key === active);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        at < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (at + step + options.length) % options.length;
      setActive(options[next]!.key);
    } else if (event.key === 'Enter') {
      // Not while the hits shown are still those of the text before the last keystrokes.
      const option = options[at] ?? (options.length === 1 ? options[0] : undefined);
      if (option && !typing) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (shown) setOpen(false);
      else setText('');
    }
  }

  let status = '';
  if (shown) {
    if (text.trim().length < SEARCH_TEXT_MIN)
      status = t('topbar.search.tooShort', { min: SEARCH_TEXT_MIN });
    else if (typing || query.isFetching) status = t('topbar.search.searching');
    else if (query.isError) status = query.error.message || t('topbar.search.failed');
    else if (!options.length) status = t('topbar.search.none', { text: wanted });
    else status = t('topbar.search.found', { count: options.length });
  }

  return (
    <div className="global-search" role="search" data-testid="global-search">
      <label htmlFor="global-search-input" className="visually-hidden">
        {t('topbar.search.label')}
      </label>
      <i className="bi bi-search global-search-icon" aria-hidden />
      <input
        ref={input}
        id="global-search-input"
        type="text"
        className="form-control form-control-sm"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown && options.length > 0}
        aria-controls={LIST_ID}
        aria-activedescendant={shown && active ? optionId(active) : undefined}
        aria-describedby="global-search-hint"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_TEXT_MAX}
        placeholder={t('topbar.search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="global-search-input"
      />
      <kbd className="global-search-key" aria-hidden>
        /
      </kbd>
      <span id="global-search-hint" className="visually-hidden">
        {t('topbar.search.hint', { min: SEARCH_TEXT_MIN })}
      </span>
      <div className={`global-search-popup${shown ? ' show' : ''}`}>
        <div role="status" className="global-search-status" data-testid="global-search-status">
          {status}
        </div>
        <SearchResults
          id={LIST_ID}
          hidden={!shown || !options.length}
          groups={groups}
          active={active}
          onChoose={choose}
        />
      </div>
      {detail && (
        <MoneyDetailDrawer
          kind={detail.kind}
          row={{ id: detail.id }}
          schema={MONEY_DETAIL_ROWS[detail.kind]}
          timeZone={DEFAULT_TIME_ZONE}
          decisions={[]}
          onDecide={() => undefined}
          onClose={() => {
            setDetail(null);
            input.current?.focus();
          }}
        />
      )}
    </div>
  );
}
