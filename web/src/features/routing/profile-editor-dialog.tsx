import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  isSimulatedDirection,
  readRoutingProfile,
  ROUTING_DIRECTIONS,
  ROUTING_SIMULATION_MAX_DAYS,
  ROUTING_SCOPES,
  type FieldProblem,
  type RoutingDirection,
  type RoutingProfileRow,
  type RoutingScope,
  type RoutingSimulation,
} from '@bo/contract';
import type { ApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { SwitchField } from '../../ui/switch-field';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';
import {
  applyRoutingProfiles,
  sendSetRoutingProfile,
  sendSimulateRoutingProfile,
} from './api/routing-profiles-api';
import { BusyButton } from '../../ui/busy-button';
import { SimulationResult } from './simulation-result';
import { DefinitionField } from './definition-field';
import { EXAMPLE_DEFINITION, prettyDefinition, splitRefusal } from './profile-draft';
import { hasAccount, placeOfRow, placeText, type ProfilePlace } from './profile-place';

type OwnErrors = Partial<Record<'reason' | 'accountCode', string>>;

/**
 * Asks for a routing profile (no `profile`: a new place) or a new version of one: its place,
 * its definition as JSON (the one in force, or a small example), on or off, and the reason the
 * second admin reads. The definition is read as the server reads it before anything is sent,
 * every problem listed under it; then a confirmation, then the call, whose refusals show by
 * field (a definition's part by its path). It waits for a second admin, and says so. A pay-in
 * profile can first be replayed over the last 30 days (`SimulationResult`), nothing saved.
 */
export function ProfileEditorDialog({
  profile,
  start,
  onClose,
}: {
  profile?: RoutingProfileRow;
  /** A new profile's direction and currency (the screen's filters). */
  start: { direction?: RoutingDirection; currency?: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<ProfilePlace>(() =>
    profile
      ? placeOfRow(profile)
      : {
          direction: start.direction ?? 'payin',
          currency: start.currency ?? 'THB',
          scope: 'platform',
          accountCode: '',
        },
  );
  const [definition, setDefinition] = useState(() =>
    profile ? prettyDefinition(profile.definition) : EXAMPLE_DEFINITION,
  );
  const [isActive, setIsActive] = useState(profile?.active ?? true);
  const [reason, setReason] = useState('');
  const [own, setOwn] = useState<OwnErrors>({});
  const [problems, setProblems] = useState<readonly FieldProblem[]>([]);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const submitting = useSubmit({
    onRefusal: (refused) => {
      const split = splitRefusal(refused);
      setProblems(split.definition);
      setRefusal(split.rest);
    },
  });
  const [simulation, setSimulation] = useState<RoutingSimulation | null>(null);
  const simulating = useSubmit({
    onRefusal: (refused) => {
      const split = splitRefusal(refused);
      setProblems(split.definition);
      setRefusal(split.rest);
    },
  });
  const change = (next: Partial<ProfilePlace>) => {
    setPlace((was) => ({ ...was, ...next }));
    setSimulation(null);
  };

  /** Replays the definition over the last 30 days of pay-ins (nothing is saved). */
  const simulate = async () => {
    setRefusal(null);
    setSimulation(null);
    const read = readRoutingProfile(definition);
    setProblems(read.ok ? [] : read.problems);
    const { direction } = place;
    if (!read.ok || !isSimulatedDirection(direction)) return;
    const needsAccount = hasAccount(place.scope);
    const answer = await simulating.run(() =>
      sendSimulateRoutingProfile({
        direction,
        currency: place.currency,
        scope: place.scope,
        accountCode: needsAccount ? place.accountCode.trim() : undefined,
        definition,
        days: ROUTING_SIMULATION_MAX_DAYS,
      }),
    );
    if (answer) setSimulation(answer);
  };

  const submit = async () => {
    setRefusal(null);
    const needsAccount = hasAccount(place.scope);
    const found: OwnErrors = {
      ...(reason.trim() ? {} : { reason: t('routing.editor.reasonNeeded') }),
      ...(needsAccount && !place.accountCode.trim()
        ? { accountCode: t('routing.editor.accountNeeded') }
        : {}),
    };
    const read = readRoutingProfile(definition);
    setOwn(found);
    setProblems(read.ok ? [] : read.problems);
    if (Object.keys(found).length > 0 || !read.ok) return;
    const where = placeText(t, { ...place, accountCode: place.accountCode.trim() });
    const question = t('routing.editor.confirm', { place: where });
    if (!(await confirmAction(question, t('routing.editor.send')))) return;
    const answer = await submitting.run(() =>
      sendSetRoutingProfile({
        direction: place.direction,
        currency: place.currency,
        scope: place.scope,
        accountCode: needsAccount ? place.accountCode.trim() : undefined,
        definition,
        active: isActive ? 'true' : 'false',
        reason: reason.trim(),
      }),
    );
    if (!answer) return;
    applyRoutingProfiles(answer);
    announceSuccess(t('routing.editor.done', { place: where }));
    onClose();
  };

  const isFixed = profile !== undefined;
  return (
    <FormDialog
      title={
        profile
          ? t('routing.newVersionOf', { place: placeText(t, placeOfRow(profile)) })
          : t('routing.editor.titleNew')
      }
      size="lg"
      testId="routing-editor"
      submitLabel={t('routing.editor.send')}
      submitTestId="routing-editor-send"
      onSubmit={submit}
      onClose={onClose}
      isBusy={submitting.isBusy}
      error={refusal}
      errorTestId="routing-editor-error"
    >
      <div className="row">
        <SelectField
          className="col-sm-6 col-lg-3"
          label={t('routing.editor.direction')}
          name="direction"
          value={place.direction}
          disabled={isFixed}
          onChange={(e) => change({ direction: e.target.value as RoutingDirection })}
          data-testid="routing-editor-direction"
        >
          {ROUTING_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {t(`routing.directions.${d}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="col-sm-6 col-lg-3"
          label={t('routing.editor.currency')}
          name="currency"
          value={place.currency}
          disabled={isFixed}
          onChange={(e) => change({ currency: e.target.value })}
          data-testid="routing-editor-currency"
        >
          {CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="col-sm-6 col-lg-3"
          label={t('routing.editor.scope')}
          name="scope"
          value={place.scope}
          disabled={isFixed}
          onChange={(e) => change({ scope: e.target.value as RoutingScope })}
          data-testid="routing-editor-scope"
        >
          {ROUTING_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`routing.scopes.${s}`)}
            </option>
          ))}
        </SelectField>
        {hasAccount(place.scope) && (
          <FormField
            className="col-sm-6 col-lg-3"
            label={t('routing.editor.accountCode')}
            hint={isFixed ? undefined : t('routing.editor.accountCodeHint')}
            name="accountCode"
            dir="ltr"
            maxLength={40}
            value={place.accountCode}
            disabled={isFixed}
            error={own.accountCode}
            onChange={(e) => {
              change({ accountCode: e.target.value });
              setOwn((was) => ({ ...was, accountCode: undefined }));
            }}
            data-testid="routing-editor-account"
          />
        )}
      </div>
      <DefinitionField
        value={definition}
        problems={problems}
        onChange={(text) => {
          setDefinition(text);
          setProblems([]);
          setSimulation(null);
        }}
      />
      {isSimulatedDirection(place.direction) && (
        <div className="mb-3">
          <BusyButton
            type="button"
            className="btn-outline-secondary btn-sm mb-2"
            isBusy={simulating.isBusy}
            onClick={() => void simulate()}
            data-testid="routing-editor-simulate"
          >
            <i className="bi bi-clock-history me-1" aria-hidden />
            {t('routing.simulation.run', { days: ROUTING_SIMULATION_MAX_DAYS })}
          </BusyButton>
          {simulation && (
            <SimulationResult
              result={simulation}
              direction={place.direction}
              currency={place.currency}
              days={ROUTING_SIMULATION_MAX_DAYS}
            />
          )}
        </div>
      )}
      <SwitchField
        id="routing-editor-active"
        name="active"
        checked={isActive}
        onChange={(e) => setIsActive(e.target.checked)}
        label={t('routing.editor.active')}
        testId="routing-editor-active"
      />
      <FormField
        label={t('routing.editor.reason')}
        hint={t('routing.editor.reasonHint')}
        name="reason"
        maxLength={300}
        value={reason}
        error={own.reason}
        onChange={(e) => {
          setReason(e.target.value);
          setOwn((was) => ({ ...was, reason: undefined }));
        }}
        data-testid="routing-editor-reason"
      />
    </FormDialog>
  );
}
