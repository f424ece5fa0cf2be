/**
 * Worksheet cells exceljs misreads, rewritten as what they show. ISO-date cells (`<c t="d"><v>2024-01-31T00:00:00</v></c>`) of worksheet XML into date serials,
 * keeping every byte count the same: the worksheet is repacked with its declared size (see zip.ts), so
 * the `t="d"` becomes spaces and the serial is padded with leading spaces, which a number reader skips.
 */

const ISO_DATE_CELL = /(<c\b[^>]*?)(\st="d")([^>]*>\s*<v>)([^<]*)(<\/v>)/g;
const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})/;
const MS_PER_DAY = 86_400_000;

export function isoDateCellsAsSerials(xml: Buffer, date1904: boolean): Buffer {
  if (!xml.includes('t="d"')) return xml;
  // latin1 maps each byte to one character and back, so offsets and multi-byte text survive untouched.
  const text = xml.toString('latin1');
  const rewritten = text.replace(ISO_DATE_CELL, (whole, start: string, type: string, middle: string, value: string, end: string) => {
    const serial = serialOfIsoDay(value, date1904);
    // A day the workbook's date system cannot hold (or no day at all) becomes an error cell showing
    // the text, rather than the wrong day exceljs would make of it.
    if (serial === null || serial.length > value.length) return `${start} t="e"${middle}${value}${end}`;
    return `${start}${' '.repeat(type.length)}${middle}${serial.padStart(value.length, ' ')}${end}`;
  });
  return Buffer.from(rewritten, 'latin1');
}

/** The serial Excel stores for that calendar day (1900 system with its fictitious 29 February 1900). */
function serialOfIsoDay(value: string, date1904: boolean): string | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const unixDay = Date.UTC(year, month - 1, day) / MS_PER_DAY;
  const check = new Date(unixDay * MS_PER_DAY);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const serial = date1904 ? unixDay + 24_107 : unixDay + 25_569 + (unixDay + 25_569 < 61 ? -1 : 0);
  return serial >= (date1904 ? 0 : 1) ? String(serial) : null;
}

/**
 * A formula whose cached result is the empty string (`<c t="str"><f>IF(A2="";"";…)</f><v></v></c>`, as
 * LibreOffice and Excel store `=IF(…;"";…)` and `=IFERROR(…;"")`) shows a blank cell. exceljs cannot
 * tell it from a formula never calculated, so it is rewritten as the blank cell it shows, keeping the
 * byte count (the start tag is padded with spaces). A formula with no `<v>` at all, or an empty `<v>`
 * without `t="str"` (openpyxl saves every formula so), has no result: that one stays.
 */
const EMPTY_TEXT_RESULT = /<c\b([^>]*?)\st="str"([^>]*)>\s*<f\b[^>]*(?:\/>|>[^<]*<\/f>)\s*(?:<v\s*\/>|<v>\s*<\/v>)\s*<\/c>/g;

export function emptyTextResultsAsBlank(xml: Buffer): Buffer {
  if (!xml.includes('t="str"')) return xml;
  const text = xml.toString('latin1');
  const rewritten = text.replace(EMPTY_TEXT_RESULT, (whole: string, before: string, after: string) => {
    const blank = `<c${before}${after.replace(/\/$/, '')}`;
    const padding = whole.length - blank.length - 2;
    return padding < 0 ? whole : `${blank}${' '.repeat(padding)}/>`;
  });
  return Buffer.from(rewritten, 'latin1');
}
