/**
 * A zip written byte by byte, so a test can build what no zip library would: honest but enormous
 * deflate streams, and central directories whose entries overlap (the "better zip bomb").
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** Stored as given (method 0) unless `deflate` is set. */
  data: Buffer;
  deflate?: boolean;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export function zipOf(parts: readonly ZipPart[], extraDirectoryEntries: (written: Written[]) => Written[] = () => []): Buffer {
  const chunks: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const part of parts) {
    const body = part.deflate ? deflateRawSync(part.data, { level: 9 }) : part.data;
    const entry: Written = {
      name: Buffer.from(part.name, 'utf8'),
      method: part.deflate ? 8 : 0,
      crc: crc32(part.data),
      compressedSize: body.length,
      size: part.data.length,
      offset,
    };
    const header = localHeader(entry);
    chunks.push(header, body);
    written.push(entry);
    offset += header.length + body.length;
  }
  const directory = [...written, ...extraDirectoryEntries(written)].map(directoryEntry);
  const directorySize = directory.reduce((sum, d) => sum + d.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length, 8);
  end.writeUInt16LE(directory.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function directoryEntry(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const EMPLOYEE_HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Employee ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c></row>';

export function worksheetXml(rows: string, prologue = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${prologue}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
}

/**
 * A one-sheet workbook ("Employees"): the sheet XML as given, optionally deflated; other parts replaceable.
 * The worksheet may be given as a Buffer so tests can hand over tens of megabytes without a string copy.
 */
export function workbookZip(
  sheet: string | Buffer,
  options: { deflateSheet?: boolean; sharedStrings?: string; workbookXml?: string; extra?: ZipPart[] } = {},
): Buffer {
  const parts: ZipPart[] = [
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        options.workbookXml ??
          `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(options.sharedStrings ?? `<sst xmlns="${MAIN}"/>`), deflate: true },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.isBuffer(sheet) ? sheet : Buffer.from(sheet), deflate: options.deflateSheet ?? false },
    ...(options.extra ?? []),
  ];
  return zipOf(parts);
}

export const SPREADSHEET_NS = MAIN;
