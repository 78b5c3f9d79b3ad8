import { createHash } from 'node:crypto';
import { DISPUTE_FILE_TYPES, type DisputeFileType, type FieldProblemKind } from '@bo/contract';
import { badField } from '../../core/app-error';

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
 * Checks an uploaded evidence file (its size the upload route has kept to the limit): it is not
 * empty, and its bytes are a PDF, PNG or JPEG whatever its name or declared type says. Else a
 * 400 naming the part `file`.
 */
export function checkEvidenceFile(givenName: string, bytes: Buffer): EvidenceFile {
  if (bytes.length === 0) throw refused('is empty', 'required');
  const contentType = sniffDisputeFileType(bytes);
  if (!contentType)
    throw refused('must be a PDF, PNG or JPEG file (told by its content, not its name)', 'other');
  return {
    fileName: safeDisputeFileName(givenName, contentType),
    contentType,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
