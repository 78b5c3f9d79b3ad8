import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEWS_PER_LIST, type SavedView } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SavedViewDialog } from './saved-view-dialog';
import { SavedViewItem, type SavedViewActions } from './saved-view-item';
import { ToolbarDropdown } from './toolbar-dropdown';
import type { SavedViews } from './use-saved-views';

type Editing = { kind: 'create' } | { kind: 'rename'; view: SavedView } | null;

/**
 * The list's saved views: apply one, save the current filters, sort and columns as a new one,
 * rename, make default or delete. Every list has it through `ListView`.
 */
export function SavedViewsMenu({ saved }: { saved: SavedViews }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const views = saved.views ?? [];
  const full = views.length >= SAVED_VIEWS_PER_LIST;
  const label = saved.current
    ? t('list.views.current', { name: isolate(saved.current.name) })
    : t('list.views.label');
  const actionsOf = useSavedViewActions(saved, (view) => setEditing({ kind: 'rename', view }));
  return (
    <>
      <ToolbarDropdown
        icon="bi-bookmark"
        label={label}
        variant="secondary"
        testId="list-views-button"
        menuClassName="p-2 list-views-menu"
      >
        {(close) => (
          <>
            {saved.views === undefined && (
              <p className="text-muted small m-1">{t('common.loading')}</p>
            )}
            {saved.views?.length === 0 && (
              <p className="text-muted small m-1">{t('list.views.none')}</p>
            )}
            {views.length > 0 && (
              <ul className="list-unstyled mb-0" aria-label={t('list.views.label')}>
                {views.map((view) => (
                  <SavedViewItem
                    key={view.id}
                    view={view}
                    isCurrent={view.id === saved.current?.id}
                    actions={actionsOf(view, close)}
                  />
                ))}
              </ul>
            )}
            <hr className="my-2" />
            {full && (
              <p className="text-muted small m-1" data-testid="list-views-full">
                {t('list.views.full', { max: SAVED_VIEWS_PER_LIST })}
              </p>
            )}
            <button
              type="button"
              className="btn btn-sm btn-link"
              disabled={full || saved.views === undefined}
              onClick={() => {
                close();
                setEditing({ kind: 'create' });
              }}
              data-testid="list-views-save"
            >
              <i className="bi bi-plus-lg me-1" aria-hidden />
              {t('list.views.save')}
            </button>
          </>
        )}
      </ToolbarDropdown>
      {editing && (
        <SavedViewDialog
          views={views}
          renaming={editing.kind === 'rename' ? editing.view : undefined}
          onClose={() => setEditing(null)}
          onSave={async (name, isDefault) => {
            if (editing.kind === 'rename') await saved.rename(editing.view, name);
            else await saved.create(name, isDefault);
            announceSuccess(t('list.views.saved', { name: isolate(name) }));
          }}
        />
      )}
    </>
  );
}

/**
 * A saved view's row actions: apply, make or clear default (said aloud), rename (opens the
 * dialog through `startRename`) and delete after a confirmation. All but the default close the
 * menu first.
 */
function useSavedViewActions(saved: SavedViews, startRename: (view: SavedView) => void) {
  const { t } = useTranslation();
  const toggleDefault = async (view: SavedView) => {
    await saved.setDefault(view, !view.is_default);
    announceSuccess(
      t(view.is_default ? 'list.views.defaultCleared' : 'list.views.defaultSet', {
        name: isolate(view.name),
      }),
    );
  };
  const remove = async (view: SavedView) => {
    if (
      !(await confirmAction(
        t('list.views.confirmDelete', { name: isolate(view.name) }),
        t('common.remove'),
      ))
    )
      return;
    await saved.remove(view);
    announceSuccess(t('list.views.deleted', { name: isolate(view.name) }));
  };
  return (view: SavedView, close: () => void): SavedViewActions => ({
    onApply: () => {
      close();
      saved.apply(view);
    },
    onToggleDefault: () => void toggleDefault(view).catch(() => undefined),
    onRename: () => {
      close();
      startRename(view);
    },
    onRemove: () => {
      close();
      void remove(view).catch(() => undefined);
    },
  });
}
