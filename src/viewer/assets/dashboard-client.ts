/** The dashboard's script (served by `serve` after Chart.js): draws the charts from the page's JSON data block. */
export const dashboardClientJs = `(function () {
  'use strict';
  var el = document.getElementById('dashboard-data');
  if (!el || !window.Chart) return;
  var data = JSON.parse(el.textContent || '{}');
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  Chart.defaults.color = dark ? '#c9d1dd' : '#3b4457';
  Chart.defaults.borderColor = dark ? '#2e343e' : '#dde1e8';
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.animation = false;
  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (canvas) new Chart(canvas, config);
  }
  var tools = data.tools || [];
  chart('chart-calls', {
    type: 'bar',
    data: {
      labels: tools.map(function (t) { return t.tool; }),
      datasets: [
        { label: 'ok', data: tools.map(function (t) { return t.ok; }), backgroundColor: '#1f8a4c', stack: 's' },
        { label: 'error', data: tools.map(function (t) { return t.errors; }), backgroundColor: '#c62f2f', stack: 's' },
        { label: 'other', data: tools.map(function (t) { return t.calls - t.ok - t.errors; }), backgroundColor: '#b86e00', stack: 's' },
      ],
    },
    options: { indexAxis: 'y', scales: { x: { stacked: true }, y: { stacked: true, ticks: { autoSkip: false } } } },
  });
  var rated = tools.filter(function (t) { return t.withResult > 0; });
  chart('chart-errors', {
    type: 'bar',
    data: {
      labels: rated.map(function (t) { return t.tool; }),
      datasets: [{ label: 'error rate (%)', data: rated.map(function (t) { return Math.round(t.errorRate * 1000) / 10; }), backgroundColor: '#c62f2f' }],
    },
    options: { indexAxis: 'y', scales: { y: { ticks: { autoSkip: false } }, x: { min: 0, suggestedMax: 10, title: { display: true, text: '% of calls with a result' } } } },
  });
  var days = data.days || [];
  chart('chart-usage', {
    type: 'bar',
    data: {
      labels: days.map(function (d) { return d.key; }),
      datasets: [
        { label: 'input', data: days.map(function (d) { return d.inputTokens; }), backgroundColor: '#2f6fde', stack: 't', yAxisID: 'y' },
        { label: 'output', data: days.map(function (d) { return d.outputTokens; }), backgroundColor: '#7b4fd6', stack: 't', yAxisID: 'y' },
        { label: 'cache write', data: days.map(function (d) { return d.cacheWriteTokens; }), backgroundColor: '#9bb8ee', stack: 't', yAxisID: 'y' },
        { label: 'cache read', data: days.map(function (d) { return d.cacheReadTokens; }), backgroundColor: '#c9d6ef', stack: 't', yAxisID: 'y' },
        { label: 'cost (USD)', type: 'line', data: days.map(function (d) { return Math.round(d.cost * 10000) / 10000; }), borderColor: '#1f8a4c', backgroundColor: '#1f8a4c', yAxisID: 'cost' },
      ],
    },
    options: {
      scales: {
        y: { stacked: true, title: { display: true, text: 'tokens' } },
        cost: { position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'USD' }, min: 0 },
        x: { stacked: true },
      },
    },
  });
})();
`;
