import { useTranslation } from 'react-i18next';
import type { SavedView } from '@bo/contract';
import { isolate } from '../../lib/bidi';

/** What a saved view's row can do; each closes the menu where it should. */
export interface SavedViewActions {
  readonly onApply: () => void;
  readonly onToggleDefault: () => void;
  readonly onRename: () => void;
  readonly onRemove: () => void;
}

/** One saved view in the menu: its name (applies it), then make default, rename and delete. */
export function SavedViewItem({
  view,
  isCurrent,
  actions,
}: {
  view: SavedView;
  isCurrent: boolean;
  actions: SavedViewActions;
}) {
  const { t } = useTranslation();
  const name = { name: isolate(view.name) };
  return (
    <li className="d-flex align-items-center gap-1" data-testid="list-view-item">
      <button
        type="button"
        className="dropdown-item rounded d-flex align-items-center min-w-0"
        aria-current={isCurrent ? 'true' : undefined}
        onClick={actions.onApply}
        data-testid="list-view-apply"
      >
        {isCurrent && <i className="bi bi-check2 me-1 flex-shrink-0" aria-hidden />}
        <span dir="auto" className="text-truncate">
          {view.name}
        </span>
        {view.is_default && (
          <span className="badge text-bg-light border ms-2 flex-shrink-0">
            {t('list.views.default')}
          </span>
        )}
      </button>
      <ViewIconButton
        label={t('list.views.makeDefault', name)}
        icon={view.is_default ? 'bi-star-fill' : 'bi-star'}
        isPressed={view.is_default}
        onClick={actions.onToggleDefault}
        testId="list-view-default"
      />
      <ViewIconButton
        label={t('list.views.rename', name)}
        icon="bi-pencil"
        onClick={actions.onRename}
        testId="list-view-rename"
      />
      <ViewIconButton
        label={t('list.views.delete', name)}
        icon="bi-trash"
        className="text-danger"
        onClick={actions.onRemove}
        testId="list-view-delete"
      />
    </li>
  );
}

/** A row's icon button, named by its label (also its tooltip). */
function ViewIconButton({
  label,
  icon,
  isPressed,
  className,
  onClick,
  testId,
}: {
  label: string;
  icon: string;
  isPressed?: boolean;
  className?: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={className ? `btn btn-sm btn-link p-1 ${className}` : 'btn btn-sm btn-link p-1'}
      aria-pressed={isPressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={`bi ${icon}`} aria-hidden />
    </button>
  );
}
