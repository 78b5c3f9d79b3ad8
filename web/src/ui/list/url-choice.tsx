import { useSearchParams } from 'react-router';
import { ToolbarSelect } from '../select-field';

/**
 * A filter the list kit does not draw (a risk list's key type, a routing profile's direction): a select kept in
 * the URL under `name`, sent with the list's request; choosing one goes back to page 1.
 */
export function useUrlChoice<T extends string>(name: string, values: readonly T[]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name) ?? '';
  const value = (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
  const set = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set(name, next);
      else copy.delete(name);
      copy.delete('page');
      return copy;
    });
  return { value, set };
}

export function UrlChoiceSelect<T extends string>({
  choice,
  values,
  label,
  allLabel,
  wordOf,
  testId,
}: {
  choice: ReturnType<typeof useUrlChoice<T>>;
  values: readonly T[];
  label: string;
  allLabel: string;
  wordOf: (value: T) => string;
  testId: string;
}) {
  return (
    <ToolbarSelect
      label={label}
      value={choice.value ?? ''}
      onChange={(e) => choice.set(e.target.value)}
      data-testid={testId}
    >
      <option value="">{allLabel}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {wordOf(v)}
        </option>
      ))}
    </ToolbarSelect>
  );
}
