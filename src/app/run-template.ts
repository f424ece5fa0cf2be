import { writeTemplate } from '../template/index.js';
import { EXIT, type ExitCode } from '../errors.js';
import { println, type AppIO } from './io.js';
import { appOutputWords } from '../words/app-output.js';

export async function runTemplate(
  flags: { format: 'xlsx' | 'csv'; lang: 'en' | 'da'; out: string; overwrite: boolean },
  io: AppIO,
): Promise<ExitCode> {
  const written = await writeTemplate({ format: flags.format, lang: flags.lang, outDir: flags.out, overwrite: flags.overwrite });
  for (const file of written) println(io.stdout, appOutputWords().wrote(file));
  return EXIT.ok;
}
