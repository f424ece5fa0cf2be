/**
 * The Columns step: per sheet, a table of the export's headers with a few values, the column each is read
 * as (a choice among the sheet's columns, or ignore) and why; the date formats and the export's own
 * spellings of fixed values; saving the profile. Field names are the server's (src/ui/columns.ts).
 */
import { escapeHtml as esc } from '../plan-html.js';
import type { SheetKind } from '../../model/sheet-kind.js';
import type { Lang } from '../../words/language.js';
import { uiWords } from '../../words/ui.js';
import { csrfField } from './layout.js';

export interface ScreenSheet {
  kind: SheetKind;
  sheetName: string;
  rows: {
    index: number;
    header: string;
    samples: readonly string[];
    chosen: string | null;
    choices: readonly string[];
    guessed: boolean;
    known: boolean;
    note?: string;
  }[];
  dates: { column: string; format: string | undefined; formats: readonly string[] }[];
  spellings: { column: string; value: string; meant: string | undefined; choices: readonly string[] }[];
}

export interface ColumnsScreen {
  sheets: ScreenSheet[];
  /** Sheets the profile reads none of, with why. */
  notPlaced: { sheet: string; why: string }[];
  lacks: readonly string[];
  /** The name offered for saving the profile. */
  profileName: string;
  /** Where it was saved (once it was). */
  saved?: string;
  /** The kind of each sheet in the person's words ("employees", "medarbejdere"). */
  kindName: (kind: SheetKind) => string;
}

function options(values: readonly string[], chosen: string | undefined | null, blank: string): string {
  return [
    `<option value=""${chosen == null ? ' selected' : ''}>${esc(blank)}</option>`,
    ...values.map((v) => `<option value="${esc(v)}"${v === chosen ? ' selected' : ''}>${esc(v)}</option>`),
  ].join('');
}

function sheetSection(lang: Lang, sheet: ScreenSheet, kindName: string): string {
  const w = uiWords(lang);
  const id = (suffix: string) => `${sheet.kind}-${suffix}`;
  const rows = sheet.rows
    .map((r) => {
      const select = `<select id="${id(`h${r.index}`)}" name="h.${sheet.kind}.${r.index}" aria-label="${esc(`${w.takenFor}: ${r.header}`)}">${options(r.choices, r.chosen, w.ignore)}</select>`;
      const why = [r.note, r.guessed ? w.guessed : r.known && r.note === undefined ? w.recognised : undefined].filter(Boolean).join(' · ');
      return `<tr data-header="${esc(r.header)}"${r.guessed ? ' class="guessed"' : ''}><th scope="row">${esc(r.header)}</th><td class="samples">${esc(r.samples.slice(0, 3).join(', '))}</td><td>${select}</td><td>${esc(why)}</td></tr>`;
    })
    .join('');
  const dates = sheet.dates
    .map(
      (d) =>
        `<p><label for="${id(`d-${d.column}`)}">${esc(w.dateFormatOf(d.column))}</label> <select id="${id(`d-${d.column}`)}" name="d.${sheet.kind}.${esc(d.column)}">${options(d.formats, d.format, w.anyFormat)}</select></p>`,
    )
    .join('');
  const spellings = sheet.spellings
    .map((s, n) => {
      const index = sheet.spellings.slice(0, n).filter((t) => t.column === s.column).length;
      const field = `${sheet.kind}.${s.column}.${index}`;
      return `<p><input type="hidden" name="s.${esc(field)}" value="${esc(s.value)}"><label for="${id(`v${n}`)}">${esc(w.spellingOf(s.value, s.column))}</label> <select id="${id(`v${n}`)}" name="v.${esc(field)}" data-spelling="${esc(s.value)}">${options(s.choices, s.meant, w.notMapped)}</select></p>`;
    })
    .join('');
  return `<section class="sheet" data-sheet-kind="${sheet.kind}" aria-labelledby="${id('title')}"><h2 id="${id('title')}">${esc(w.sheetSection(sheet.sheetName, kindName))}</h2>
<table class="columns"><thead><tr><th scope="col">${esc(w.header)}</th><th scope="col">${esc(w.examples)}</th><th scope="col">${esc(w.takenFor)}</th><th scope="col">${esc(w.why)}</th></tr></thead><tbody>${rows}</tbody></table>
${dates ? `<h3>${esc(w.dateFormats)}</h3>${dates}` : ''}
${spellings ? `<h3>${esc(w.spellings)}</h3>${spellings}` : ''}
</section>`;
}

export function renderColumns(lang: Lang, csrf: string, screen: ColumnsScreen): string {
  const w = uiWords(lang);
  const notPlaced = screen.notPlaced.map((n) => `<li>${esc(w.notPlaced(n.sheet, n.why))}</li>`).join('');
  const lacks = screen.lacks.map((l) => `<li>${esc(w.lacks(l))}</li>`).join('');
  const saved = screen.saved ? `<p class="done" id="profile-saved" role="status">${esc(w.profileSaved(screen.saved))}</p>` : '';
  return `<p>${esc(w.columnsIntro)}</p>${saved}
<form method="post" action="/columns" id="columns">${csrfField(csrf)}
${screen.sheets.map((sheet) => sheetSection(lang, sheet, screen.kindName(sheet.kind))).join('\n')}
${notPlaced || lacks ? `<ul class="notes">${notPlaced}${lacks}</ul>` : ''}
<p><button type="submit" name="action" value="update">${esc(w.update)}</button></p>
<p><label for="profile-name">${esc(w.profileName)}</label> <input type="text" id="profile-name" name="name" value="${esc(screen.profileName)}" autocomplete="off"> <button type="submit" name="action" value="save">${esc(w.saveProfile)}</button></p>
<p><button type="submit" name="action" value="check" class="primary">${esc(w.useColumns)}</button></p>
</form>`;
}
