/**
 * What one page session holds on the server: a private folder (mode 0700) for the uploaded files and
 * everything the server makes from them (templates, error files, reports), removed when the server stops;
 * and the downloads, each under a random id, so the browser can only ever fetch a file the server made for
 * this session — no request names a path.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Download {
  path: string;
  /** The name the browser saves it under. */
  name: string;
  type: string;
}

/** What a download's name may hold: letters, digits and a few marks, never a path. */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last.replace(/[\u0000-\u001f\u007f"*:<>?|]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

export class Workspace {
  readonly dir: string;
  private readonly downloads = new Map<string, Download>();
  private folders = 0;

  constructor(parent: string = tmpdir()) {
    // mkdtemp makes the folder with mode 0700: only the person running the importer can read it.
    this.dir = mkdtempSync(join(parent, 'orgsync-ui-'));
  }

  /** A new private folder inside the workspace (one per upload, per check…). */
  async folder(prefix: string): Promise<string> {
    const path = join(this.dir, `${prefix}-${++this.folders}`);
    await mkdir(path, { mode: 0o700 });
    return path;
  }

  /** Offers a file the server made for download; returns its address. */
  offer(download: Download): string {
    const id = randomBytes(12).toString('base64url');
    this.downloads.set(id, { ...download, name: safeFileName(download.name) });
    return `/download/${id}`;
  }

  download(id: string): Download | undefined {
    return this.downloads.get(id);
  }

  /** Shows a path inside the workspace as the person knows it: the file's own name. */
  shown(text: string): string {
    return text.replace(this.inside, '').split(this.dir).join('');
  }

  /** A path below the workspace's own folders, up to the file's name. */
  private get inside(): RegExp {
    return new RegExp(`${this.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[a-z]+-\\d+/`, 'g');
  }

  close(): void {
    this.downloads.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
