// Draws the usage page's chart (units per day, stacked by operation) with chart.js, served by the
// portal at /portal/static/vendor/chart.umd.js. The numbers come from a JSON data block in the
// page, so no inline script is needed (the CSP forbids them).
(function () {
  'use strict';

  // Colour-blind-safe palette (Okabe–Ito), one colour per operation.
  var COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

  document.addEventListener('DOMContentLoaded', function () {
    var canvas = document.getElementById('usage-chart');
    var source = document.getElementById('usage-data');
    if (!canvas || !source || typeof window.Chart === 'undefined') return;
    var data = JSON.parse(source.textContent || '{}');
    var reducedMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

    new window.Chart(canvas, {
      type: 'bar',
      data: {
        labels: data.days,
        datasets: data.series.map(function (s, i) {
          return { label: s.operation, data: s.units, backgroundColor: COLOURS[i % COLOURS.length], stack: 'units' };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 300 },
        scales: {
          x: { stacked: true, title: { display: true, text: 'Day (UTC)' } },
          y: { stacked: true, beginAtZero: true, title: { display: true, text: 'Units' }, ticks: { precision: 0 } },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { mode: 'index', intersect: false },
        },
      },
    });
  });
})();
