import { queryOptions } from '@tanstack/react-query';

/** Where the server serves the merchant API's OpenAPI document (no session needed). */
export const OPENAPI_DOCUMENT_URL = '/api/v1/openapi.json';

/** The merchant API's OpenAPI document, as the server generates it from the shared schemas. */
export const openApiDocumentQuery = () =>
  queryOptions({
    queryKey: ['openApiDocument'],
    queryFn: async (): Promise<object> => {
      const response = await fetch(OPENAPI_DOCUMENT_URL, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`${OPENAPI_DOCUMENT_URL} answered ${response.status}`);
      return (await response.json()) as object;
    },
    staleTime: Infinity,
  });
