/** The Start step: the templates to download, the upload of an export (and its profile), the saved profiles. */
import { escapeHtml as esc } from '../plan-html.js';
import type { Lang } from '../../words/language.js';
import { uiWords } from '../../words/ui.js';
import { csrfField } from './layout.js';

export interface TemplateLink {
  href: string;
  label: 'workbookDa' | 'workbookEn' | 'csvFiles';
  /** For the CSV files: one link per file. */
  files?: { href: string; name: string }[];
}

export interface StartScreen {
  templates: readonly TemplateLink[];
  savedProfiles: readonly string[];
  /** The files the session works on now, by name, and the profile they are read with. */
  current?: { files: readonly string[]; profile?: string };
  limits: { size: string; count: number };
}

/** The upload form, also offered on the Check step to choose the fixed file. */
export function uploadForm(lang: Lang, csrf: string, screen: Pick<StartScreen, 'savedProfiles' | 'limits'>, withProfile = true): string {
  const w = uiWords(lang);
  const saved = screen.savedProfiles.map((name) => `<option value="${esc(name)}">${esc(name)}</option>`).join('');
  const profile = withProfile
    ? `<p><label for="profile">${esc(w.chooseProfile)}</label> <input type="file" id="profile" name="profile" accept=".json,application/json"></p>` +
      (screen.savedProfiles.length > 0
        ? `<p><label for="saved">${esc(w.savedProfile)}</label> <select id="saved" name="saved"><option value="">${esc(w.noSavedProfile)}</option>${saved}</select></p>`
        : '')
    : '';
  return `<form id="upload" method="post" action="/upload" enctype="multipart/form-data" data-upload>
${csrfField(csrf)}
<div class="drop" data-drop>
<p><label for="files">${esc(w.chooseFiles)}</label> <input type="file" id="files" name="files" multiple required accept=".xlsx,.xlsm,.csv,.tsv"></p>
<p class="muted" aria-hidden="true">${esc(w.dropHere)}</p>
</div>
${profile}
<p class="muted">${esc(w.limits(screen.limits.size, screen.limits.count))}</p>
<p><button type="submit" class="primary">${esc(w.upload)}</button></p>
</form>`;
}

export function renderStart(lang: Lang, csrf: string, screen: StartScreen): string {
  const w = uiWords(lang);
  const links = screen.templates
    .map((t) =>
      t.files
        ? `<li>${esc(w[t.label])}: ${t.files.map((f) => `<a href="${esc(f.href)}" download data-template="${esc(f.name)}">${esc(f.name)}</a>`).join(', ')}</li>`
        : `<li><a href="${esc(t.href)}" download data-template="${t.label}">${esc(w[t.label])}</a></li>`,
    )
    .join('');
  const current = screen.current
    ? `<p class="current" id="current">${esc(w.current(screen.current.files.join(', ')))}${screen.current.profile ? ` ${esc(w.withProfile(screen.current.profile))}` : ''}</p>`
    : '';
  return `<section id="templates" aria-labelledby="templates-title"><h2 id="templates-title">${esc(w.templatesTitle)}</h2>
<p>${esc(w.templatesIntro)}</p><ul>${links}</ul></section>
<section id="upload-section" aria-labelledby="upload-title"><h2 id="upload-title">${esc(w.uploadTitle)}</h2>
<p>${esc(w.uploadIntro)}</p>${current}
${uploadForm(lang, csrf, screen)}</section>`;
}
