/**
 * The files a person uploads: streamed to a private folder of the workspace under their own names (never
 * a path the browser names), bounded in size and number (413 with a sentence past either bound). What is
 * in them is read later by the reader itself, with the command line's limits and messages.
 */
import { createWriteStream } from 'node:fs';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { formatNumber, type Lang } from '../words/language.js';
import { safeFileName, type Workspace } from './workspace.js';

export interface UploadLimits {
  /** Bytes per file. A 100,000-employee workbook is some 10 MB; its CSV files some 30 MB. */
  fileBytes: number;
  files: number;
}

export const UPLOAD_LIMITS: UploadLimits = { fileBytes: 200 * 1024 * 1024, files: 20 };

export interface Received {
  /** The export's files, in the private folder. */
  files: string[];
  /** A profile uploaded with them. */
  profile?: string;
  /** The name of a saved profile chosen (checked against the list by the caller). */
  saved?: string;
}

/** The limits as the person reads them: "200 MB". */
export function sizeInWords(bytes: number, lang: Lang): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${formatNumber(Math.floor(megabytes), lang)} MB` : `${formatNumber(Math.ceil(bytes / 1024), lang)} kB`;
}

/**
 * Reads the multipart body: the export's files (field `files`), a profile (`profile`), a saved profile's
 * name (`saved`). Two files of one name are the person's mistake; the later one is kept under its name.
 */
export async function receiveUpload(request: FastifyRequest, workspace: Workspace, tooLarge: () => Error): Promise<Received> {
  const folder = await workspace.folder('upload');
  const received: Received = { files: [] };
  const names = new Set<string>();
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'saved' && typeof part.value === 'string' && part.value !== '') received.saved = part.value;
      continue;
    }
    if (part.filename === '') {
      part.file.resume();
      continue;
    }
    const name = safeFileName(part.filename);
    const isProfile = part.fieldname === 'profile';
    const path = isProfile ? join(folder, `profile${extname(name) || '.json'}`) : join(folder, name);
    await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
    // The stream ends early at the size limit: the file is cut, never read.
    if (part.file.truncated) throw tooLarge();
    if (isProfile) received.profile = path;
    else if (!names.has(name)) {
      names.add(name);
      received.files.push(path);
    }
  }
  return received;
}
