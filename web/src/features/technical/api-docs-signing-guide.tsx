import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiDocsCodeBlock } from './api-docs-code-block';
import { SIGNING_EXAMPLES, type SigningExample } from './api-docs-examples';

/** The version 2 signed string (server/src/merchant-api/request-signature.ts). */
const SIGNED_STRING = 'v2\ntimestamp\nMETHOD\npath\nidempotencyKey\nrawBody';
const HEADERS = [
  ['X-Api-Key', 'headerKey'],
  ['X-Timestamp', 'headerTimestamp'],
  ['X-Signature', 'headerSignature'],
  ['Idempotency-Key', 'headerIdempotency'],
] as const;
const PARTS = [
  ['v2', 'partVersion'],
  ['timestamp', 'partTimestamp'],
  ['METHOD', 'partMethod'],
  ['path', 'partPath'],
  ['idempotencyKey', 'partIdempotency'],
  ['rawBody', 'partBody'],
] as const;

/** Text the reader types or copies: always left to right, in the code font. */
const Literal = ({ children }: { children: string }) => (
  <code dir="ltr" className="text-nowrap">
    {children}
  </code>
);

/** How to sign a merchant API request: the headers, the signed string, and runnable examples. */
export function ApiDocsSigningGuide() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<SigningExample['id']>('curl');
  const example = SIGNING_EXAMPLES.find((e) => e.id === shown) ?? SIGNING_EXAMPLES[0]!;
  const baseUrl = `${window.location.origin}/api/v1`;
  return (
    <div className="card border-0 shadow-sm mb-4" data-testid="api-docs-signing">
      <div className="card-body">
        <h2 className="h5 card-title mb-3">
          <i className="bi bi-shield-lock me-2" aria-hidden />
          {t('apiDocs.signingTitle')}
        </h2>
        <p>
          <Trans
            i18nKey="apiDocs.intro"
            values={{ baseUrl }}
            components={{ url: <code dir="ltr" data-testid="api-docs-base-url" /> }}
          />
        </p>
        <div className="row g-4">
          <div className="col-lg-6">
            <h3 className="h6">{t('apiDocs.headersTitle')}</h3>
            <dl className="mb-0">
              {HEADERS.map(([name, key]) => (
                <div key={name} className="mb-2">
                  <dt>
                    <Literal>{name}</Literal>
                  </dt>
                  <dd className="mb-0 text-muted">{t(`apiDocs.${key}`)}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="col-lg-6">
            <h3 className="h6">{t('apiDocs.signedTitle')}</h3>
            <p className="mb-2">{t('apiDocs.signedIntro')}</p>
            <pre
              dir="ltr"
              className="bg-light border rounded p-2"
              style={{ textAlign: 'left' }}
              data-testid="api-docs-signed"
            >
              <code>{SIGNED_STRING}</code>
            </pre>
            <ul className="ps-3 mb-2">
              {PARTS.map(([name, key]) => (
                <li key={name}>
                  <Literal>{name}</Literal>:{' '}
                  <Trans i18nKey={`apiDocs.${key}`} components={{ code: <code dir="ltr" /> }} />
                </li>
              ))}
            </ul>
            <p className="text-muted mb-0">{t('apiDocs.refused')}</p>
          </div>
        </div>
        <h3 className="h6 mt-4">{t('apiDocs.examplesTitle')}</h3>
        <p className="text-muted">{t('apiDocs.examplesHint')}</p>
        <ul className="nav nav-tabs mb-2" role="tablist">
          {SIGNING_EXAMPLES.map((e) => (
            <li className="nav-item" role="presentation" key={e.id}>
              <button
                type="button"
                role="tab"
                aria-selected={e.id === shown}
                className={`nav-link${e.id === shown ? ' active' : ''}`}
                onClick={() => setShown(e.id)}
                data-testid={`api-docs-tab-${e.id}`}
              >
                {e.label}
              </button>
            </li>
          ))}
        </ul>
        <div role="tabpanel">
          <ApiDocsCodeBlock code={example.code} testId={`api-docs-example-${example.id}`} />
        </div>
      </div>
    </div>
  );
}
