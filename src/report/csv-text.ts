/**
 * Just enough CSV for the error-file writer: decoding the bytes the way the reader accepts them, and
 * splitting records while remembering the line each starts on (issue rows are those line numbers).
 * Empty lines are kept as empty records so the copy keeps the source's line layout.
 */
import iconv from 'iconv-lite';

export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  fields: string[];
}

/** UTF-8 (BOM or not), UTF-16 with BOM, else Windows-1252 (Danish Excel's default); `encoding` overrides. */
export function decodeCsv(bytes: Buffer, encoding?: string): string {
  if (encoding !== undefined) return stripBom(iconv.decode(bytes, encoding));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseCsv(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let i = 0;
  const endRecord = (): void => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      recordLine = line;
    } else field += char;
    i += 1;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

export function formatCsvField(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The delimiter among `,`, `;` and tab that splits the first lines most consistently: the one giving the
 * most lines with the same (more than one) field count. A title row above the header does not disturb it.
 */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { delimiter: ',', score: -1 };
  for (const delimiter of [',', ';', '\t']) {
    const counts = new Map<number, number>();
    for (const record of parseCsv(sample, delimiter).slice(0, 50)) {
      if (record.fields.length > 1) counts.set(record.fields.length, (counts.get(record.fields.length) ?? 0) + 1);
    }
    const score = Math.max(0, ...counts.values());
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}
