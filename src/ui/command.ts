/**
 * `orgsync-import ui`: starts the page's server on 127.0.0.1, prints its address as the first line (with
 * the token that opens it), opens the default browser there unless `--no-open`, and runs until Ctrl-C or
 * until nobody has used it for the idle time. Stopping stops a run going as Ctrl-C stops one (its journal
 * kept) and removes the uploaded files.
 */
import { EXIT, type ExitCode } from '../errors.js';
import { handleInterrupts } from '../interrupts.js';
import { println, type AppIO } from '../app/io.js';
import { isServiceConfigured, type ImportOptions } from '../app/options.js';
import { language } from '../words/language.js';
import { uiWords } from '../words/ui.js';
import { startUiServer } from './server.js';

const DEFAULT_IDLE_MINUTES = 60;

export async function runUi(given: ImportOptions, flags: Record<string, unknown>, io: AppIO): Promise<ExitCode> {
  // With no service configured the page rehearses, and says so on every screen.
  const options: ImportOptions = { ...given, command: 'ui', sandbox: given.sandbox || !isServiceConfigured(given) };
  const idleMinutes = typeof flags.idleMinutes === 'number' ? flags.idleMinutes : DEFAULT_IDLE_MINUTES;
  // The terminal keeps the command's language: the page's switch changes the page's and its runs' words.
  const lang = language();
  let idle = false;
  let wake: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    wake = resolve;
  });
  // Ctrl-C and SIGTERM stop the server (and a run going, as Ctrl-C stops one), from its first moment.
  handleInterrupts(() => wake());
  const ui = await startUiServer({
    options,
    lang,
    ...(typeof flags.port === 'number' ? { port: flags.port } : {}),
    secrets: [options.accessToken, options.jwt, options.jwtSecret],
    idleMs: idleMinutes * 60_000,
    onIdle: () => {
      idle = true;
      wake();
    },
  });
  println(io.stdout, ui.url);
  if (flags.open === false) println(io.stdout, uiWords(lang).openYourself);
  else if (await openBrowser(ui.url)) println(io.stdout, uiWords(lang).opened);
  else println(io.stdout, uiWords(lang).couldNotOpen);
  await stopped;
  await ui.close();
  println(io.stdout, idle ? uiWords(lang).idleStopped(idleMinutes) : uiWords(lang).stopped);
  return EXIT.ok;
}

/** The default browser, as `open` finds it on each system; false when there is none (a server, a container). */
async function openBrowser(url: string): Promise<boolean> {
  try {
    const { default: open } = await import('open');
    const child = await open(url);
    // The opener (xdg-open, open, start) ends once the browser has the address; a browser that keeps it
    // waiting is taken as opened after a while.
    return await new Promise<boolean>((resolve) => {
      const waited = setTimeout(() => resolve(true), 3_000).unref();
      child.once('error', () => resolve(false));
      child.once('exit', (code) => {
        clearTimeout(waited);
        resolve(code === 0);
      });
    });
  } catch {
    return false;
  }
}
