// Growth verdicts and tables of bench/scale.mjs. A series is one measure of a step over its sizes;
// each size after the first is judged by its ratio to the previous size against what the work
// allows: linear work may grow 15× per 10× of size, constant work 2× per 10× (the targets),
// scaled to the sizes' actual ratio (size ratio ^ log10 15, or ^ log10 2).

const EXPONENT = { linear: Math.log10(15), constant: Math.log10(2) };

/** Latencies of `fn` (ms): after `warmup` calls, `count` calls or `maxMs` of them, whichever is first. */
export async function sample(fn, { count = 200, maxMs = 5_000, warmup = 10 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  const until = performance.now() + maxMs;
  for (let i = 0; i < count && (i < 5 || performance.now() < until); i++) {
    const start = performance.now();
    await fn(warmup + i);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/** p50, p99 and max of a list of times (ms). */
export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * A series: `{ step, measure, axis, kind, unit, floor, limit }`. `floor` (default 1 ms) is the value
 * below which a difference is noise: ratios compare `max(value, floor)`. `limit`, when given, is an
 * absolute ceiling every size must stay under (`limit.value`, and `limit.at` the sizes it applies to).
 */
export function series(step, measure, axis, kind, options = {}) {
  return { step, measure, axis, kind, unit: "ms", floor: 1, points: [], ...options };
}

/** Judges each point of `s` (in order of size) and answers the FAIL lines. */
export function judge(s) {
  const fails = [];
  let previous = null;
  for (const point of s.points) {
    const reasons = [];
    if (point.error) reasons.push(point.error);
    if (point.value !== undefined && previous?.value !== undefined) {
      const ratio = Math.max(point.value, s.floor) / Math.max(previous.value, s.floor);
      const allowed = (point.size / previous.size) ** EXPONENT[s.kind];
      point.ratio = ratio;
      point.allowed = allowed;
      if (ratio > allowed)
        reasons.push(`grew ×${fmt(ratio)} from ${count(previous.size)} (allowed ×${fmt(allowed)})`);
    }
    if (s.limit && point.value !== undefined && (!s.limit.at || s.limit.at.includes(point.size))) {
      if (point.value > s.limit.value)
        reasons.push(`${fmt(point.value)} ${s.unit} over ${s.limit.value} ${s.unit}`);
    }
    for (const check of point.checks ?? []) if (!check.ok) reasons.push(check.reason);
    point.verdict = reasons.length === 0 ? "ok" : "FAIL";
    point.reasons = reasons;
    if (reasons.length > 0)
      fails.push(`FAIL ${s.step}: ${s.measure} at ${count(point.size)} ${s.axis}: ${reasons.join("; ")}`);
    if (point.value !== undefined) previous = point;
  }
  return fails;
}

export const fmt = (n) =>
  n === undefined || n === null || Number.isNaN(n)
    ? "-"
    : n >= 100
      ? String(Math.round(n))
      : n >= 10
        ? n.toFixed(1)
        : n.toFixed(2);
const count = (n) => n.toLocaleString("en-US");

/** Prints a series as a table: size, value (p50/p99 where a latency), raw baseline, ratio, verdict. */
export function printSeries(s) {
  const limit = s.limit ? `, under ${s.limit.value} ${s.unit}` : "";
  console.log(`\n${s.step} — ${s.measure} (${s.kind}${limit}; ${s.axis})`);
  const rows = s.points.map((p) => ({
    size: count(p.size),
    [s.unit]: fmt(p.value),
    p50: p.p50 === undefined ? "" : fmt(p.p50),
    p99: p.p99 === undefined ? "" : fmt(p.p99),
    raw: p.raw === undefined ? "" : fmt(p.raw),
    ratio: p.ratio === undefined ? "" : `×${fmt(p.ratio)}`,
    allowed: p.allowed === undefined ? "" : `×${fmt(p.allowed)}`,
    verdict: p.verdict,
    note: [p.note, ...p.reasons].filter(Boolean).join("; "),
  }));
  const keys = Object.keys(rows[0] ?? {}).filter((k) => rows.some((r) => r[k] !== ""));
  const width = Object.fromEntries(
    keys.map((k) => [k, Math.max(k.length, ...rows.map((r) => String(r[k]).length))]),
  );
  const line = (r) =>
    keys.map((k) => (k === "note" ? String(r[k]) : String(r[k]).padStart(width[k]))).join("  ");
  console.log(line(Object.fromEntries(keys.map((k) => [k, k]))));
  for (const r of rows) console.log(line(r));
}
