/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): where the time goes, by function (self and total time)
 * and by area (a package in node_modules, a folder of dist/, node's internals, the garbage collector).
 */
import { readFileSync } from 'node:fs';

function areaOf(url) {
  if (!url) return '(native / V8)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `node_modules/${pkg[1]}`;
  const dist = url.match(/\/dist\/([^/]+)\//);
  if (dist) return `dist/${dist[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  const bench = url.match(/\/bench\/(.+)$/);
  if (bench) return `bench/${bench[1]}`;
  return url;
}

function shortUrl(url) {
  return url.replace(/^file:\/\/.*?\/(node_modules|dist)\//, '$1/');
}

export function summariseProfile(path, top = 15) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node) => {
    const frame = node.callFrame;
    const name = frame.functionName || '(anonymous)';
    return frame.url ? `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : name;
  };
  const self = new Map();
  const total = new Map();
  const areas = new Map();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    all += delta;
    const node = byId.get(id);
    const name = label(node);
    self.set(name, (self.get(name) ?? 0) + delta);
    const special = node.callFrame.functionName.startsWith('(') && !node.callFrame.url ? node.callFrame.functionName : null;
    const area = special ?? areaOf(node.callFrame.url);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frameName = label(byId.get(at));
      if (seen.has(frameName)) continue;
      seen.add(frameName);
      total.set(frameName, (total.get(frameName) ?? 0) + delta);
    }
  });
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: all,
    bySelf: sorted(self).slice(0, top),
    // Total time is told for the project's and the packages' functions: node's module loader and task
    // queue sit below everything and say nothing.
    byTotal: sorted(total)
      .filter(([name]) => / (dist|node_modules)\//.test(name))
      .slice(0, top),
    byArea: sorted(areas).slice(0, 12),
    areas: Object.fromEntries(areas),
  };
}

export function profileMarkdown(summary, title) {
  const pct = (ms) => `${((ms / summary.totalMs) * 100).toFixed(1)}%`;
  const row = ([name, ms]) => `| \`${name}\` | ${ms.toFixed(0)} | ${pct(ms)} |`;
  return [
    `#### ${title} (${(summary.totalMs / 1000).toFixed(2)} s sampled)`,
    '',
    '| area (self time) | ms | share |',
    '|---|---:|---:|',
    ...summary.byArea.map(row),
    '',
    '| function (self time) | ms | share |',
    '|---|---:|---:|',
    ...summary.bySelf.map(row),
    '',
    '| function (total time, including callees) | ms | share |',
    '|---|---:|---:|',
    ...summary.byTotal.map(row),
    '',
  ];
}

/** Two profiles of the same input side by side by area: where the second one spends more. */
export function areaComparisonMarkdown(baseline, measured, baselineName, measuredName) {
  const names = new Set([...Object.keys(baseline.areas), ...Object.keys(measured.areas)]);
  const rows = [...names]
    .map((name) => ({ name, a: baseline.areas[name] ?? 0, b: measured.areas[name] ?? 0 }))
    .filter((r) => r.a >= 10 || r.b >= 10)
    .sort((x, y) => y.b - y.a - (x.b - x.a));
  return [
    `| area (self time, ms) | ${baselineName} | ${measuredName} | difference |`,
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) => `| \`${r.name}\` | ${r.a.toFixed(0)} | ${r.b.toFixed(0)} | ${(r.b - r.a >= 0 ? '+' : '') + (r.b - r.a).toFixed(0)} |`,
    ),
    `| total sampled | ${baseline.totalMs.toFixed(0)} | ${measured.totalMs.toFixed(0)} | ${(measured.totalMs - baseline.totalMs >= 0 ? '+' : '') + (measured.totalMs - baseline.totalMs).toFixed(0)} |`,
    '',
  ];
}
