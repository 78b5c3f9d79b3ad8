import { useTranslation } from 'react-i18next';
import type { ApiKeyState, MerchantApiKeyRow } from '@bo/contract';
import { InstantText } from '../../ui/instant-text';

const STATE_TONES: Record<ApiKeyState, string> = {
  active: 'success',
  expiring: 'warning',
  expired: 'secondary',
  revoked: 'danger',
};

/** What a key's row can ask for: roll it (an active key), revoke it (a working one). */
interface KeyActions {
  /** A change is on its way: every row's buttons wait. */
  readonly isLocked: boolean;
  readonly onRoll: (key: MerchantApiKeyRow) => void;
  readonly onRevoke: (key: MerchantApiKeyRow) => void;
}

/** The merchant's API keys: name, key id, state, when made, last used and ended, and actions. */
export function ApiKeysTable({
  keys,
  actions,
}: {
  keys: readonly MerchantApiKeyRow[];
  actions: KeyActions;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <thead>
          <tr>
            <th>{t('merchantSettings.keys.name')}</th>
            <th>{t('merchantSettings.keys.keyId')}</th>
            <th>{t('merchantSettings.keys.state')}</th>
            <th>{t('merchantSettings.keys.created')}</th>
            <th>{t('merchantSettings.keys.lastUsed')}</th>
            <th>{t('merchantSettings.keys.ends')}</th>
            <th className="text-end">{t('merchantSettings.keys.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <ApiKeyRow key={k.key_id} apiKey={k} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const isUsable = (k: MerchantApiKeyRow) => k.state === 'active' || k.state === 'expiring';

function ApiKeyRow({ apiKey: k, actions }: { apiKey: MerchantApiKeyRow; actions: KeyActions }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="api-key-row" data-key-id={k.key_id}>
      <td>
        <bdi className="fw-medium">{k.name || '—'}</bdi>
      </td>
      <td>
        <bdi dir="ltr" className="font-monospace small">
          {k.key_id}
        </bdi>
      </td>
      <td>
        <span
          className={`badge bg-${STATE_TONES[k.state]}-subtle text-${STATE_TONES[k.state]}-emphasis`}
          data-testid="api-key-state"
          data-state={k.state}
        >
          {t(`merchantSettings.keys.states.${k.state}`)}
        </span>
      </td>
      <td>
        <InstantText value={k.created_at} />
      </td>
      <td>
        <InstantText value={k.last_used_at} empty={t('merchantSettings.keys.never')} />
      </td>
      <td>
        <InstantText value={k.revoked_at ?? k.expires_at} />
      </td>
      <td className="text-end">
        {isUsable(k) && (
          <div className="d-inline-flex flex-wrap justify-content-end gap-1">
            {k.state === 'active' && (
              <KeyButton
                action="roll"
                isLocked={actions.isLocked}
                onClick={() => actions.onRoll(k)}
              />
            )}
            <KeyButton
              action="revoke"
              isLocked={actions.isLocked}
              onClick={() => actions.onRevoke(k)}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

/** How each of a key row's action buttons looks; its words are `merchantSettings.keys.<action>`. */
const KEY_BUTTONS = {
  roll: { tone: 'primary', icon: 'bi-arrow-repeat', testId: 'roll-key' },
  revoke: { tone: 'danger', icon: 'bi-x-octagon', testId: 'revoke-key' },
} as const;

/** A key row's action button (roll, revoke). */
function KeyButton({
  action,
  isLocked,
  onClick,
}: {
  action: keyof typeof KEY_BUTTONS;
  isLocked: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { tone, icon, testId } = KEY_BUTTONS[action];
  return (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${tone}`}
      disabled={isLocked}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={`bi ${icon} me-1`} aria-hidden />
      {t(`merchantSettings.keys.${action}`)}
    </button>
  );
}
