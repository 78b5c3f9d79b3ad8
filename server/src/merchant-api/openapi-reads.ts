import { apiListOf } from '@bo/contract';
import { apiReadFacets } from '../modules/money-lookup/api-read-facet';
import { answer, idParam, json, listParameters, read, schema } from './openapi-parts';

/** The kinds the API only shows (`apiReadFacets`: balance adjustments): list and read each. */
export const apiReadPaths = () =>
  Object.fromEntries(
    apiReadFacets.all().flatMap(([, f]) => [
      [
        f.path,
        {
          get: {
            operationId: f.doc.listOperation,
            tags: [f.doc.tag],
            summary: f.doc.listSummary,
            parameters: listParameters(f.statuses),
            responses: {
              200: json(`${f.doc.schemaName}List`, `A page of ${f.noun}s`),
              400: answer('BadRequest'),
              ...read,
            },
          },
        },
      ],
      [
        `${f.path}/{id}`,
        {
          get: {
            operationId: f.doc.readOperation,
            tags: [f.doc.tag],
            summary: f.doc.readSummary,
            parameters: [idParam],
            responses: {
              200: json(f.doc.schemaName, `The ${f.noun}`),
              404: answer('NotFound'),
              ...read,
            },
          },
        },
      ],
    ]),
  );

/** The schemas of the kinds the API only shows: a row and a page of rows each. */
export const apiReadSchemas = () =>
  Object.fromEntries(
    apiReadFacets.all().flatMap(([, f]) => [
      [f.doc.schemaName, schema(f.doc.row)],
      [`${f.doc.schemaName}List`, schema(apiListOf(f.doc.row))],
    ]),
  );
