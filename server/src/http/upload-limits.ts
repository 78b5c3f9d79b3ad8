/**
 * The bounds every untrusted file is read within (docs/security.md, Uploads; docs/reconciliation.md,
 * Statement files): checked while the file streams in and is parsed, never after it, so that a
 * small file that inflates or widens past them is refused early (400 naming the limit) before it
 * costs memory or time. The one place for the limits of every upload.
 */

/**
 * Rows a statement may have, empty rows included (an XLSX sheet's `<row>` elements, a CSV file's
 * lines): Excel's own most, room for the 1,000,000 lines of `RECON_MAX_LINES`, a header and
 * blank rows. An empty row costs the parser the same as a full one, so it counts.
 */
export const STATEMENT_MAX_ROWS = 1_048_576;

/**
 * Empty rows an XLSX sheet may have: a sheet of a million empty rows (`<row/>`, 6 MB inflated
 * from a few kilobytes) is refused within a tenth of them, long before `STATEMENT_MAX_ROWS`.
 */
export const STATEMENT_MAX_EMPTY_ROWS = 100_000;

/** Cells a statement row may have (the gap before a cell placed far right counts too). */
export const STATEMENT_MAX_CELLS = 512;

/** Characters a statement cell may hold: a reference, an amount or a note needs far less. */
export const STATEMENT_MAX_CELL_CHARS = 4096;

/** Characters a statement row may hold, its cells together. */
export const STATEMENT_MAX_ROW_CHARS = 64 * 1024;

/**
 * Bytes one part of an XLSX workbook (the sheet, the shared strings) may inflate to, counted as
 * it inflates: the inflating stops at the cap. As much as a CSV statement may be.
 */
export const XLSX_MAX_PART_BYTES = 512 * 1024 * 1024;

/** Bytes the parts of an XLSX workbook that are read may inflate to together. */
export const XLSX_MAX_TOTAL_BYTES = 768 * 1024 * 1024;

/** Characters an XLSX workbook's shared strings may hold together (they are held whole). */
export const XLSX_MAX_SHARED_CHARS = 64 * 1024 * 1024;

/**
 * Characters an XML part of a workbook may run without a tag starting (a text or an attribute
 * the parser must hold whole before it hands it on): a cell's text, escaped, with room.
 */
export const XML_MAX_RUN_CHARS = 256 * 1024;

/**
 * Compressed bytes handed to the unzip at once: a deflated stream inflates at most about 1,032
 * times, so one slice inflates to at most about a megabyte, in a few milliseconds.
 */
export const UNZIP_SLICE_BYTES = 1024;

/** Inflated bytes of XML parsed at once: a few milliseconds of parsing at most. */
export const XML_PARSE_SLICE_BYTES = 16 * 1024;

/** Milliseconds a file's reading may hold the event loop before it lets other requests run. */
export const UPLOAD_WORK_SLICE_MS = 10;

/** Bytes of a statement read for a preview (the rest is not read). */
export const PREVIEW_MAX_BYTES = 1024 * 1024;

/** Characters of a cell a preview shows (a longer one is cut, ending in '…'). */
export const PREVIEW_CELL_CHARS = 120;

/** Columns a preview shows (the header's and each row's first). */
export const PREVIEW_MAX_COLUMNS = 64;

/**
 * Characters a preview shows in all (its header and rows together): the rows past it are left
 * out, which keeps the answer under 256 KB whatever the cells hold.
 */
export const PREVIEW_MAX_CHARS = 40_000;

/** Characters of an uploaded file's name kept (control characters are dropped first). */
export const UPLOAD_FILE_NAME_CHARS = 200;

/**
 * Pixels an evidence image (PNG or JPEG) may declare in its header: a small file can declare a
 * picture that takes gigabytes to show. 50 million is a 48-megapixel phone photo with room.
 */
export const EVIDENCE_MAX_IMAGE_PIXELS = 50_000_000;
