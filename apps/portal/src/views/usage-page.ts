import type { UsageReport } from '@dp/db';
import { formatDateTime } from './forms';
import { html, jsonDataBlock, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

const fmt = new Intl.NumberFormat('en-US');

/** What the chart script needs, and nothing more: days, operations, units. */
function chartData(report: UsageReport) {
  const operations = report.by_operation.filter((o) => o.units > 0 || o.requests > 0).map((o) => o.operation);
  return {
    period: report.period,
    days: report.by_day.map((d) => d.day),
    operations,
    series: operations.map((op) => ({ operation: op, units: report.by_day.map((d) => d.operations[op]?.units ?? 0) })),
  };
}

export function usagePage(m: Pick<PageChrome, 'session' | 'csrfToken'> & { report: UsageReport }): SafeHtml {
  const r = m.report;
  const usedPct = r.units.limit ? Math.min(100, Math.round((r.units.used / r.units.limit) * 1000) / 10) : 0;
  const periodEnd = new Date(new Date(r.period.end).getTime() - 1);
  return layout(
    { ...m, title: 'Usage', current: 'usage', scripts: ['vendor/chart.umd.js', 'usage-chart.js'] },
    html`<p class="lead">Period ${formatDateTime(r.period.start).slice(0, 10)} to ${formatDateTime(periodEnd).slice(0, 10)} (calendar month, UTC), plan <strong>${r.plan.name}</strong>.</p>
<section class="panel" aria-labelledby="units-title">
  <h2 id="units-title">Units this period</h2>
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
<section class="panel" aria-labelledby="chart-title">
  <h2 id="chart-title">Units per day, by operation</h2>
  ${
    r.by_day.length
      ? html`<figure class="chart">
    <div class="chart-box"><canvas id="usage-chart" role="img" aria-label="Bar chart of units per day this period, stacked by operation. The same numbers are in the table below."></canvas></div>
    <figcaption class="hint">Days without requests are not shown.</figcaption>
  </figure>
  ${jsonDataBlock('usage-data', chartData(r))}
  <details>
    <summary>Show the numbers per day</summary>
    <div class="table-scroll" role="region" aria-label="Units per day" tabindex="0">
    <table class="data-table">
      <caption>Units and requests per day</caption>
      <thead><tr><th scope="col">Day</th><th scope="col">Units</th><th scope="col">Requests</th></tr></thead>
      <tbody>${r.by_day.map((d) => html`<tr><td>${d.day}</td><td>${fmt.format(d.units)}</td><td>${fmt.format(d.requests)}</td></tr>`)}</tbody>
    </table>
    </div>
  </details>`
      : html`<p>No requests yet this period. Make a request with one of your <a href="/portal/keys">API keys</a> and it appears here.</p>`
  }
</section>
<section aria-labelledby="ops-title">
  <h2 id="ops-title">By operation</h2>
  <div class="table-scroll" role="region" aria-labelledby="ops-caption" tabindex="0">
  <table class="data-table">
    <caption id="ops-caption">Requests and units per operation this period</caption>
    <thead><tr><th scope="col">Operation</th><th scope="col">Requests</th><th scope="col">Units</th></tr></thead>
    <tbody>${r.by_operation.map((o) => html`<tr><td><code>${o.operation}</code></td><td>${fmt.format(o.requests)}</td><td>${fmt.format(o.units)}</td></tr>`)}</tbody>
  </table>
  </div>
</section>`,
  );
}
