import { useTranslation } from 'react-i18next';
import type {
  AccountHit,
  MoneyDetailKind,
  MoneyHit,
  ReconLineHit,
  SearchAccountKind,
  SearchGroup,
} from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';
import { statusText } from '../../ui/list/status-badge';

/** One choosable hit, in the order the arrow keys walk them. */
export type SearchOption =
  | {
      readonly key: string;
      readonly type: 'money';
      readonly kind: MoneyDetailKind;
      readonly hit: MoneyHit;
    }
  | {
      readonly key: string;
      readonly type: 'recon_line';
      readonly kind: 'recon_line';
      readonly hit: ReconLineHit;
    }
  | {
      readonly key: string;
      readonly type: 'account';
      readonly kind: SearchAccountKind;
      readonly hit: AccountHit;
    };

/** The hits of every group, in order, each with its option's element id. */
export function optionsOf(groups: readonly SearchGroup[]): SearchOption[] {
  return groups.flatMap((g): SearchOption[] => {
    if (g.type === 'money')
      return g.hits.map((hit) => ({
        key: `${g.kind}-${hit.id}`,
        type: 'money' as const,
        kind: g.kind,
        hit,
      }));
    if (g.type === 'recon_line')
      return g.hits.map((hit) => ({
        key: `${g.kind}-${hit.run_id}-${hit.seq}`,
        type: 'recon_line' as const,
        kind: g.kind,
        hit,
      }));
    return g.hits.map((hit) => ({
      key: `${g.kind}-${hit.id}`,
      type: 'account' as const,
      kind: g.kind,
      hit,
    }));
  });
}

export const optionId = (key: string) => `global-search-option-${key}`;

function MoneyOption({ hit }: { hit: MoneyHit }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi className="font-monospace small d-block text-truncate">{hit.order_id ?? hit.id}</bdi>
      <span className="small text-body-secondary">
        {t(`topbar.search.matched.${hit.matched}`)} · <bdi>{hit.owner_db_code}</bdi> ·{' '}
        {/* As the lists show it: "8,934.44 THB · Success". */}
        <bdi data-testid="search-hit-amount">{moneyText(hit.amount, hit.currency)}</bdi> ·{' '}
        {statusText(t, hit.status)}
      </span>
    </>
  );
}

function ReconLineOption({ hit }: { hit: ReconLineHit }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi className="font-monospace small d-block text-truncate">{hit.reference}</bdi>
      <span className="small text-body-secondary">
        {t('topbar.search.reconLine', {
          line: hit.line_no ?? '',
          gateway: hit.payment_gateway_code,
        })}
        {hit.amount !== null && (
          <>
            {' '}
            · <bdi>{moneyText(hit.amount, hit.currency)}</bdi>
          </>
        )}
      </span>
    </>
  );
}

function AccountOption({ hit }: { hit: AccountHit }) {
  return (
    <>
      <span className="d-block text-truncate">
        <bdi className="fw-semibold">{hit.account_db_code}</bdi> · <bdi>{hit.name}</bdi>
      </span>
      <bdi className="small text-body-secondary d-block text-truncate">{hit.email}</bdi>
    </>
  );
}

/**
 * The results as a listbox of groups (one per kind, its heading the group's label), each hit
 * an option; `active` is the option the arrow keys stand on.
 */
export function SearchResults({
  id,
  hidden,
  groups,
  active,
  onChoose,
}: {
  id: string;
  hidden: boolean;
  groups: readonly SearchGroup[];
  active: string | null;
  onChoose: (option: SearchOption) => void;
}) {
  const { t } = useTranslation();
  const options = optionsOf(groups);
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('topbar.search.results')}
      className="global-search-list"
      hidden={hidden}
    >
      {groups.map((group) => {
        const headingId = `global-search-group-${group.kind}`;
        const heading =
          group.type === 'money'
            ? t(`money.kind.${group.kind}`)
            : group.type === 'recon_line'
              ? t('topbar.search.reconLines')
              : t(`topbar.search.accounts.${group.kind}`);
        return (
          <div key={group.kind} role="group" aria-labelledby={headingId}>
            <div id={headingId} role="presentation" className="global-search-heading">
              {heading}
            </div>
            {options
              .filter((o) => o.kind === group.kind)
              .map((option) => (
                <div
                  key={option.key}
                  id={optionId(option.key)}
                  role="option"
                  aria-selected={option.key === active}
                  className={`global-search-option${option.key === active ? ' active' : ''}`}
                  data-testid="global-search-option"
                  // Keeps focus in the box, so the choice is the box's (and Escape still works).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onChoose(option)}
                >
                  {option.type === 'money' ? (
                    <MoneyOption hit={option.hit} />
                  ) : option.type === 'recon_line' ? (
                    <ReconLineOption hit={option.hit} />
                  ) : (
                    <AccountOption hit={option.hit} />
                  )}
                </div>
              ))}
          </div>
        );
      })}
    </div>
  );
}
