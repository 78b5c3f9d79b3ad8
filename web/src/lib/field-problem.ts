import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_PARTS,
  type FieldProblem,
  type PasswordPart,
} from '@bo/contract';
import type { TFunction } from 'i18next';

export { isFieldProblem } from './field-problem-shape';

const isPasswordPart = (part: string): part is PasswordPart => part in PASSWORD_PARTS;

/** The parts a password lacks in the user's words, joined as the language joins a list. */
export function describePasswordParts(parts: readonly string[], t: TFunction): string {
  return parts
    .filter(isPasswordPart)
    .map((part) => t(`feedback.passwordParts.${part}`, { min: PASSWORD_MIN_LENGTH }))
    .join(t('feedback.listSeparator'));
}

/**
 * What the server refused about a field, said in the user's language without the field's
 * code name (the form shows it under the field's own label). A kind the catalogs do not
 * know keeps the server's English rule.
 */
export function describeFieldProblem(problem: FieldProblem, t: TFunction): string {
  switch (problem.kind) {
    case 'required':
    case 'email':
      return t(`feedback.field.${problem.kind}`);
    case 'tooLong':
    case 'tooShort':
      return t(`feedback.field.${problem.kind}`, { limit: problem.limit ?? '' });
    case 'password':
      return t('feedback.field.password', {
        parts: describePasswordParts(problem.missing ?? [], t),
      });
    default:
      return sentenceOf(problem.rule);
  }
}

/** "must be …" reads as a sentence under a label: a capital first letter and a full stop. */
function sentenceOf(rule: string): string {
  const text = rule.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?。]$/.test(capital) ? capital : `${capital}.`;
}
