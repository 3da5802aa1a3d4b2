'use strict';
// Reads: strata report --reads --json (/api/reads), and the same counters sampled since the dashboard started
// (/api/reads/history), drawn as reads per interval over time.
Strata.register('reads', {
  title: 'Reads by tier and locality',
  endpoints: () => ({reads: '/api/reads', history: '/api/reads/history'}),
  setup(view) {
    const {el} = Strata;
    view.append(el('p', {class: 'muted'}, 'Reads the NameNode directed, counted by Strata\u2019s read-ordering plugin '
      + '(hatS Fig. 6): the first replica of each block lookup, per tier and per locality (strata report --reads). '
      + 'The NameNode refreshes these counters every 10 s.'));
    const summary = view.appendChild(el('div'));
    const now = view.appendChild(el('div', {class: 'charts'}));
    const over = view.appendChild(el('div', {class: 'charts'}));
    const tables = view.appendChild(el('div'));
    return {summary, now, over, tables};
  },
  render(content, data) {
    const {el, table, percent, summary, bars, lines} = Strata;
    const reads = data.reads;
    const rows = counts => {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      return Object.entries(counts).map(([name, n]) => ({name, reads: n, share: total === 0 ? 0 : n / total}));
    };
    const total = Object.values(reads.byTier).reduce((a, b) => a + b, 0);
    content.summary.replaceChildren(summary([['reads counted', 'total', total]]));
    bars(content.now, 'reads-tier', 'Reads per tier, since the NameNode started', Object.keys(reads.byTier), 'reads',
      Object.values(reads.byTier), 'reads');
    bars(content.now, 'reads-locality', 'Reads per locality, since the NameNode started',
      Object.keys(reads.byLocality), 'reads', Object.values(reads.byLocality), 'reads');
    const samples = data.history.samples;
    const times = samples.slice(1).map(s => s.time);
    const deltas = field => {
      const out = {};
      Object.keys(reads[field]).forEach(name => {
        // A NameNode restart zeroes its counters: that interval counts from zero, never below.
        out[name] = samples.slice(1).map((s, i) => {
          const now = s[field][name] || 0;
          const before = samples[i][field][name] || 0;
          return now >= before ? now - before : now;
        });
      });
      return out;
    };
    const per = Math.round(data.history.intervalMillis / 1000) + ' s';
    lines(content.over, 'reads-tier-time', 'Reads per tier, per ' + per, times, deltas('byTier'), 'reads');
    lines(content.over, 'reads-locality-time', 'Reads per locality, per ' + per, times, deltas('byLocality'), 'reads');
    const columns = what => [{key: 'name', label: what}, {key: 'reads', label: 'reads', num: true},
      {key: 'share', label: 'share', num: true, format: percent}];
    content.tables.replaceChildren(
      el('h3', {}, 'Per tier'), table('byTier', columns('tier'), rows(reads.byTier), r => r.name),
      el('h3', {}, 'Per locality'), table('byLocality', columns('locality'), rows(reads.byLocality), r => r.name),
      samples.length < 2 ? el('p', {class: 'muted'}, 'Collecting samples: the charts over time fill in every ' + per
        + '.') : '',
      data.history.lastFailure ? el('p', {class: 'muted'}, 'Last sample failed: ' + data.history.lastFailure) : '');
  },
});
