import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEWS_PER_LIST, type SavedView } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { SavedViewDialog } from './saved-view-dialog';
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
                  <li
                    key={view.id}
                    className="d-flex align-items-center gap-1"
                    data-testid="list-view-item"
                  >
                    <button
                      type="button"
                      className="dropdown-item rounded d-flex align-items-center min-w-0"
                      aria-current={view.id === saved.current?.id ? 'true' : undefined}
                      onClick={() => {
                        close();
                        saved.apply(view);
                      }}
                      data-testid="list-view-apply"
                    >
                      {view.id === saved.current?.id && (
                        <i className="bi bi-check2 me-1 flex-shrink-0" aria-hidden />
                      )}
                      <span dir="auto" className="text-truncate">
                        {view.name}
                      </span>
                      {view.is_default && (
                        <span className="badge text-bg-light border ms-2 flex-shrink-0">
                          {t('list.views.default')}
                        </span>
                      )}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link p-1"
                      aria-pressed={view.is_default}
                      aria-label={t('list.views.makeDefault', { name: isolate(view.name) })}
                      title={t('list.views.makeDefault', { name: isolate(view.name) })}
                      onClick={() => void toggleDefault(view).catch(() => undefined)}
                      data-testid="list-view-default"
                    >
                      <i
                        className={`bi ${view.is_default ? 'bi-star-fill' : 'bi-star'}`}
                        aria-hidden
                      />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link p-1"
                      aria-label={t('list.views.rename', { name: isolate(view.name) })}
                      title={t('list.views.rename', { name: isolate(view.name) })}
                      onClick={() => {
                        close();
                        setEditing({ kind: 'rename', view });
                      }}
                      data-testid="list-view-rename"
                    >
                      <i className="bi bi-pencil" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link p-1 text-danger"
                      aria-label={t('list.views.delete', { name: isolate(view.name) })}
                      title={t('list.views.delete', { name: isolate(view.name) })}
                      onClick={() => {
                        close();
                        void remove(view).catch(() => undefined);
                      }}
                      data-testid="list-view-delete"
                    >
                      <i className="bi bi-trash" aria-hidden />
                    </button>
                  </li>
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
