/**
 * Large JSON files written a piece at a time: the report and the history of a 300,000-operation run are
 * hundreds of megabytes as one string, and the string's UTF-8 copy doubles that (the 100,000-employee
 * import's peak came from such a `JSON.stringify` of its undo data: bench/memory.mjs).
 */
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, lstat, mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';

const BUFFER_BYTES = 1 << 20;

/**
 * Writes the pieces to `path`. They are encoded into one buffer of a megabyte, written out whenever the
 * next piece does not fit (one write per piece would be slow), each write finished before the buffer is
 * filled again. No string or buffer is made per megabyte: joined into quarter-megabyte strings and each
 * encoded anew, a 300 MB report put 600 MB through the old generation (strings that large skip the young
 * one), and the 100,000-employee import's peak memory was in writing it (bench/memory.mjs).
 */
export async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await open(path, 'w');
  try {
    await writePiecesTo(file, pieces);
  } finally {
    await file.close();
  }
}

async function writePiecesTo(file: FileHandle, pieces: Iterable<string>): Promise<void> {
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  for (const piece of pieces) {
    const bytes = Buffer.byteLength(piece, 'utf8');
    if (used + bytes > buffer.length && used > 0) {
      await writeAll(file, buffer, used);
      used = 0;
    }
    if (bytes > buffer.length) await writeAll(file, Buffer.from(piece, 'utf8'), bytes);
    else used += buffer.write(piece, used, 'utf8');
  }
  if (used > 0) await writeAll(file, buffer, used);
}

/**
 * Appends the pieces to `path` as one line of a JSON-lines file, written as `writePieces` writes: a line
 * torn by a kill before it (no newline at the end) is closed first, so it stays one unreadable line of its
 * own, and a write that fails takes back what it wrote, so a full disk leaves no half line behind.
 */
export async function appendLine(path: string, pieces: Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const file = await open(path, 'a+');
  try {
    const { size } = await file.stat();
    try {
      if (size > 0) {
        const last = Buffer.alloc(1);
        await file.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) await writeAll(file, Buffer.from('\n'), 1);
      }
      await writePiecesTo(file, lineOf(pieces));
      await file.sync();
    } catch (error) {
      await file.truncate(size).catch(() => {});
      throw error;
    }
  } finally {
    await file.close();
  }
}

async function writeAll(file: FileHandle, bytes: Buffer, length: number): Promise<void> {
  for (let offset = 0; offset < length; ) offset += (await file.write(bytes, offset, length - offset)).bytesWritten;
}

function* lineOf(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}

/**
 * Writes through a temporary file, so a reader never sees half a file — except when the target is not
 * a regular file of its own (`--report /dev/stdout`, a pipe, a link): renaming over it would replace the
 * device or the link itself, so those are written to directly.
 */
export async function replaceFileWith(path: string, pieces: Iterable<string>): Promise<void> {
  await replaceFile(path, (target) => writePieces(target, pieces));
}

/** The bytes of `source` as the new content of `path`, as `replaceFileWith` writes it. */
export async function copyFileReplacing(source: string, path: string): Promise<void> {
  await replaceFile(path, async (target) => {
    if (target === path) await pipeline(createReadStream(source), createWriteStream(path));
    else await copyFile(source, target);
  });
}

async function replaceFile(path: string, write: (target: string) => Promise<void>): Promise<void> {
  const existing = await lstat(path).catch(() => null);
  if (existing && !existing.isFile()) {
    await write(path);
    return;
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryFor(path);
  try {
    await write(temporary);
    await rename(temporary, path);
  } catch (error) {
    // Half a file left behind on a full disk keeps the disk full: what the failed write made goes.
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

function temporaryFor(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/**
 * A small file (a run's record, the guard's baseline) replaced whole, as `replaceFileWith` replaces a
 * large one: a reader never sees half of it, and a failed write leaves neither half a file nor its
 * temporary behind.
 */
export function replaceFileSync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryFor(path);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the write's own failure is the one to tell
    }
    throw error;
  }
}

/**
 * The text of `JSON.stringify(value)`, made a piece at a time: the arrays of the value and of the objects
 * in it down to `depth` levels are given 128 entries per native `JSON.stringify`. Only plain data (what
 * JSON.parse gives back); a key whose value is undefined is left out, as JSON.stringify leaves it out.
 */
export function* compactJsonPieces(value: unknown, depth = 2): Generator<string> {
  const plain = depth > 0 && value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
  if (plain && Array.isArray(value)) {
    yield '[';
    // The comma a piece of its own, and each text under 128 KB, so that it dies young (see writePieces).
    for (let start = 0; start < value.length; start += 128) {
      if (start > 0) yield ',';
      yield JSON.stringify(value.slice(start, start + 128)).slice(1, -1);
    }
    yield ']';
  } else if (plain) {
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      yield* compactJsonPieces(item, depth - 1);
      first = false;
    }
    yield '}';
  } else {
    yield JSON.stringify(value);
  }
}
