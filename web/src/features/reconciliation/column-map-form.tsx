import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECON_DELIMITERS, RECON_STATUSES, type ReconStatus } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import {
  guessWord,
  MAP_FIELDS,
  REQUIRED_FIELDS,
  wordsIn,
  type MapDraft,
  type MapField,
} from './map-draft';

const THOUSANDS = ['', ',', '.', ' ', "'"] as const;

/** Changes some fields of the draft. */
type SetDraft = (patch: Partial<MapDraft>) => void;

/**
 * A gateway's column map built on screen from a preview: for each field, the header column
 * that holds it; how amounts and times are written; what each status word of the file means.
 * Its fields carry the names `saveReconColumnMap` takes, so a refusal shows under its field.
 */
export function ColumnMapForm({
  draft,
  header,
  rows,
  showProblems,
  onChange,
}: {
  draft: MapDraft;
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** Whether to say what is missing (once the form has been sent). */
  showProblems: boolean;
  onChange: (next: MapDraft) => void;
}) {
  const { t } = useTranslation();
  const set: SetDraft = (patch) => onChange({ ...draft, ...patch });
  const setColumn = (field: MapField, name: string) => {
    const columns = { ...draft.columns, [field]: name };
    if (field !== 'status') return set({ columns });
    const words = Object.fromEntries(
      wordsIn(header, rows, name).map((word) => [word, draft.words[word] || guessWord(word)]),
    );
    set({ columns, words });
  };
  return (
    <div data-testid="recon-map-form">
      <h3 className="h6 mt-3">{t('reconciliation.map.fields')}</h3>
      <div className="row g-2">
        {MAP_FIELDS.map((field) => (
          <div key={field} className="col-sm-6 col-lg-4">
            <SelectField
              name={`${field}Column`}
              label={t(`reconciliation.map.${field}`)}
              required={REQUIRED_FIELDS.includes(field)}
              value={draft.columns[field]}
              onChange={(e) => setColumn(field, e.target.value)}
              error={
                showProblems && REQUIRED_FIELDS.includes(field) && !draft.columns[field]
                  ? t('reconciliation.import.required')
                  : null
              }
              data-testid={`recon-map-${field}`}
            >
              <option value="">{t('reconciliation.map.none')}</option>
              {header.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
          </div>
        ))}
      </div>
      <FormatFields draft={draft} set={set} />
      <StatusWords draft={draft} set={set} showProblems={showProblems} />
    </div>
  );
}

/** How the file is written: its delimiter, amounts (and their separators) and times. */
function FormatFields({ draft, set }: { draft: MapDraft; set: SetDraft }) {
  const { t } = useTranslation();
  const separatorName = (value: string) =>
    value === ''
      ? t('reconciliation.map.thousandsNone')
      : value === ' '
        ? t('reconciliation.map.space')
        : value;
  return (
    <div className="row g-2 mt-1">
      <div className="col-sm-6 col-lg-4">
        <SelectField
          name="delimiter"
          label={t('reconciliation.map.delimiter')}
          value={draft.delimiter}
          onChange={(e) => set({ delimiter: e.target.value })}
          data-testid="recon-map-delimiter"
        >
          {RECON_DELIMITERS.map((d) => (
            <option key={d} value={d}>
              {d === '\t' ? t('reconciliation.map.tab') : d}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="col-sm-6 col-lg-4">
        <SelectField
          name="amountFormat"
          label={t('reconciliation.map.amountFormat')}
          value={draft.amountFormat}
          onChange={(e) => set({ amountFormat: e.target.value as MapDraft['amountFormat'] })}
          data-testid="recon-map-amount-format"
        >
          <option value="decimal">{t('reconciliation.map.decimal')}</option>
          <option value="minor">{t('reconciliation.map.minor')}</option>
        </SelectField>
      </div>
      {draft.amountFormat === 'decimal' && (
        <>
          <div className="col-sm-6 col-lg-4">
            <SelectField
              name="thousandsSeparator"
              label={t('reconciliation.map.thousands')}
              value={draft.thousandsSeparator}
              onChange={(e) => set({ thousandsSeparator: e.target.value })}
              data-testid="recon-map-thousands"
            >
              {THOUSANDS.map((s) => (
                <option key={s} value={s}>
                  {separatorName(s)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="col-sm-6 col-lg-4">
            <SelectField
              name="decimalSeparator"
              label={t('reconciliation.map.decimalSeparator')}
              value={draft.decimalSeparator}
              onChange={(e) => set({ decimalSeparator: e.target.value })}
              data-testid="recon-map-decimal"
            >
              <option value=".">.</option>
              <option value=",">,</option>
            </SelectField>
          </div>
        </>
      )}
      <div className="col-sm-6 col-lg-4">
        <FormField
          name="timeZone"
          label={t('reconciliation.map.timeZone')}
          value={draft.timeZone}
          dir="ltr"
          onChange={(e) => set({ timeZone: e.target.value })}
          data-testid="recon-map-time-zone"
        />
      </div>
      <div className="col-sm-6 col-lg-4">
        <SelectField
          name="timeFormat"
          label={t('reconciliation.map.timeFormat')}
          value={draft.timeFormat}
          onChange={(e) => set({ timeFormat: e.target.value as MapDraft['timeFormat'] })}
          data-testid="recon-map-time-format"
        >
          <option value="ymd">{t('reconciliation.map.ymd')}</option>
          <option value="dmy">{t('reconciliation.map.dmy')}</option>
        </SelectField>
      </div>
    </div>
  );
}

/** What each status word of the file means, and a word of later lines added by hand. */
function StatusWords({
  draft,
  set,
  showProblems,
}: {
  draft: MapDraft;
  set: SetDraft;
  showProblems: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mt-2">
      <legend className="h6">{t('reconciliation.map.words')}</legend>
      <p className="small text-muted mb-1">{t('reconciliation.map.wordsHint')}</p>
      <div className="row g-2">
        {Object.entries(draft.words).map(([word, meaning]) => (
          <div key={word} className="col-sm-6 col-lg-4">
            <SelectField
              label={word}
              value={meaning}
              error={
                showProblems && !meaning ? t('reconciliation.map.missingWord', { word }) : null
              }
              onChange={(e) =>
                set({ words: { ...draft.words, [word]: e.target.value as ReconStatus | '' } })
              }
              data-testid={`recon-map-word-${word}`}
            >
              <option value="">{t('reconciliation.map.none')}</option>
              {RECON_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`reconciliation.status.${status}`)}
                </option>
              ))}
            </SelectField>
          </div>
        ))}
      </div>
      <AddWord draft={draft} set={set} />
    </fieldset>
  );
}

/** A status word typed by hand: the preview shows the first lines only. */
function AddWord({ draft, set }: { draft: MapDraft; set: SetDraft }) {
  const { t } = useTranslation();
  const wordId = useId();
  const [newWord, setNewWord] = useState('');
  const addWord = () => {
    const word = newWord.trim();
    if (!word) return;
    if (!(word in draft.words)) set({ words: { ...draft.words, [word]: guessWord(word) } });
    setNewWord('');
  };
  return (
    <div className="row g-2 mt-1">
      <div className="col-sm-8 col-lg-6">
        <label htmlFor={wordId} className="form-label fw-medium">
          {t('reconciliation.map.addWord')}
        </label>
        <div className="input-group">
          <input
            id={wordId}
            className="form-control"
            value={newWord}
            aria-describedby={`${wordId}-hint`}
            onChange={(e) => setNewWord(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addWord();
              }
            }}
            data-testid="recon-map-new-word"
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={addWord}
            disabled={!newWord.trim()}
            data-testid="recon-map-add-word"
          >
            {t('common.add')}
          </button>
        </div>
        <div id={`${wordId}-hint`} className="form-text">
          {t('reconciliation.map.addWordHint')}
        </div>
      </div>
    </div>
  );
}
