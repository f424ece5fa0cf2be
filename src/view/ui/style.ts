/**
 * The style sheet of `orgsync-import ui`, served as the page's own file (/assets/ui.css): no font, image
 * or style from anywhere else. Focus is always visible; colours meet contrast on white.
 */
export const UI_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; margin: 0; color: #1f2328; background: #fff; }
header, main { max-width: 1200px; margin: 0 auto; padding: 10px 20px; }
header { border-bottom: 1px solid #d0d7de; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap; }
.app { font-weight: 700; margin: 4px 0; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 6px 10px; border: 2px solid #0550ae; z-index: 10; }
:focus-visible { outline: 3px solid #0550ae; outline-offset: 2px; }
h1 { font-size: 24px; margin: 8px 0 12px; }
h2 { font-size: 18px; margin: 22px 0 8px; }
h3 { font-size: 16px; margin: 14px 0 6px; }
a { color: #0550ae; }
.steps { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 18px; padding: 0; margin: 8px 0 4px; }
.steps a[aria-current] { font-weight: 700; color: #1f2328; text-decoration: none; border-bottom: 3px solid #0550ae; }
.unavailable { color: #57606a; }
.service { margin: 4px 0; color: #424a53; }
.rehearsal { margin: 4px 0; padding: 4px 10px; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; }
.muted { color: #57606a; }
.problem { color: #a40e26; font-weight: 600; }
.done { color: #116329; font-weight: 600; }
button { font: inherit; padding: 5px 12px; border: 1px solid #8c959f; border-radius: 6px; background: #f6f8fa; color: #1f2328; cursor: pointer; }
button.primary { background: #1f6feb; border-color: #1f6feb; color: #fff; font-weight: 600; }
button[aria-pressed=true] { background: #1f2328; color: #fff; }
button:disabled { opacity: .6; cursor: progress; }
.language button { margin-left: 4px; }
input[type=text], input[type=search], select { font: inherit; padding: 4px 6px; border: 1px solid #8c959f; border-radius: 6px; max-width: 100%; }
.drop { border: 2px dashed #8c959f; border-radius: 8px; padding: 8px 16px; }
.drop.over { border-color: #0550ae; background: #ddf4ff; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; }
tr.guessed th { background: #fff8c5; }
.samples { color: #424a53; font-size: 13px; max-width: 24em; }
.filter { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; border: 1px solid #d0d7de; border-radius: 6px; padding: 4px 10px 10px; }
.filter h2 { width: 100%; margin: 6px 0 0; font-size: 16px; }
.problems tr.error td:first-child { color: #a40e26; font-weight: 600; }
.pager { display: flex; gap: 16px; align-items: center; margin: 6px 0; }
.grid { overflow-x: auto; max-width: 100%; }
.rows caption { text-align: left; font-weight: 600; padding: 4px 0; }
td.faulty.error { background: #ffebe9; outline: 2px solid #cf222e; outline-offset: -2px; }
td.faulty.warning { background: #fff8c5; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.progress { display: flex; gap: 20px; flex-wrap: wrap; font-size: 17px; }
.progress strong { font-size: 22px; }
progress { width: 100%; height: 18px; }
.decision { border: 2px solid #8250df; border-radius: 8px; padding: 4px 14px 10px; margin: 12px 0; }
.decision label { display: block; margin: 4px 0; }
.refused { border-color: #cf222e; }
.history td { white-space: nowrap; }
.history td.files { white-space: normal; }
`;
