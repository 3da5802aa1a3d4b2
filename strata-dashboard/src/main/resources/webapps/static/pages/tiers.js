'use strict';
// Tiers: strata tier list --json (/api/tiers).
Strata.register('tiers', {
  title: 'Tiers: capacity and use',
  endpoints: () => ({tiers: '/api/tiers'}),
  setup(view) {
    const {el} = Strata;
    view.append(el('p', {class: 'muted'}, 'Each tier\u2019s capacity, use, DataNodes and volumes, live from the '
      + 'NameNode, fastest tier first (strata tier list). \u2018full\u2019 counts everything but the remaining space.'));
    const charts = view.appendChild(el('div', {class: 'charts'}));
    const tables = view.appendChild(el('div'));
    return {charts, tables};
  },
  render(content, data) {
    const {el, table, bytes, percent, bars} = Strata;
    const tiers = data.tiers;
    bars(content.charts, 'tiers-full', 'Full, per tier (%)', tiers.map(t => t.tier), 'full %',
      tiers.map(t => +(100 * t.usedFraction).toFixed(2)), '%');
    bars(content.charts, 'tiers-remaining', 'Remaining space, per tier (GiB)', tiers.map(t => t.tier), 'remaining GiB',
      tiers.map(t => +(t.remaining / 2 ** 30).toFixed(3)), 'GiB');
    content.tables.replaceChildren(table('tiers', [
      {key: 'tier', label: 'tier'},
      {key: 'storageType', label: 'type'},
      {key: 'capacity', label: 'capacity', num: true, format: bytes},
      {key: 'used', label: 'used', num: true, format: bytes},
      {key: 'remaining', label: 'remaining', num: true, format: bytes},
      {key: 'usedFraction', label: 'full', num: true, format: percent},
      {key: 'dataNodes', label: 'DataNodes', num: true},
      {key: 'volumes', label: 'volumes', num: true},
    ], tiers, t => t.tier));
  },
});
