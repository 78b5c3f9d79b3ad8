import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RedocStandalone } from 'redoc';
import './api-docs-reference.css';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { openApiDocumentQuery } from './api/get-openapi-document';

const FONT = 'var(--bs-font-sans-serif)';

/**
 * Redoc in the app's colours and fonts, under the app's top bar. Its text colours are darker
 * than Redoc's own, which derives paler shades (constraints, examples) below 4.5:1 (WCAG AA).
 */
const THEME = {
  colors: {
    primary: { main: '#3f56c9' },
    text: { primary: '#212529', secondary: '#495057' },
  },
  schema: { typeNameColor: '#495057', typeTitleColor: '#495057', requireLabelColor: '#b02a37' },
  typography: {
    fontFamily: FONT,
    fontSize: '14px',
    headings: { fontFamily: FONT, fontWeight: '600' },
    code: { fontFamily: 'var(--bs-font-monospace)' },
  },
  sidebar: { backgroundColor: '#f8f9fc', width: '240px' },
  rightPanel: { backgroundColor: '#2a3042' },
};

/**
 * The merchant API reference: Redoc rendering the server's OpenAPI document. Loaded on
 * /api-documentation only (this module is a lazy chunk of its own). Redoc has no right-to-left
 * layout, and the document is in English, so it stays left to right in every language.
 */
export default function ApiDocsReference() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(openApiDocumentQuery());
  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  if (!data) return <PageSpinner />;
  return (
    <div dir="ltr" lang="en" className="api-docs-reference" data-testid="api-docs-reference">
      <RedocStandalone
        spec={data}
        options={{
          theme: THEME,
          scrollYOffset: '#page-topbar',
          disableSearch: true,
          nativeScrollbars: true,
          hideLoading: true,
          expandResponses: '200,201',
          downloadFileName: 'openapi.json',
          labels: {
            responses: t('apiDocs.redoc.responses'),
            requestSamples: t('apiDocs.redoc.requestSamples'),
            responseSamples: t('apiDocs.redoc.responseSamples'),
            download: t('apiDocs.redoc.download'),
            downloadSpecification: t('apiDocs.redoc.downloadSpecification'),
          },
        }}
      />
    </div>
  );
}
