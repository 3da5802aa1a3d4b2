'use strict';
// The dashboard's frame: the menu, the route in the address (#page?param=value), polling the current page's JSON
// endpoints every few seconds, the error banner, and the helpers pages draw tables and charts with.
const Strata = (() => {
  const pages = {};
  const charts = {};
  const PALETTE = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#14b8a6', '#ec4899', '#64748b'];
  let about = null;
  let route = null;
  let timer = null;
  let generation = 0;

  /** A page: {title, endpoints(params) -> {name: url}, setup(root, params, about) -> content element, render(content, data, params)}. */
  function register(id, page) {
    pages[id] = page;
  }

  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  async function getJson(url, options) {
    let response;
    try {
      response = await fetch(url, Object.assign({cache: 'no-store'}, options || {}));
    } catch (e) {
      throw new ApiError(0, 'the dashboard server does not answer (' + e.message + ')');
    }
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = {error: response.status + ' ' + response.statusText};
    }
    if (!response.ok) {
      throw new ApiError(response.status, (body && body.error) || response.statusText);
    }
    return body;
  }

  // An action carries the session's action token, which only this page can read from /api/dashboard.
  function post(url, form) {
    return getJson(url, {method: 'POST', body: new URLSearchParams(form),
      headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-Strata-Action-Token': about.actionToken}});
  }

  function parseRoute() {
    const hash = location.hash.replace(/^#/, '');
    const q = hash.indexOf('?');
    const id = (q < 0 ? hash : hash.slice(0, q)) || (about && about.pages.length ? about.pages[0].id : 'tiers');
    const params = Object.fromEntries(new URLSearchParams(q < 0 ? '' : hash.slice(q + 1)));
    return {id, params};
  }

  function go(id, params) {
    const query = new URLSearchParams(params || {}).toString();
    location.hash = id + (query ? '?' + query : '');
  }

  function showError(message) {
    const box = document.getElementById('error');
    box.hidden = !message;
    box.textContent = message ? message + ' (retrying every ' + Math.round(about.refreshMillis / 1000) + ' s)' : '';
  }

  function navigate() {
    route = parseRoute();
    const page = pages[route.id];
    document.querySelectorAll('#nav a').forEach(a => a.classList.toggle('active', a.dataset.page === route.id));
    const view = document.getElementById('view');
    view.replaceChildren();
    Object.keys(charts).forEach(k => { charts[k].chart.destroy(); delete charts[k]; });
    generation++;
    if (!page) {
      showError('no such page: ' + route.id);
      return;
    }
    const title = document.createElement('h2');
    title.textContent = page.title;
    view.append(title);
    route.content = page.setup ? page.setup(view, route.params, about) : view.appendChild(el('div'));
    refresh();
  }

  async function refresh() {
    clearTimeout(timer);
    const mine = generation;
    const page = pages[route.id];
    const urls = page.endpoints(route.params);
    const data = {};
    let failure = null;
    await Promise.all(Object.entries(urls).map(async ([name, url]) => {
      try {
        data[name] = await getJson(url);
      } catch (e) {
        data[name] = null;
        if (e.status === 409) {
          data[name + 'Missing'] = e.message;
        } else if (!failure) {
          failure = e;
        }
      }
    }));
    if (mine !== generation) {
      return;
    }
    if (failure) {
      showError(failure.message);
      document.getElementById('status').textContent = 'failed at ' + new Date().toLocaleTimeString();
    } else {
      showError(null);
      try {
        page.render(route.content, data, route.params);
        document.getElementById('status').textContent = 'updated ' + new Date().toLocaleTimeString();
        document.body.dataset.updated = String(Date.now());
      } catch (e) {
        showError('drawing the page failed: ' + e.message);
      }
    }
    timer = setTimeout(refresh, about.refreshMillis);
  }

  async function start() {
    try {
      about = await getJson('/api/dashboard');
    } catch (e) {
      about = {refreshMillis: 3000, pages: []};
      showError(e.message);
      timer = setTimeout(start, 3000);
      return;
    }
    const nav = document.getElementById('nav');
    nav.replaceChildren(...about.pages.map(p => {
      const a = el('a', {href: '#' + p.id}, p.title);
      a.dataset.page = p.id;
      return a;
    }));
    document.getElementById('footer').textContent = 'HDFS ' + about.fs + ' \u00b7 '
      + (about.user ? 'signed in as ' + about.user + ' \u00b7 ' : '')
      + (about.allowActions ? 'actions allowed (each needs a confirmation)' : 'read-only')
      + ' \u00b7 every figure here is the JSON of the matching strata command, under /api/';
    window.addEventListener('hashchange', navigate);
    navigate();
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (v === undefined || v === null) {
        return;
      }
      if (k.startsWith('data-')) {
        node.setAttribute(k, v);
      } else if (k === 'class') {
        node.className = v;
      } else {
        node[k] = v;
      }
    });
    children.forEach(c => node.append(c instanceof Node ? c : document.createTextNode(String(c))));
    return node;
  }

  function bytes(n) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
    let value = n;
    let unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit === 0 ? n + ' B' : value.toFixed(1) + ' ' + units[unit];
  }

  function percent(fraction) {
    return (100 * fraction).toFixed(1) + '%';
  }

  /**
   * A table: columns [{key, label, num, format}], rows of objects; the table, each row (by rowKey) and each cell
   * (by column key) are named in data- attributes, and a formatted number keeps its exact value in data-value.
   */
  function table(name, columns, rows, rowKey) {
    const head = el('tr', {}, ...columns.map(c => el('th', {class: c.num ? 'num' : ''}, c.label)));
    const body = rows.map(row => el('tr', {'data-row': rowKey ? rowKey(row) : undefined},
      ...columns.map(c => {
        const value = typeof c.key === 'function' ? c.key(row) : row[c.key];
        const shown = c.format ? c.format(value, row) : (value === null || value === undefined ? '' : value);
        return el('td', {class: c.num ? 'num' : '', 'data-col': typeof c.key === 'string' ? c.key : c.label,
          'data-value': typeof value === 'number' ? String(value) : undefined,
          title: typeof value === 'number' ? String(value) : undefined}, shown);
      })));
    if (rows.length === 0) {
      body.push(el('tr', {}, el('td', {colSpan: columns.length, class: 'muted'}, 'none')));
    }
    return el('table', {'data-table': name}, el('thead', {}, head), el('tbody', {}, ...body));
  }

  function summary(items) {
    return el('div', {class: 'summary'}, ...items.map(([label, field, value, shown]) =>
      el('div', {}, el('b', {'data-field': field, 'data-value': String(value)}, shown === undefined ? value : shown),
        label)));
  }

  /** Draws (or redraws with new data) a uPlot chart in a box of its own, reused across refreshes by key. */
  function chart(parent, key, title, options, data) {
    const signature = JSON.stringify([title, options.series.map(s => s.label), options.labels || null]);
    let entry = charts[key];
    if (entry && (entry.signature !== signature || !parent.contains(entry.box))) {
      entry.chart.destroy();
      entry.box.remove();
      entry = null;
    }
    if (!entry) {
      const box = el('div', {class: 'chart', 'data-chart': key});
      parent.append(box);
      // Two charts side by side on a laptop's screen; uPlot draws at a fixed size.
      const opts = Object.assign({title, width: 560, height: 240}, options);
      entry = {signature, box, chart: new uPlot(opts, data, box)};
      charts[key] = entry;
    } else {
      entry.chart.setData(data);
    }
    return entry.box;
  }

  /** A bar chart of one value per label (tiers, files). */
  function bars(parent, key, title, labels, label, values, yAxis) {
    const xs = labels.map((_, i) => i);
    const options = {
      labels,
      legend: {show: false},
      scales: {x: {time: false, range: [-0.6, Math.max(labels.length - 0.4, 0.4)]}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1]}},
      axes: [
        {splits: () => xs, values: (u, splits) => splits.map(i => labels[i] === undefined ? '' : labels[i]), grid: {show: false}},
        {label: yAxis, size: 70},
      ],
      series: [{}, {label, fill: PALETTE[0] + 'cc', stroke: PALETTE[0], width: 1,
        paths: uPlot.paths.bars({size: [0.6, 80]}), points: {show: false}}],
    };
    return chart(parent, key, title, options, [xs, values]);
  }

  /** Lines over time: times in epoch milliseconds, one series per name. */
  function lines(parent, key, title, times, series, yAxis) {
    const names = Object.keys(series);
    const options = {
      scales: {x: {time: true}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.1 : 1]}},
      axes: [{}, {label: yAxis, size: 70}],
      series: [{}, ...names.map((name, i) => ({label: name, stroke: PALETTE[i % PALETTE.length], width: 2}))],
    };
    return chart(parent, key, title, options, [times.map(t => t / 1000), ...names.map(n => series[n])]);
  }

  return {register, start, go, getJson, post, el, bytes, percent, table, summary, chart, bars, lines};
})();
