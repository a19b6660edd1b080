import { STATUS_CODES } from 'node:http';
import type { UsageBreakdown, UsageReport } from '@dp/db';
import { rangeQuery, type RangeChoice, type UsageRange, type UsageRangeInput } from '../usage/usage-range';
import { errorSummary, formatDateTime, textField, type FieldError } from './forms';
import { html, jsonDataBlock, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

const fmt = new Intl.NumberFormat('en-US');

export interface UsagePageModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  /** This month's allowance (the same report as GET /v1/usage). */
  report: UsageReport;
  input: UsageRangeInput;
  choice: RangeChoice;
  /** The range shown; absent when the form has errors. */
  range?: UsageRange;
  breakdown?: UsageBreakdown;
  errors?: FieldError[];
}

/** What the chart script needs, and nothing more: days, operations, units. */
function chartData(b: UsageBreakdown) {
  const operations = b.by_operation.map((o) => o.operation);
  return {
    days: b.by_day.map((d) => d.day),
    operations,
    series: operations.map((op) => ({ operation: op, units: b.by_day.map((d) => d.operations[op]?.units ?? 0) })),
  };
}

export function statusLabel(status: number | null): string {
  return status === null ? 'Not broken down' : `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

const CHOICES: { value: RangeChoice; label: string }[] = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom range' },
];

function rangeForm(m: UsagePageModel): SafeHtml {
  const errors = m.errors ?? [];
  return html`<section class="panel" aria-labelledby="range-title">
  <h2 id="range-title">Period</h2>
  ${errorSummary(errors)}
  <form method="get" action="/portal/usage" novalidate class="range-form">
    <fieldset class="field radios">
      <legend>Show usage for</legend>
      ${CHOICES.map(
        (c) => html`<div class="radio">
        <input type="radio" id="range-${c.value}" name="range" value="${c.value}"${m.choice === c.value ? html` checked` : ''}>
        <label for="range-${c.value}">${c.label}</label>
      </div>`,
      )}
    </fieldset>
    <div class="date-fields">
      ${textField({ id: 'from', name: 'from', label: 'From (custom range)', type: 'date', value: m.input.from, hint: 'First day, UTC, YYYY-MM-DD.', errors })}
      ${textField({ id: 'to', name: 'to', label: 'To (custom range)', type: 'date', value: m.input.to, hint: 'Last day, included.', errors })}
    </div>
    <button type="submit" class="button button-primary">Show usage</button>
  </form>
</section>`;
}

function table(o: { id: string; caption: string; head: string[]; rows: SafeHtml[] }): SafeHtml {
  return html`<div class="table-scroll" role="region" aria-labelledby="${o.id}-caption" tabindex="0">
  <table class="data-table cards" id="${o.id}">
    <caption id="${o.id}-caption">${o.caption}</caption>
    <thead><tr>${o.head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
    <tbody>${o.rows}</tbody>
  </table>
</div>`;
}

const num = (label: string, n: number) => html`<td data-label="${label}" class="num">${fmt.format(n)}</td>`;

function breakdownSections(r: UsageRange, b: UsageBreakdown): SafeHtml {
  const period = `${b.range.from} to ${b.range.to}`;
  if (!b.lines.length) {
    return html`<p>No requests from ${b.range.from} to ${b.range.to}. Make a request with one of your <a href="/portal/keys">API keys</a> and it appears here.</p>`;
  }
  return html`<section class="panel" aria-labelledby="chart-title">
  <h2 id="chart-title">Units per day, by operation</h2>
  <figure class="chart">
    <div class="chart-box"><canvas id="usage-chart" role="img" aria-label="Bar chart of units per day from ${b.range.from} to ${b.range.to}, stacked by operation. The same numbers are in the tables below."></canvas></div>
    <figcaption class="hint">Days without requests are not shown.</figcaption>
  </figure>
  ${jsonDataBlock('usage-data', chartData(b))}
  <details>
    <summary>Show the numbers per day</summary>
    ${table({
      id: 'per-day',
      caption: `Units and requests per day, ${period}`,
      head: ['Day', 'Requests', 'Units'],
      rows: b.by_day.map((d) => html`<tr><td data-label="Day">${d.day}</td>${num('Requests', d.requests)}${num('Units', d.units)}</tr>`),
    })}
  </details>
</section>
<section aria-labelledby="by-key-title">
  <h2 id="by-key-title">By key</h2>
  ${table({
    id: 'by-key',
    caption: `Requests and units per API key, ${period}`,
    head: ['Key', 'Name', 'Requests', 'Units'],
    rows: b.by_key.map(
      (k) =>
        html`<tr><td data-label="Key">${k.key ? html`<span><code>${k.key.prefix}…</code> <code class="muted break">${k.key.id}</code></span>` : html`<span class="muted">Before per-key recording</span>`}</td><td data-label="Name" class="break">${k.key?.name || html`<span class="muted">—</span>`}</td>${num('Requests', k.requests)}${num('Units', k.units)}</tr>`,
    ),
  })}
</section>
<section aria-labelledby="by-status-title">
  <h2 id="by-status-title">By response status</h2>
  <p class="hint">Only successful requests cost units; failed ones are counted with 0 units.</p>
  ${table({
    id: 'by-status',
    caption: `Requests and units per HTTP status, ${period}`,
    head: ['Status', 'Requests', 'Units'],
    rows: b.by_status.map(
      (s) => html`<tr><td data-label="Status">${statusLabel(s.status)}</td>${num('Requests', s.requests)}${num('Units', s.units)}</tr>`,
    ),
  })}
</section>
<section aria-labelledby="ops-title">
  <h2 id="ops-title">By operation</h2>
  ${table({
    id: 'by-operation',
    caption: `Requests and units per operation, ${period}`,
    head: ['Operation', 'Requests', 'Units'],
    rows: b.by_operation.map(
      (o) =>
        html`<tr><td data-label="Operation"><code>${o.operation}</code></td>${num('Requests', o.requests)}${num('Units', o.units)}</tr>`,
    ),
  })}
</section>
<p><a class="button" href="/portal/usage.csv?${rangeQuery(r)}" download>Download CSV (${period})</a></p>`;
}

export function usagePage(m: UsagePageModel): SafeHtml {
  const r = m.report;
  const usedPct = r.units.limit ? Math.min(100, Math.round((r.units.used / r.units.limit) * 1000) / 10) : 0;
  const periodEnd = new Date(new Date(r.period.end).getTime() - 1);
  const b = m.breakdown;
  return layout(
    { ...m, title: 'Usage', current: 'usage', scripts: b?.lines.length ? ['vendor/chart.umd.js', 'usage-chart.js'] : [] },
    html`<section class="panel" aria-labelledby="units-title">
  <h2 id="units-title">Units this month</h2>
  <p>Period ${formatDateTime(r.period.start).slice(0, 10)} to ${formatDateTime(periodEnd).slice(0, 10)} (calendar month, UTC), plan <strong>${r.plan.name}</strong>.</p>
  <dl class="stats">
    <div><dt>Used</dt><dd id="units-used">${fmt.format(r.units.used)}</dd></div>
    <div><dt>Remaining</dt><dd id="units-remaining">${fmt.format(r.units.remaining)}</dd></div>
    <div><dt>Monthly allowance</dt><dd>${fmt.format(r.units.limit)}</dd></div>
    <div><dt>Requests</dt><dd>${fmt.format(r.requests)}</dd></div>
  </dl>
  <label for="units-progress">${usedPct}% of the monthly units used</label>
  <progress id="units-progress" max="${r.units.limit}" value="${Math.min(r.units.used, r.units.limit)}">${usedPct}%</progress>
  <p class="hint">Rate limit: ${fmt.format(r.plan.requests_per_minute)} requests per minute. Failed requests cost no units.</p>
</section>
${rangeForm(m)}
${
  b && m.range
    ? html`<h2 id="range-summary-title">From ${b.range.from} to ${b.range.to}</h2>
<dl class="stats">
  <div><dt>Requests</dt><dd id="range-requests">${fmt.format(b.requests)}</dd></div>
  <div><dt>Units</dt><dd id="range-units">${fmt.format(b.units)}</dd></div>
  <div><dt>Days</dt><dd>${fmt.format(m.range.days)}</dd></div>
</dl>
${breakdownSections(m.range, b)}`
    : ''
}`,
  );
}
