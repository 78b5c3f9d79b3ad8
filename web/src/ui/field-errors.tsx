import { createContext, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, withFullStop } from '../lib/api-error';
import { describeFieldProblem } from '../lib/field-problem';

/** What a form could not send: its own words, or a call's failure (possibly naming a field). */
export type FormError = string | Error | null | undefined;

/** A refused field and the refusal in the user's words, without the field's code name. */
interface PlacedProblem {
  /** The refused field's `name` (`currencies.1`: an item of the list `currencies`). */
  readonly field: string;
  readonly message: string;
}

/** A form's refused fields, each shown under its input. */
export interface PlacedErrors {
  readonly problems: readonly PlacedProblem[];
  /**
   * Called by the input that shows `fields`, so the form does not repeat them above the fields;
   * true for the first input to claim (the first bad field in the form's order), which takes
   * the focus.
   */
  readonly claim: (fields: readonly string[]) => boolean;
}

const FieldErrorContext = createContext<PlacedErrors | null>(null);
export const FieldErrorProvider = FieldErrorContext.Provider;

/**
 * Whether the server's refused field (`modules.1`, one item of a list) is the input named
 * `name` (`modules`) or one of its items.
 */
export const isFieldOf = (name: string, refused: string) =>
  refused === name || refused.startsWith(`${name}.`);

/**
 * The refusal of the field named `name` (or of its items), if the form around it has one: the
 * field claims it (it shows under the field; the first bad field of the form takes the focus)
 * and returns its words. Every input of a form that places errors uses it: `FormField`,
 * `SelectField`, a checkbox group.
 */
export function usePlacedFieldError(name: string | undefined, focus: () => void): string | null {
  const placed = useContext(FieldErrorContext);
  const mine =
    name === undefined || !placed ? [] : placed.problems.filter((p) => isFieldOf(name, p.field));
  useLayoutEffect(() => {
    if (!placed || mine.length === 0) return;
    if (placed.claim(mine.map((p) => p.field))) focus();
    // Claims once per refusal; `focus` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);
  return mine[0]?.message ?? null;
}

/** The refused fields of a form's error: all the check before sending found, or the server's one. */
const problemsOf = (error: FormError): ApiError['fields'] =>
  error instanceof ApiError ? error.fields : NO_PROBLEMS;
const NO_PROBLEMS: ApiError['fields'] = [];

/**
 * Where a form's error goes: each refused field the form shows (`FormField`, `SelectField`, a
 * checkbox group) under that field, all at once; anything else above the fields, with its full
 * stop.
 */
export function useFormErrorPlacement(error: FormError) {
  const { t } = useTranslation();
  const [claimed, setClaimed] = useState<{ of: FormError; by: ReadonlySet<string> } | null>(null);
  const problems = problemsOf(error);
  const placed = useMemo<PlacedErrors | null>(() => {
    if (problems.length === 0) return null;
    let focused = false;
    return {
      problems: problems.map((p) => ({ field: p.field, message: describeFieldProblem(p, t) })),
      claim: (fields) => {
        setClaimed((was) => ({
          of: error,
          by: new Set([...(was && was.of === error ? was.by : []), ...fields]),
        }));
        const first = !focused;
        focused = true;
        return first;
      },
    };
  }, [problems, error, t]);
  const unclaimed = problems.filter(
    (p) => !claimed || claimed.of !== error || !claimed.by.has(p.field),
  );
  return { placed, alert: alertOf(error, problems, unclaimed) };
}

/** The words above a form's fields: its own, a refusal naming no field, or fields it lacks. */
function alertOf(
  error: FormError,
  problems: ApiError['fields'],
  unclaimed: ApiError['fields'],
): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (problems.length > 0 && unclaimed.length === 0) return null;
  if (problems.length <= 1) return withFullStop(error.message);
  return unclaimed.map((p) => withFullStop(`${p.field} ${p.rule}`)).join(' ');
}
