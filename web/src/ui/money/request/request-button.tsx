import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser, viewerOf } from '../../../lib/session';
import { RequestDialog } from './request-dialog';
import { mayRequest, type RequestKind } from './request-kinds';

/** A list toolbar's "new request" button and its form, for those who may ask. */
export function RequestButton({ request }: { request: RequestKind }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const [open, setOpen] = useState(false);
  if (!mayRequest(request, viewer)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => setOpen(true)}
        data-testid={`request-${request.kind}`}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t(`money.request.title.${request.kind}`)}
      </button>
      {open && <RequestDialog request={request} onClose={() => setOpen(false)} />}
    </>
  );
}
