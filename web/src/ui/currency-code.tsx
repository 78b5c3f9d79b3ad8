import { useTranslation } from 'react-i18next';
import { currencyNameOf } from '../lib/currency-name';

/**
 * A currency code as screens show it (issue 40: `THB_FOREX` alone explained nothing): the code,
 * with its name in the reader's language as its title ("Thai Baht (Forex)"). A code the
 * product does not know shows as given.
 */
export function CurrencyCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const name = currencyNameOf(t, code);
  if (name === code) return <bdi>{code}</bdi>;
  return (
    <abbr title={name} className="currency-code-name">
      <bdi>{code}</bdi>
    </abbr>
  );
}

/** Several codes, comma separated; "—" when there are none. */
export function CurrencyCodes({ codes }: { codes: readonly string[] }) {
  if (!codes.length) return <>—</>;
  return (
    <span className="small text-wrap">
      {codes.map((code, i) => (
        <span key={code}>
          {i > 0 && ', '}
          <CurrencyCode code={code} />
        </span>
      ))}
    </span>
  );
}
