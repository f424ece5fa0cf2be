/**
 * The plan page's style and script, inlined into the page: it opens from disk, offline, with no font,
 * style sheet or script from anywhere else. The script only searches, folds, prints and saves approvals.
 */

/** Colour of each change; every change is also written out as a word beside its colour. */
export const CHANGE_COLOURS: Record<string, string> = {
  added: '#1a7f37',
  hired: '#1a7f37',
  joined: '#1a7f37',
  removed: '#cf222e',
  fired: '#cf222e',
  left: '#bc4c00',
  moved: '#0969da',
  renamed: '#8250df',
  rehired: '#0a7b83',
  changed: '#9a6700',
  absence: '#bf3989',
  unchanged: '#6e7781',
};

export const PAGE_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; margin: 0; color: #1f2328; background: #fff; }
header, main { max-width: 1200px; margin: 0 auto; padding: 12px 20px; }
header { border-bottom: 1px solid #d0d7de; }
h1 { font-size: 22px; margin: 4px 0; }
h2 { font-size: 17px; margin: 18px 0 6px; }
.muted { color: #57606a; }
.counts { margin: 6px 0; }
.counts li { display: inline-block; margin: 2px 10px 2px 0; }
.badge { display: inline-block; min-width: 4.5em; padding: 0 6px; margin-right: 6px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; text-align: center; }
${Object.entries(CHANGE_COLOURS)
  .map(([c, colour]) => `.b-${c} { background: ${colour}; } .u-${c} > details > summary, .p-${c} { border-left: 5px solid ${colour}; }`)
  .join('\n')}
.s-failed { background: #cf222e; } .s-skipped { background: #6e7781; } .s-held { background: #9a6700; } .s-done { background: #1a7f37; } .s-unchanged { background: #57606a; }
.toolbar { position: sticky; top: 0; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; z-index: 1; }
.toolbar input[type=search] { flex: 1 1 240px; padding: 5px 8px; font-size: 14px; }
button { font: inherit; padding: 4px 10px; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; cursor: pointer; }
ul.tree { list-style: none; margin: 0; padding-left: 18px; }
main > section > ul.tree { padding-left: 0; }
li.unit { margin: 3px 0; }
/* Off-screen teams are neither laid out nor painted until scrolled to: 5,000 people paint at once. */
li.unit[data-unit-kind=team] { content-visibility: auto; contain-intrinsic-size: auto 200px; }
li.unit > details > summary { cursor: pointer; padding: 3px 6px; background: #f6f8fa; border-radius: 4px; }
li.unit[data-unit-kind=team] > details > summary { background: #fff; border-top: 1px solid #eaeef2; }
.unit-name { font-weight: 600; }
.unit-id, .pid { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: #57606a; }
.facts { font-size: 12.5px; color: #424a53; margin-left: 6px; }
.detail { margin: 2px 0 2px 24px; font-size: 13px; }
.notes li, .warnings li { margin: 2px 0; }
.warn { color: #9a6700; font-weight: 600; }
ul.people { list-style: none; margin: 2px 0 4px 24px; padding: 0; }
li.person { padding: 1px 6px; margin: 1px 0; }
.hidden { display: none !important; }
.held label { display: block; margin: 2px 0; }
#proposals { border: 2px solid #8250df; border-radius: 6px; padding: 4px 12px 8px; margin-top: 12px; }
code.command { display: block; font-family: ui-monospace, Menlo, Consolas, monospace; background: #f6f8fa; padding: 4px 8px; border-radius: 4px; user-select: all; }
.proposal { color: #8250df; font-weight: 600; }
@media print {
  .toolbar, .held button { display: none; }
  body { font-size: 11px; }
  li.unit { break-inside: avoid-page; }
  li.unit[data-unit-kind=team] { content-visibility: visible; }
  .badge { color: #000; border: 1px solid #000; background: none !important; }
}
`;

/** The page's behaviour: search by name, id or e-mail; fold; open everything to print; save approvals. */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var units = Array.prototype.slice.call(document.querySelectorAll('li.unit'));
  var people = Array.prototype.slice.call(document.querySelectorAll('li.person'));
  var search = document.getElementById('search');
  var onlyChanges = document.getElementById('only-changes');
  var empty = document.getElementById('no-matches');
  function text(el) { return el.getAttribute('data-search') || ''; }
  function filter() {
    var q = (search && search.value || '').trim().toLowerCase();
    var changesOnly = onlyChanges && onlyChanges.checked;
    var shown = 0;
    people.forEach(function (p) {
      var ok = (!q || text(p).indexOf(q) >= 0) && (!changesOnly || p.getAttribute('data-change') !== 'unchanged');
      p.classList.toggle('hidden', !ok);
      if (ok) shown++;
    });
    // Deepest first, so a unit knows whether anything below it is shown.
    for (var i = units.length - 1; i >= 0; i--) {
      var u = units[i];
      var self = (!q || text(u).indexOf(q) >= 0) && (!changesOnly || u.getAttribute('data-change') !== 'unchanged');
      var below = u.querySelector('li.person:not(.hidden), li.unit:not(.hidden)') !== null;
      var ok = self || below;
      u.classList.toggle('hidden', !ok);
      if (ok) shown++;
      if ((q || changesOnly) && below) u.firstElementChild.open = true;
    }
    if (empty) empty.classList.toggle('hidden', shown > 0);
  }
  if (search) search.addEventListener('input', filter);
  if (onlyChanges) onlyChanges.addEventListener('change', filter);
  function setAll(open) { document.querySelectorAll('li.unit > details').forEach(function (d) { d.open = open; }); }
  var expand = document.getElementById('expand-all');
  var collapse = document.getElementById('collapse-all');
  if (expand) expand.addEventListener('click', function () { setAll(true); });
  if (collapse) collapse.addEventListener('click', function () { setAll(false); });
  window.addEventListener('beforeprint', function () { setAll(true); });
  var save = document.getElementById('save-approvals');
  if (save) save.addEventListener('click', function () {
    var approved = Array.prototype.slice.call(document.querySelectorAll('input[name=approve]:checked')).map(function (c) { return c.value; });
    var blob = new Blob([JSON.stringify({ version: 1, approved: approved }, null, 2) + '\\n'], { type: 'application/json' });
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'approvals.json';
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  });
})();
`;
