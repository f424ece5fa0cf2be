/**
 * The pipeline's direction, read from the source files: a stage imports only stages before it, and the
 * shared vocabulary in src/model/ imports no stage at all (docs/architecture.md). Beyond the pipeline, no
 * two folders of src/ import each other, directly or round a longer loop, and no two files of src/app/.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFilesIn, sourceTree, type SourceFile } from '../helpers/source-tree.js';

const STAGES = ['sheets', 'validate', 'service', 'plan', 'load', 'report', 'history'] as const;

function fileAt(path: string): SourceFile {
  const file = sourceTree().find((candidate) => candidate.path === path);
  if (!file) throw new Error(`src/${path} is not in the tree`);
  return file;
}

function folderOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
}

/** `from → to` for every import in the files of `folder` that `allowed` refuses. */
function violations(folder: string, allowed: (target: string) => boolean): string[] {
  return sourceFilesIn(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed(target))
      .map((target) => `${file.path} → ${target}`),
  );
}

/** Each folder of src/ (a file at the top, like errors.ts, is the folder '') with the folders it imports. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFilesIn('')) {
    const from = folderOf(file.path);
    const targets = graph.get(from) ?? new Set<string>();
    for (const target of importsOf(file)) if (folderOf(target) !== from) targets.add(folderOf(target));
    graph.set(from, targets);
  }
  return graph;
}

/**
 * Each file below `dir` with the files below it that it imports, `import type` and `import('…')` too: a
 * circle of types or of modules loaded later is still one a reader has to walk round.
 */
function fileGraph(files: readonly SourceFile[]): Map<string, Set<string>> {
  const inside = new Set(files.map((file) => file.path));
  return new Map(files.map((file) => [file.path, new Set(importsOf(file).filter((target) => inside.has(target)))]));
}

/** The TypeScript files of a folder outside src/, named as paths from src/ as the tree names its own. */
function filesOutsideSrc(dir: string): SourceFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ path: relative(SRC, join(dir, name)).split(sep).join('/'), text: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Every loop of folders importing each other, each as `a → b → a` with the files that close it: the
 * strongly connected components of the folder graph (Tarjan's), each loop shown from one folder.
 */
function folderLoops(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== folder);
    if (component.length > 1)
      loops.push(
        component
          .sort()
          .map((name) => name || '(src)')
          .join(' ↔ '),
      );
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return loops;
}

describe('import rules', () => {
  it('reads imports the way they are written (the check itself can see a violation)', () => {
    const imports = importsOf(fileAt('load/executor.ts'));
    expect(imports.some((target) => folderOf(target) === 'model')).toBe(true);
  });

  it('src/model imports no stage, only itself', () => {
    expect(violations('model', (target) => folderOf(target) === 'model')).toEqual([]);
  });

  it('src/words (the sentences in both languages) imports only the shared vocabulary and itself', () => {
    expect(violations('words', (target) => ['words', 'model'].includes(folderOf(target)))).toEqual([]);
  });

  it.each(STAGES.map((stage, index) => [stage, STAGES.slice(index + 1)] as const))(
    'src/%s imports no later stage, nor the view, the app or the CLI',
    (stage, later) => {
      const refused = new Set<string>([...later, 'app', 'cli', 'ui', ...(stage === 'report' ? [] : ['view'])]);
      expect(violations(stage, (target) => !refused.has(folderOf(target)))).toEqual([]);
    },
  );

  it('src/plan says no words: its reasons and notes are codes with values, which src/view/ puts into words', () => {
    expect(violations('plan', (target) => folderOf(target) !== 'words')).toEqual([]);
  });

  it('src/sheets imports nothing of src/validate; src/service nothing of src/plan', () => {
    expect(violations('sheets', (target) => folderOf(target) !== 'validate')).toEqual([]);
    expect(violations('service', (target) => folderOf(target) !== 'plan')).toEqual([]);
  });

  it("src/view (words for people) imports neither the app nor the CLI nor the page's server", () => {
    expect(violations('view', (target) => !['app', 'cli', 'ui'].includes(folderOf(target)))).toEqual([]);
  });

  describe("src/ui: the page's server, a front door beside the command line", () => {
    it('imports nothing of the command line: what both need lives below them', () => {
      expect(violations('ui', (target) => folderOf(target) !== 'cli')).toEqual([]);
    });

    it('is loaded by the command line only (its `ui` command), and by no stage, the app or the view', () => {
      const callers = sourceFilesIn('')
        .filter((file) => folderOf(file.path) !== 'ui')
        .flatMap((file) => importsOf(file).map((target) => `${file.path} → ${target}`))
        .filter((edge) => folderOf(edge.split(' → ')[1]!) === 'ui');
      expect(callers).toEqual(['cli/program.ts → ui/command.ts']);
    });

    it("the page's script (ui/browser/, built for the browser) imports only its own files", () => {
      expect(violations('ui/browser', (target) => target.startsWith('ui/browser/'))).toEqual([]);
      expect(violations('ui', (target) => !target.startsWith('ui/browser/'))).toEqual([]);
    });
  });

  it('src/template imports the columns of src/sheets, the shared vocabulary and the words, nothing of a later stage', () => {
    const allowed = new Set(['template', 'model', 'words', 'sheets', '']);
    expect(violations('template', (target) => allowed.has(folderOf(target)))).toEqual([]);
  });

  describe("src/sheets: the reader's wings behind its face files", () => {
    /** The mechanisms, private to the reader; profile/ (the --map contract) is read by validate and the app. */
    const MECHANISMS = ['xml', 'xlsx', 'csv', 'threads'];
    const WINGS = [...MECHANISMS, 'profile'];
    const wingOf = (path: string): string | undefined => /^sheets\/([^/]+)\//.exec(path)?.[1];
    /** Which wing each wing may import besides itself: a format reads XML, a thread runs a format's reader. */
    const WING_IMPORTS: Record<string, string[]> = { xml: [], xlsx: ['xml'], csv: [], threads: ['xlsx', 'csv'], profile: [] };
    /**
     * The top-level files of src/sheets that load a wing: the faces, which no wing may import back. A type
     * a shared file names from a wing (types.ts: the profile's rules) loads nothing and makes no face.
     */
    const faces = sourceFilesIn('sheets')
      .filter(
        (file) => wingOf(file.path) === undefined && importsOf(file, { runtime: true }).some((target) => wingOf(target) !== undefined),
      )
      .map((file) => file.path);

    it('names its wings as the folders it has (a new folder gets its rule here)', () => {
      const folders = readdirSync(join(SRC, 'sheets'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
      expect(folders.map((entry) => entry.name).sort()).toEqual([...WINGS].sort());
      expect(faces).toContain('sheets/read.ts');
      expect(faces).not.toContain('sheets/types.ts');
    });

    it('xml/ imports nothing else of the reader, nor of src/', () => {
      expect(violations('sheets/xml', (target) => target.startsWith('sheets/xml/'))).toEqual([]);
    });

    it.each(WINGS)('%s/ imports only its own files, the wings it builds on and the shared files of src/sheets (never a face)', (wing) => {
      const allowed = (target: string): boolean => {
        const targetWing = wingOf(target);
        if (targetWing !== undefined) return targetWing === wing || WING_IMPORTS[wing]!.includes(targetWing);
        return !faces.includes(target);
      };
      expect(violations(`sheets/${wing}`, allowed)).toEqual([]);
    });

    it('the rest of src/ reads the reader through its top-level files and profile/, never a mechanism', () => {
      const outside = sourceFilesIn('')
        .filter((file) => folderOf(file.path) !== 'sheets')
        .flatMap((file) => importsOf(file).map((target) => `${file.path} → ${target}`))
        .filter((edge) => MECHANISMS.includes(wingOf(edge.split(' → ')[1]!) ?? ''));
      expect(outside).toEqual([]);
    });
  });

  it("src/ unzips only with the reader's own zip code; jszip, exceljs's zip library, only writes the repacked copy", () => {
    const jszipUsers = sourceFilesIn('')
      .filter((file) => /from 'jszip'/.test(file.text))
      .map((file) => file.path);
    expect(jszipUsers).toEqual(['report/normalised-package.ts']);
    const normalised = fileAt('report/normalised-package.ts');
    expect(normalised.text).toMatch(/readZipDirectory/);
    expect(sourceFilesIn('').filter((file) => /\bloadAsync\(/.test(file.text))).toEqual([]);
  });

  it('finds a loop of folders where there is one (the check itself can see a violation)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderLoops(graph)).toEqual(['a ↔ b ↔ c']);
  });

  it('no two folders of src/ import each other, directly or round a loop', () => {
    expect(folderLoops(folderGraph())).toEqual([]);
  });

  it('finds a loop of files where there is one, a type import closing it (the check itself can see a violation)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-loop-'));
    writeFileSync(join(dir, 'run.ts'), "import type { View } from './view.js';\nexport interface Run { view: View }\n");
    writeFileSync(join(dir, 'view.ts'), "import type { Run } from './run.js';\nexport interface View { show(run: Run): void }\n");
    writeFileSync(join(dir, 'start.ts'), "export const start = () => import('./run.js');\n");
    const loops = folderLoops(fileGraph(filesOutsideSrc(dir)));
    expect(loops).toHaveLength(1);
    expect(loops[0]).toMatch(/import-loop-[^/]+\/run\.ts ↔ .*import-loop-[^/]+\/view\.ts$/);
  });

  it('no two files of src/app/ import each other, directly or round a loop (a command loaded later included)', () => {
    const graph = fileGraph(sourceFilesIn('app'));
    expect(graph.get('app/run-import.ts')).toContain('app/run.ts');
    expect(folderLoops(graph)).toEqual([]);
  });
});
