/** A problem met reading a workbook's package, as the sentence an HR person reads (unreadable.ts). */
import { UnreadableFileError } from '../../errors.js';
import { partEncoding, unreadable } from '../unreadable.js';
import { XmlProblem } from '../xml/chars.js';
import { NotAWorkbook } from './package.js';
import { ZipProblem } from './zip.js';

const ZIP_REASONS = {
  damaged: 'damaged',
  too_large: 'too_large',
  bomb: 'zip_bomb',
  encrypted: 'password_protected',
  unsupported: 'unsupported_packing',
} as const;

export function asUnreadable(file: string, error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  if (error instanceof ZipProblem) return unreadable(file, ZIP_REASONS[error.kind], error);
  if (error instanceof XmlProblem && error.kind === 'doctype') return unreadable(file, 'doctype', error);
  if (error instanceof XmlProblem && (error.kind === 'encoding' || error.kind === 'bytes' || error.kind === 'mark')) {
    const where = { sheetName: error.sheetName ?? null, part: error.part ?? '?' };
    return partEncoding(file, where, error.encoding ?? '?', error.kind, error);
  }
  if (error instanceof NotAWorkbook) return unreadable(file, error.kind, error);
  return unreadable(file, 'damaged', error);
}
