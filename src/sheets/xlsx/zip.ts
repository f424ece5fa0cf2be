/**
 * Just enough of the zip format to look at a workbook before trusting it: the central directory (what
 * the archive declares, so a zip bomb is refused before anything is unpacked) and inflating one entry
 * with its declared size enforced (so a lying directory cannot unpack more than it declared).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { crc32, createInflateRaw, type ZlibOptions } from 'node:zlib';
import type { TransformOptions } from 'node:stream';
import { LARGE_PART_BYTES, MAX_COMPRESSION_RATIO, MAX_SMALL_PART_BYTES, MAX_UNCOMPRESSED_BYTES } from '../limits.js';

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Why a zip cannot be read; the caller words it for the user. */
export class ZipProblem extends Error {
  constructor(readonly kind: 'damaged' | 'too_large' | 'bomb' | 'encrypted' | 'unsupported') {
    super(kind);
    this.name = 'ZipProblem';
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export async function readZipDirectory(file: string): Promise<ZipEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(handle, size - tailLength, tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length || tail.readUInt32LE(eocd) !== END_OF_DIRECTORY) {
      throw new ZipProblem('damaged');
    }
    let count = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new ZipProblem('damaged');
      const zip64Offset = Number(tail.readBigUInt64LE(locator + 8));
      const record = await readAt(handle, zip64Offset, 56);
      if (record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw new ZipProblem('damaged');
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directoryOffset + directorySize > size) throw new ZipProblem('damaged');
    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries = parseDirectory(directory, count);
    checkDeclaredSizes(entries);
    for (const entry of entries) {
      if (entry.localHeaderOffset + entry.compressedSize > size) throw new ZipProblem('damaged');
    }
    return entries;
  } finally {
    await handle.close();
  }
}

function parseDirectory(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new ZipProblem('damaged');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      encrypted: (directory.readUInt16LE(at + 8) & 1) === 1,
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offsets too large for 32 bits live in the zip64 extra field, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length) throw new ZipProblem('damaged');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

function checkDeclaredSizes(entries: readonly ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > MAX_UNCOMPRESSED_BYTES) throw new ZipProblem('too_large');
    const large = entry.uncompressedSize > LARGE_PART_BYTES;
    if (large && entry.uncompressedSize > MAX_COMPRESSION_RATIO * Math.max(1, entry.compressedSize)) {
      throw new ZipProblem('bomb');
    }
  }
}

async function readAt(handle: import('node:fs/promises').FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipProblem('damaged');
  return buffer;
}

/**
 * The entry's unpacked bytes, streamed. Stops with a ZipProblem when the data unpacks to more (or less)
 * than the directory declared, so the declared sizes checked above are the real ones.
 */
export async function* entryChunks(file: string, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.encrypted) throw new ZipProblem('encrypted');
  if (entry.method !== STORED && entry.method !== DEFLATED) throw new ZipProblem('unsupported');
  const start = await dataStart(file, entry);
  if (entry.compressedSize === 0) {
    if (entry.uncompressedSize !== 0) throw new ZipProblem('damaged');
    return;
  }
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  // Inflated data is buffered a megabyte ahead: the parser then rarely waits for the thread pool, which
  // cut the reading thread's idle time by a fifth on the 100,000-row workbook. In chunks of a quarter
  // megabyte, not zlib's 16 KB: handing each chunk on cost the thread more than inflating it (30 MB of
  // sheet XML: 230–265 ms of CPU in 16 KB chunks, 105–140 ms in 256 KB ones).
  // (zlib streams take the stream options too; @types/node lists only the zlib ones.)
  const inflateOptions: ZlibOptions & TransformOptions = { readableHighWaterMark: 1 << 20, chunkSize: 256 * 1024 };
  const source = entry.method === DEFLATED ? raw.pipe(createInflateRaw(inflateOptions)) : raw;
  raw.on('error', (error) => source.destroy(error));
  let produced = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) throw new ZipProblem('bomb');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipProblem) throw error;
    throw new ZipProblem('damaged');
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (produced !== entry.uncompressedSize) throw new ZipProblem('damaged');
}

async function dataStart(file: string, entry: ZipEntry): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const header = await readAt(handle, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipProblem('damaged');
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
}

/** A small entry (workbook.xml, relationships) read whole. */
export async function entryBuffer(file: string, entry: ZipEntry): Promise<Buffer> {
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) throw new ZipProblem('too_large');
  const chunks: Buffer[] = [];
  for await (const chunk of entryChunks(file, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Whether the entry unpacks whole to the bytes its checksum (CRC-32) promises. Asked only when a part
 * turns out to hold bytes its encoding cannot: a part damaged in the file unpacks to garbage, which is
 * then "damaged", not "in another encoding".
 */
export async function entryIntact(file: string, entry: ZipEntry): Promise<boolean> {
  let sum = 0;
  try {
    for await (const chunk of entryChunks(file, entry)) sum = crc32(chunk, sum);
  } catch {
    return false;
  }
  return sum >>> 0 === entry.crc32 >>> 0;
}
