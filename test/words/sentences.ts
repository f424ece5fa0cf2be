/**
 * Finds the sentences written in the code outside the words layer: every string or template literal
 * that reads as words a person would read (three words or more). The test that uses it keeps every
 * sentence a person reads in `src/words/`, where each one stands in English and Danish side by side.
 */
import ts from 'typescript';
import { sourceFilesIn } from '../helpers/source-tree.js';

export interface Sentence {
  file: string;
  line: number;
  text: string;
}

/**
 * Folders and files whose words are not the importer's own: the sandbox is the service, and the sheets'
 * names and column headers with their aliases (sheets/columns.ts) are bilingual data matched against a
 * workbook in either language, never said to a person; the field table (model/fields.ts) holds them with
 * each field's template help, typed to need both languages. The template's instructions are a phrasebook
 * (src/words/template-instructions.ts) like every other sentence.
 */
const NOT_OURS = [/^src\/words\//, /^src\/sandbox\//, /^src\/sheets\/columns\.ts$/, /^src\/model\/fields\.ts$/];
/**
 * The pages' style sheets and scripts: code for the browser, not words (the pages' words are in
 * src/words/page.ts, ui.ts and ui-steps.ts, and the script of `orgsync-import ui` shows only what the server sent).
 */
const CODE_FOR_THE_BROWSER = /^src\/(view\/page-assets\.ts|view\/ui\/style\.ts|ui\/browser\/.*\.ts)$/;

/** HTML tags and their attributes are markup, not words: a literal of markup is read without them. */
const TAGS = /<[^<>]*>/g;

const THREE_WORDS = /[A-Za-zæøåÆØÅ]{2,}[ ,;:'’-]+[A-Za-zæøåÆØÅ]{2,}[ ,;:'’-]+[A-Za-zæøåÆØÅ]{2,}/;

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `{} ${s.literal.text}`).join('');
  return undefined;
}

/** A programmer's error (a bug, never a user's mistake) and module paths are not sentences for a person. */
function isExempt(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isNewExpression(at) && ts.isIdentifier(at.expression) && /^(Error|TypeError|RangeError)$/.test(at.expression.text)) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    if (ts.isCallExpression(at) && at.expression.kind === ts.SyntaxKind.ImportKeyword) return true; // import('../app/x.js')
    if (ts.isCallExpression(at) || ts.isBlock(at) || ts.isSourceFile(at)) break;
  }
  return false;
}

export function sentencesOutsideWords(): Sentence[] {
  const found: Sentence[] = [];
  for (const { path, text } of sourceFilesIn('')) {
    const file = `src/${path}`;
    if (NOT_OURS.some((pattern) => pattern.test(file)) || CODE_FOR_THE_BROWSER.test(file)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const text = literalText(node);
      if (text !== undefined) {
        const words = text.replace(TAGS, ' ');
        // A sentence has spaces: a flag like --heap-growing-percent=50 is one token, not words.
        if (THREE_WORDS.test(words) && /\s/.test(words.trim()) && !isExempt(node)) {
          found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
        }
        if (!ts.isTemplateExpression(node)) return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
