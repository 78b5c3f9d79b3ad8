import { createContext, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, withFullStop } from '../lib/api-error';
import { describeFieldProblem } from '../lib/field-problem';

/** What a form could not send: its own words, or a call's failure (possibly naming a field). */
export type FormError = string | Error | null | undefined;

interface PlacedError {
  /** The refused field's `name`. */
  readonly field: string;
  /** The refusal in the user's words, without the field's code name. */
  readonly message: string;
  /** Called by the field that shows it, so the form does not repeat it above the fields. */
  readonly claim: (field: string) => void;
}

const FieldErrorContext = createContext<PlacedError | null>(null);
export const FieldErrorProvider = FieldErrorContext.Provider;

/**
 * Whether the server's refused field (`modules.1`, one item of a list) is the input named
 * `name` (`modules`) or one of its items.
 */
export const isFieldOf = (name: string, refused: string) =>
  refused === name || refused.startsWith(`${name}.`);

/**
 * The server's refusal of the field named `name` (or of one of its items), if the form around
 * it has one: the field claims it (it shows under the field, which takes the focus) and
 * returns its words. Every input of a form that places errors uses it: `FormField`,
 * `SelectField`, a checkbox group.
 */
export function usePlacedFieldError(name: string | undefined, focus: () => void): string | null {
  const placed = useContext(FieldErrorContext);
  const message =
    name !== undefined && placed && isFieldOf(name, placed.field) ? placed.message : null;
  useLayoutEffect(() => {
    if (!message || !placed) return;
    placed.claim(placed.field);
    focus();
    // Claims once per refusal; `focus` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);
  return message;
}

/**
 * Where a form's error goes: a refusal of a field the form shows (`FormField`, `SelectField`, a
 * checkbox group) goes under that field; anything else above the fields, with its full stop.
 */
export function useFormErrorPlacement(error: FormError) {
  const { t } = useTranslation();
  const [claimed, setClaimed] = useState<{ by: string; of: FormError } | null>(null);
  const problem = error instanceof ApiError ? error.field : null;
  const placed = useMemo<PlacedError | null>(
    () =>
      problem && {
        field: problem.field,
        message: describeFieldProblem(problem, t),
        claim: (field) => setClaimed({ by: field, of: error }),
      },
    [problem, error, t],
  );
  const isClaimed = problem !== null && claimed?.of === error && claimed?.by === problem.field;
  const alert =
    !error || isClaimed ? null : typeof error === 'string' ? error : withFullStop(error.message);
  return { placed, alert };
}
