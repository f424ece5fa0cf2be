/** `orgsync-import template`: writes the template workbook, or the CSV files, into a folder. */
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { SHEET_KINDS } from '../model/sheet-kind.js';
import { CSV_FILE, WORKBOOK_FILE, type TemplateLanguage } from './content.js';
import { templateCsv } from './csv.js';
import { buildTemplateWorkbook } from './xlsx.js';
import { templateWords } from '../words/template.js';

export {
  TEMPLATE_VERSION,
  TEMPLATE_VERSIONS,
  TEMPLATE_INFO_SHEET,
  TEMPLATE_VERSION_LABEL,
  templateChanges,
  templateChangesSince,
} from './version.js';
export type { TemplateChange } from './version.js';
export type { TemplateLanguage } from './content.js';
export { buildTemplateWorkbook } from './xlsx.js';
export { templateCsv } from './csv.js';

export interface TemplateOptions {
  format: 'xlsx' | 'csv';
  lang: TemplateLanguage;
  outDir: string;
  /** Replace files that already exist; without it an existing file (perhaps filled in) stops the command. */
  overwrite?: boolean;
}

/** Writes the template and returns the paths written. */
export async function writeTemplate(options: TemplateOptions): Promise<string[]> {
  await mkdir(options.outDir, { recursive: true });
  const files =
    options.format === 'xlsx'
      ? [join(options.outDir, WORKBOOK_FILE[options.lang])]
      : SHEET_KINDS.map((kind) => join(options.outDir, `${CSV_FILE[options.lang][kind]}.csv`));
  if (!options.overwrite) {
    for (const file of files) {
      if (await exists(file)) {
        throw new UsageError(templateWords().fileExists(file));
      }
    }
  }
  if (options.format === 'xlsx') {
    const buffer = await buildTemplateWorkbook(options.lang).xlsx.writeBuffer();
    await writeFile(files[0] as string, Buffer.from(buffer));
  } else {
    for (const [index, kind] of SHEET_KINDS.entries()) {
      await writeFile(files[index] as string, templateCsv(options.lang, kind), 'utf8');
    }
  }
  return files;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
