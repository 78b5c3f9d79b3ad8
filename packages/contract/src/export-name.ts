/**
 * What an export's file says about itself. A CSV starts with its column names (importers read
 * the first line as the header), so the filters and time zone an export was made with travel in
 * its file name, and an XLSX also lists them on a second sheet.
 */

/** Fields that shape the page on screen, not which rows match: not part of an export's name. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort', 'direction', 'timeZone']);

/** A file name stays well under the 255 bytes file systems allow. */
const MAX_FILTER_CHARS = 120;

/** The filters given to an export, in the order given: empty values are no filter. */
export function exportFiltersOf(
  fields: Readonly<Record<string, unknown>>,
): (readonly [key: string, value: string])[] {
  return Object.entries(fields)
    .filter(([key, value]) => !NOT_FILTERS.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => [key, String(value)] as const)
    .filter(([, value]) => value !== '');
}

/** Characters no file system objects to: letters, digits and `. _ @ + -`; the rest become `_`. */
const safePart = (text: string) => text.replace(/[^\p{L}\p{N}._@+-]+/gu, '_');

/**
 * An export's file name without its extension: the list, then each filter as `key=value`, then
 * the time zone when not the default, e.g. `getPayinList-currency=THB-status=success-tz=Malaysia`.
 * Long filter text is cut (the XLSX's Filters sheet keeps it whole).
 */
export function exportFileBase(
  callName: string,
  fields: Readonly<Record<string, unknown>>,
): string {
  const parts = exportFiltersOf(fields).map(([key, value]) => `${key}=${safePart(value)}`);
  const zone = fields.timeZone;
  if (typeof zone === 'string' && zone !== '' && zone !== 'Default')
    parts.push(`tz=${safePart(zone)}`);
  let filters = parts.join('-');
  if (filters.length > MAX_FILTER_CHARS) filters = `${filters.slice(0, MAX_FILTER_CHARS)}…`;
  return filters ? `${safePart(callName)}-${filters}` : safePart(callName);
}
