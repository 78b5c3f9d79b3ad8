import { useTranslation } from 'react-i18next';
import type { TechnicalInformation } from '../../lib/api/get-technical-information';
import { Code, TechInfoSection } from './tech-info-section';
import { TableScroll } from '../../ui/list/table-scroll';

/** The merchant API's address on this server and how its requests are signed. */
export function TechInfoMerchantApi({ info }: { info: TechnicalInformation }) {
  const { t } = useTranslation();
  // The server that serves this page serves the merchant API too (one process, one port).
  const origin = window.location.origin;
  return (
    <TechInfoSection title={t('technical.info.api.title')} testId="tech-info-api">
      <dl className="row mb-0">
        <dt className="col-sm-4">{t('technical.info.api.baseUrl')}</dt>
        <dd className="col-sm-8" data-testid="tech-info-base-url">
          <Code>{`${origin}${info.merchant_api_path}`}</Code>
        </dd>
        <dt className="col-sm-4">{t('technical.info.api.openapi')}</dt>
        <dd className="col-sm-8">
          <a href={info.openapi_path} target="_blank" rel="noopener noreferrer" dir="ltr">
            {`${origin}${info.openapi_path}`}
          </a>
        </dd>
        <dt className="col-sm-4">{t('technical.info.api.signing')}</dt>
        <dd className="col-sm-8">
          {t('technical.info.api.signingText')}{' '}
          <Code>{'timestamp + "." + METHOD + "." + path + "." + body'}</Code>
        </dd>
      </dl>
    </TechInfoSection>
  );
}

/** The sandbox gateway: what it is and how to make a pay-in succeed, fail or stay silent. */
export function TechInfoSandbox({ info }: { info: TechnicalInformation }) {
  const { t } = useTranslation();
  const { sandbox } = info;
  return (
    <TechInfoSection
      title={t('technical.info.sandbox.title')}
      intro={t('technical.info.sandbox.intro')}
      testId="tech-info-sandbox"
    >
      <ul>
        <li>
          {t('technical.info.sandbox.page')} <Code>{sandbox.payment_page_path}</Code>
        </li>
        <li data-testid="tech-info-auto-pay">
          {t(
            sandbox.auto_pay
              ? 'technical.info.sandbox.autoPayOn'
              : 'technical.info.sandbox.autoPayOff',
          )}
        </li>
      </ul>
      <h6>{t('technical.info.sandbox.rulesTitle')}</h6>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th>{t('technical.info.sandbox.ending')}</th>
            <th>{t('technical.info.sandbox.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {sandbox.amount_rules.map((rule) => (
            <tr key={rule.minor_units_ending} data-testid="tech-info-sandbox-rule">
              <td>
                <Code>{`…${rule.minor_units_ending}`}</Code>
              </td>
              <td>{t(`technical.info.sandbox.outcomes.${rule.outcome}`)}</td>
            </tr>
          ))}
          <tr>
            <td>{t('technical.info.sandbox.otherEndings')}</td>
            <td>{t('technical.info.sandbox.otherOutcome')}</td>
          </tr>
        </tbody>
      </table>
      <h6>{t('technical.info.sandbox.gatewaysTitle')}</h6>
      {sandbox.gateways.length === 0 ? (
        <p className="text-body-secondary">{t('technical.info.sandbox.noGateways')}</p>
      ) : (
        <TableScroll
          label={t('technical.info.sandbox.gatewaysTitle')}
          style={{ maxHeight: '16rem' }}
        >
          <table className="table table-sm align-middle">
            <thead className="sticky-top">
              <tr>
                <th>{t('technical.info.sandbox.gateway')}</th>
                <th>{t('technical.info.sandbox.currency')}</th>
                <th className="text-end">{t('technical.info.sandbox.successRate')}</th>
                <th className="text-end">{t('technical.info.sandbox.latency')}</th>
              </tr>
            </thead>
            <tbody>
              {sandbox.gateways.map((g) => (
                <tr key={g.payment_gateway_code}>
                  <td>
                    <Code>{g.payment_gateway_code}</Code>
                  </td>
                  <td>{g.currency}</td>
                  <td className="text-end">
                    <bdi>{`${g.success_rate_percent}%`}</bdi>
                  </td>
                  <td className="text-end">
                    <bdi>{t('technical.info.sandbox.ms', { ms: g.latency_ms })}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </TechInfoSection>
  );
}

/** Where merchant notifications come from and how they are retried. */
export function TechInfoCallbacks({ info }: { info: TechnicalInformation }) {
  const { t } = useTranslation();
  const { callbacks } = info;
  return (
    <TechInfoSection
      title={t('technical.info.callbacks.title')}
      intro={t('technical.info.callbacks.intro')}
      testId="tech-info-callbacks"
    >
      <dl className="row mb-0">
        <dt className="col-sm-4">{t('technical.info.callbacks.sources')}</dt>
        <dd className="col-sm-8" data-testid="tech-info-sources">
          {callbacks.source_addresses.length > 0 ? (
            <span className="d-flex flex-wrap gap-2">
              {callbacks.source_addresses.map((address) => (
                <Code key={address}>{address}</Code>
              ))}
            </span>
          ) : (
            t('technical.info.callbacks.thisServer', { host: window.location.hostname })
          )}
          <div className="form-text">{t('technical.info.callbacks.sourcesHint')}</div>
        </dd>
        <dt className="col-sm-4">{t('technical.info.callbacks.retries')}</dt>
        <dd className="col-sm-8">
          {t('technical.info.callbacks.retriesText', {
            attempts: callbacks.max_attempts,
            seconds: callbacks.timeout_ms / 1000,
          })}
        </dd>
        <dt className="col-sm-4">{t('technical.info.callbacks.signature')}</dt>
        <dd className="col-sm-8">{t('technical.info.callbacks.signatureText')}</dd>
      </dl>
    </TechInfoSection>
  );
}
