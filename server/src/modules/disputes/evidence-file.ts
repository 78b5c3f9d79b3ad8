import { createHash } from 'node:crypto';
import { DISPUTE_FILE_TYPES, type DisputeFileType, type FieldProblemKind } from '@bo/contract';
import { badField } from '../../core/app-error';
import { EVIDENCE_MAX_IMAGE_PIXELS } from '../../http/upload-limits';

/** How each type's bytes begin (its magic number), and the extension its name must end with. */
const SIGNATURES: Record<DisputeFileType, { magic: Buffer; extensions: readonly string[] }> = {
  'application/pdf': { magic: Buffer.from('%PDF-', 'latin1'), extensions: ['.pdf'] },
  'image/png': {
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    extensions: ['.png'],
  },
  'image/jpeg': { magic: Buffer.from([0xff, 0xd8, 0xff]), extensions: ['.jpg', '.jpeg'] },
};

/** The type of a file read from its first bytes; null when it is none of those taken. */
export function sniffDisputeFileType(bytes: Buffer): DisputeFileType | null {
  return (
    DISPUTE_FILE_TYPES.find((type) => {
      const { magic } = SIGNATURES[type];
      return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
    }) ?? null
  );
}

/** Bytes enough to tell a file's type (the longest magic number, PNG's). */
export const SNIFF_BYTES = 8;

/** Width and height a PNG declares in its IHDR chunk; null when its header is not one. */
function pngSize(bytes: Buffer): [number, number] | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Whether a JPEG marker is a frame header (SOF0 to SOF15, less DHT, JPG and DAC). */
const isFrameMarker = (m: number) =>
  m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Width and height a JPEG declares in its frame header, found by walking its segments from the
 * start; null when the walk finds none (a file we do not read further).
 */
function jpegSize(bytes: Buffer): [number, number] | null {
  let i = 2;
  while (i + 9 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (isFrameMarker(marker)) return [bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5)];
    if (marker === 0xd9 || marker === 0xda) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) i += 2;
    else i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

/** The pixels an image declares (width × height), when its header says; else null. */
export function declaredPixels(bytes: Buffer, type: DisputeFileType): number | null {
  const size =
    type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : null;
  return size ? size[0] * size[1] : null;
}

/** The longest name kept (the rest of a longer one is cut before its extension). */
const NAME_MAX = 120;

/**
 * A name safe to show and to give back on download: its last path segment only, without
 * control or bidirectional-override characters, at most `NAME_MAX` characters, ending with its
 * type's extension (`scan.exe` that is a PDF is kept as `scan.exe.pdf`); `evidence` when
 * nothing is left.
 */
export function safeDisputeFileName(given: string, type: DisputeFileType): string {
  const { extensions } = SIGNATURES[type];
  const base = (given.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const lower = base.toLowerCase();
  const extension = extensions.find((e) => lower.endsWith(e));
  const stem = (extension ? base.slice(0, -extension.length) : base).trim() || 'evidence';
  const ending = extension ? base.slice(-extension.length) : extensions[0]!;
  return `${[...stem].slice(0, NAME_MAX - ending.length).join('')}${ending}`;
}

/** An evidence file as checked: its safe name, type read from its bytes, and digest. */
export interface EvidenceFile {
  readonly fileName: string;
  readonly contentType: DisputeFileType;
  readonly bytes: Buffer;
  readonly sha256: string;
}

/** A 400 about the `file` part, named as a field's so a form shows it next to the picker. */
const refused = (rule: string, kind: FieldProblemKind) =>
  badField({ field: 'file', rule, kind }, `file ${rule}`);

/**
 * The type of an upload told from its first `SNIFF_BYTES` (the rest not yet read): a 400
 * naming the part `file` when it is empty or not a PDF, PNG or JPEG whatever its name says.
 */
export function checkEvidenceHead(head: Buffer): DisputeFileType {
  if (head.length === 0) throw refused('is empty', 'required');
  const contentType = sniffDisputeFileType(head);
  if (!contentType)
    throw refused('must be a PDF, PNG or JPEG file (told by its content, not its name)', 'other');
  return contentType;
}

/**
 * Checks an uploaded evidence file (its size the upload route has kept to the limit): it is not
 * empty, its bytes are a PDF, PNG or JPEG whatever its name or declared type says, and an image
 * declares at most `EVIDENCE_MAX_IMAGE_PIXELS`. Else a 400 naming the part `file`.
 */
export function checkEvidenceFile(givenName: string, bytes: Buffer): EvidenceFile {
  const contentType = checkEvidenceHead(bytes);
  const pixels = declaredPixels(bytes, contentType);
  if (pixels !== null && pixels > EVIDENCE_MAX_IMAGE_PIXELS)
    throw refused(
      `is an image of more than ${EVIDENCE_MAX_IMAGE_PIXELS} pixels (${pixels} declared)`,
      'other',
    );
  return {
    fileName: safeDisputeFileName(givenName, contentType),
    contentType,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
