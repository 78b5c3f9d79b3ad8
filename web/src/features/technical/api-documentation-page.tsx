import { useTranslation } from 'react-i18next';
import { chunkComponent } from '../../lib/use-chunk';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { OPENAPI_DOCUMENT_URL } from './api/get-openapi-document';
import { ApiDocsSigningGuide } from './api-docs-signing-guide';

/** The renderer is the heaviest code of the app: fetched only when this screen shows. */
const ApiDocsReference = chunkComponent(
  () => import('./api-docs-reference'),
  () => <PageSpinner />,
);

/**
 * /api-documentation: how to sign merchant API requests (with examples the server's tests run),
 * then the API reference rendered from the OpenAPI document the server generates.
 */
export default function ApiDocumentationPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <ApiDocsSigningGuide />
      <div className="card border-0 shadow-sm" data-testid="api-docs-reference-card">
        <div className="card-body">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <h2 className="h5 card-title mb-0">
              <i className="bi bi-book me-2" aria-hidden />
              {t('apiDocs.referenceTitle')}
            </h2>
            <a
              className="btn btn-sm btn-outline-primary"
              href={OPENAPI_DOCUMENT_URL}
              download="openapi.json"
              data-testid="api-docs-download"
            >
              <i className="bi bi-download me-1" aria-hidden />
              {t('apiDocs.downloadDocument')}
            </a>
          </div>
          <ApiDocsReference />
        </div>
      </div>
    </>
  );
}
