/**
 * Rich text (a string of several runs, `<r><t>Søren</t></r><r><t> Ærø</t></r>`) rewritten as the one
 * plain string it shows, before exceljs's streaming reader sees it: for an inline string it keeps only
 * the last run ("Ærø"), and for a shared string whose first piece is a plain `<t>` before runs it drops
 * that piece. Phonetic guides (`<rPh>`, Japanese reading aids) are not shown in the cell and are left out.
 *
 * Byte counts stay the same (the part is repacked with its declared size, see zip.ts): the rewritten
 * element is shorter, and its start tag is padded with spaces, which XML allows before `>`.
 */

const RICH_ELEMENT = { is: /<is\b[^>]*>([\s\S]*?)<\/is>/g, si: /<si\b[^>]*>([\s\S]*?)<\/si>/g } as const;
const TEXT_PIECE = /<t(?:\s[^>]*)?>([^<]*)<\/t>|<t\s*\/>/g;
const PHONETIC = /<rPh\b[\s\S]*?<\/rPh>|<phoneticPr\b[^>]*\/>/g;

/** Every `<is>` (worksheet) or `<si>` (shared strings) with runs or phonetic text, as one `<t>`. */
export function richTextAsPlain(xml: Buffer, element: 'is' | 'si'): Buffer {
  if (!xml.includes('<r>') && !xml.includes('<r ') && !xml.includes('<rPh')) return xml;
  // latin1 maps each byte to one character and back, so offsets and multi-byte text survive untouched.
  const text = xml.toString('latin1');
  const rewritten = text.replace(RICH_ELEMENT[element], (whole: string, content: string) => {
    if (!/<r[\s>]|<rPh\b/.test(content)) return whole;
    let shown = '';
    for (const piece of content.replace(PHONETIC, '').matchAll(TEXT_PIECE)) shown += piece[1] ?? '';
    const plain = `<${element}><t>${shown}</t></${element}>`;
    const padding = whole.length - plain.length;
    if (padding < 0) return whole;
    return `<${element}${' '.repeat(padding)}${plain.slice(element.length + 1)}`;
  });
  return Buffer.from(rewritten, 'latin1');
}
