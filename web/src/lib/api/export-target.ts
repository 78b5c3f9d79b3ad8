import type { ExportFormat } from '@bo/contract';
import { saveBlobAs } from './save-blob';

/** Where an export's bytes go as they arrive. */
export interface ExportSink {
  /** The name of the file on disk the person chose, when they chose one. */
  readonly chosenName?: string;
  write(chunk: Uint8Array): Promise<void>;
  /** The file is whole: keep it (the download starts, or the file on disk is committed). */
  finish(name: string, type: string): Promise<void>;
  /** Cancelled or broken off: keep nothing. */
  discard(): Promise<void>;
}

/** The File System Access API's save dialog and writable file, as far as an export uses them. */
interface WritableFile {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ readonly name: string; createWritable(): Promise<WritableFile> }>;

const ACCEPT: Record<ExportFormat, Record<string, string[]>> = {
  csv: { 'text/csv': ['.csv'] },
  xlsx: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'] },
};

/** The browser's save dialog, where it has one (Chromium-based browsers), else null. */
const savePicker = (): SaveFilePicker | null => {
  const picker = (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof picker === 'function' ? (picker.bind(window) as SaveFilePicker) : null;
};

/** Streams straight into a file the person chose: the file is never held whole in memory. */
function diskSink(file: WritableFile, chosenName: string): ExportSink {
  return {
    chosenName,
    write: (chunk) => file.write(chunk),
    finish: () => file.close(),
    discard: () => file.abort().catch(() => undefined),
  };
}

/** Gathers the file in memory and hands it to the browser as a download once whole. */
function downloadSink(): ExportSink {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  return {
    write: async (chunk) => {
      chunks.push(chunk as Uint8Array<ArrayBuffer>);
    },
    finish: async (name, type) => {
      saveBlobAs(new Blob(chunks, { type }), name);
    },
    discard: async () => {
      chunks.length = 0;
    },
  };
}

/**
 * Where the export goes: a file the person picks in the browser's save dialog, streamed to
 * disk as it arrives, where the browser has the dialog (File System Access API); else a
 * download once the whole file is in (also when the dialog is refused). Null when the person
 * closed the dialog without saving.
 * Called straight from the click: the dialog needs the click's user activation.
 */
export async function chooseExportSink(
  suggestedName: string,
  format: ExportFormat,
): Promise<ExportSink | null> {
  const picker = savePicker();
  if (!picker) return downloadSink();
  try {
    const handle = await picker({
      suggestedName,
      types: [{ description: format.toUpperCase(), accept: ACCEPT[format] }],
    });
    return diskSink(await handle.createWritable(), handle.name);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // Refused for another reason (no user activation left, a policy): download instead.
    return downloadSink();
  }
}
