import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  cellKindOf,
  EXPORT_MAX_ROWS,
  exportFileBase,
  exportFiltersOf,
  exportListFields,
  isReportCall,
  type CallDef,
  type ExportFormat,
  type TimezoneChoice,
} from '@bo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../core/app-error';
import { authorize, payloadOf, userContextOf, validate, type CallRouteDeps } from '../call-steps';
import { csvFile } from './csv-file';
import { cellsOf, type Cell, type ExportColumn, type ExportHeading } from './table-file';
import { xlsxFile } from './xlsx-file';

const FORMATS = { csv: csvFile, xlsx: xlsxFile } as const satisfies Record<ExportFormat, unknown>;

/**
 * Rows turned into cells at a time. Objects still alive at two young collections of V8 move to
 * the old generation and wait there for a full collection, which runs only once that has grown
 * to several times what is live: an export's rows, cells and text must die young for the
 * server's memory to stay flat. (PostgreSQL reads this many rows at a time; PGlite's chunks are
 * bigger.)
 */
const CELL_ROWS = 250;

const columnCache = new WeakMap<CallDef, ExportColumn[]>();

/** The file's columns: the list row's fields in the contract's order, each with its cell kind. */
function exportColumnsOf(def: CallDef): ExportColumn[] {
  let columns = columnCache.get(def);
  if (!columns) {
    const rows = (def.response as z.ZodObject).shape.rows as z.ZodArray<z.ZodObject>;
    columns = Object.entries(rows.element.shape).map(([key, field]) => ({
      key,
      kind: cellKindOf(field as z.ZodType),
    }));
    columnCache.set(def, columns);
  }
  return columns;
}

/**
 * What the export was made with: the list, when, the time zone, then each filter given. A CSV
 * carries it in its file name only (its first line is the header); an XLSX also on a sheet.
 */
function headingOf(
  callName: string,
  at: Date,
  timeZone: TimezoneChoice,
  filters: Readonly<Record<string, unknown>>,
): ExportHeading {
  return [
    ['Export', callName],
    ['Generated at (UTC)', at.toISOString()],
    ['Time zone', timeZone === 'Default' ? 'Default (UTC)' : timeZone],
    ...exportFiltersOf(filters).map(([key, value]) => [`Filter ${key}`, value] as const),
  ];
}

/** A Content-Disposition naming the file: plain ASCII for old clients, UTF-8 for the rest. */
const dispositionOf = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A stamp for file names: 20261124-071500. */
const stampOf = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/**
 * `exportList`: the named list call's rule and request schema are checked as if it were
 * called, then every matching row (not the page on screen) streams out as CSV or XLSX, read
 * from the database a chunk at a time. The first chunk is read before the answer starts, so
 * a failure there is still an ordinary error envelope.
 */
export async function answerExport(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: CallRouteDeps,
  fields: Record<string, unknown>,
) {
  const { call: callName, format, ...listFields } = payloadOf(fields);
  const chosen = validate(exportListFields, { call: callName, format });
  const list = deps.registry.exportable(chosen.call);
  if (!list) throw notFound(`There is no list named ${chosen.call.slice(0, 80)}`);
  const actor = await authorize(deps, fields, list.def.rule);
  const input = validate(list.def.request, listFields) as Record<string, unknown>;
  const ctx = userContextOf(deps, request, actor);
  // A report without a zone reads its days in the default report zone (/report-setting): its
  // file names that zone and writes its times in it too.
  if (input.timeZone === undefined && isReportCall(list.def))
    input.timeZone = await deps.defaultReportZone(deps.db);
  const timeZone = (input.timeZone as TimezoneChoice | undefined) ?? 'Default';
  const columns = exportColumnsOf(list.def);
  const chunks = list.chunks(ctx, input)[Symbol.asyncIterator]();
  const first = await chunks.next();

  async function* cells(): AsyncGenerator<Cell[][]> {
    let written = 0;
    let next = first;
    try {
      for (; !next.done; next = await chunks.next()) {
        const rows = next.value.slice(0, EXPORT_MAX_ROWS - written);
        written += rows.length;
        // A few hundred rows' cells at a time, so that they die young (see CELL_ROWS).
        for (let at = 0; at < rows.length; at += CELL_ROWS)
          yield rows.slice(at, at + CELL_ROWS).map((row) => cellsOf(row, columns, timeZone));
        if (written >= EXPORT_MAX_ROWS) {
          await chunks.return?.(undefined);
          yield [[`Stopped at ${EXPORT_MAX_ROWS} rows: narrow the filters to export the rest`]];
          return;
        }
      }
    } finally {
      // Stopped before the last chunk: the download was cancelled or cut (the response closed,
      // so the stream was destroyed). The reading stops too, giving back its cursor's
      // connection at once; a loop driven by hand does not close its iterator by itself.
      if (!next.done) {
        await chunks.return?.(undefined);
        if (written < EXPORT_MAX_ROWS)
          request.log.info({ list: chosen.call, rows: written }, 'export cancelled');
      }
    }
  }

  const at = new Date();
  const file = FORMATS[chosen.format];
  const name = `${exportFileBase(list.def.name, input)}-${stampOf(at)}.${file.extension}`;
  request.log.info({ list: list.def.name, format: chosen.format }, 'export started');
  return reply
    .code(200)
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', dispositionOf(name))
    .header('Cache-Control', 'no-store')
    .send(
      Readable.from(file.write(headingOf(list.def.name, at, timeZone, input), columns, cells())),
    );
}
