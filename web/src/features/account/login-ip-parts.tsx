import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getLoginIps } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { TableScroll } from '../../ui/list/table-scroll';

type LoginIpRow = CallResponse<typeof getLoginIps>['ips'][number];

/**
 * The form adding an address (and its label) to the whitelist, and the link that types the
 * caller's current address in. `onAdd` calls `onAdded` once the server took it (the form clears).
 */
export function AddLoginIpForm({
  currentIp,
  isBusy,
  onAdd,
}: {
  currentIp: string;
  isBusy: boolean;
  onAdd: (ip: string, label: string | undefined, onAdded: () => void) => void;
}) {
  const { t } = useTranslation();
  const [ip, setIp] = useState('');
  const [label, setLabel] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!ip.trim()) return;
    onAdd(ip.trim(), label.trim() || undefined, () => {
      setIp('');
      setLabel('');
    });
  };
  return (
    <>
      <form className="row g-2 align-items-end mb-3" onSubmit={add}>
        <InputColumn id="new-ip" label={t('security.ipAddress')} value={ip} onChange={setIp} />
        <InputColumn
          id="new-ip-label"
          label={t('security.label')}
          value={label}
          onChange={setLabel}
        />
        <div className="col-sm-3 d-grid">
          <BusyButton type="submit" className="btn-primary" isBusy={isBusy} disabled={!ip.trim()}>
            <i className="bi bi-plus-lg me-1" aria-hidden />
            {t('common.add')}
          </BusyButton>
        </div>
      </form>
      <button
        type="button"
        className="btn btn-link btn-sm px-0 mb-3"
        onClick={() => setIp(currentIp)}
      >
        {t('security.addCurrentIp')}
      </button>
    </>
  );
}

/** The grid column of each text box of the add form. */
const COLUMN_WIDTHS = { 'new-ip': 'col-sm-5', 'new-ip-label': 'col-sm-4' } as const;

/** One labelled text box of the add form, in its grid column. */
function InputColumn(props: {
  id: keyof typeof COLUMN_WIDTHS;
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className={COLUMN_WIDTHS[props.id]}>
      <label className="form-label small" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="form-control"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** The whitelisted addresses with their labels; Remove asks first. `busy` is the row on its way. */
export function LoginIpsTable({
  ips,
  busy,
  onRemove,
}: {
  ips: readonly LoginIpRow[];
  busy: string | null;
  onRemove: (row: LoginIpRow) => void;
}) {
  const { t } = useTranslation();
  if (ips.length === 0) return <p className="text-muted mb-0">{t('security.noIps')}</p>;
  return (
    <TableScroll label={t('security.loginIps')}>
      <table className="table align-middle mb-0">
        <thead>
          <tr>
            <th>{t('security.ipAddress')}</th>
            <th>{t('security.label')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {ips.map((row) => (
            <tr key={row.id}>
              <td className="font-monospace">{row.ip}</td>
              <td>{row.label}</td>
              <td className="text-end">
                <BusyButton
                  className="btn-sm btn-outline-danger"
                  isBusy={busy === row.id}
                  onClick={async () => {
                    const isSure = await confirmAction(
                      t('security.removeIpConfirm', { ip: row.ip }),
                      t('common.remove'),
                    );
                    if (isSure) onRemove(row);
                  }}
                >
                  {t('common.remove')}
                </BusyButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
