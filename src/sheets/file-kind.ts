/** What a file is, from its first bytes, whatever its name says. */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { unreadable } from './unreadable.js';

export interface FileHead {
  size: number;
  /** Up to the first 64 KiB. */
  head: Buffer;
}

const HEAD_BYTES = 64 * 1024;

export async function readHead(file: string): Promise<FileHead> {
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw unreadable(file, code === 'EACCES' || code === 'EPERM' ? 'not_permitted' : 'missing', error);
  }
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    return { size, head };
  } finally {
    await handle.close();
  }
}

export function isZip(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}

/** Compound File Binary: the container of .xls workbooks and of password-protected .xlsx files. */
export function isCompoundFile(head: Buffer): boolean {
  return head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
}

/**
 * Excel encrypts a password-protected .xlsx into a compound file holding a stream named
 * "EncryptedPackage"; an .xls holds "Workbook" instead. Stream names are stored in UTF-16LE in the
 * file's directory sectors, which can sit anywhere in the file, so the whole file is scanned.
 */
export async function isEncryptedWorkbook(file: string): Promise<boolean> {
  const marker = Buffer.from('EncryptedPackage', 'utf16le');
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([carry, chunk]);
    if (window.includes(marker)) return true;
    carry = window.subarray(Math.max(0, window.length - marker.length + 1));
  }
  return false;
}

export type Bom = 'utf-8' | 'utf-16le' | 'utf-16be';

export function byteOrderMark(head: Buffer): Bom | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** Text files (in the 8-bit encodings read here) never hold a NUL byte; binary files nearly always do. */
export function looksBinary(head: Buffer): boolean {
  return head.includes(0);
}
