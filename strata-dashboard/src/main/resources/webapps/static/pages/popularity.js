'use strict';
// Hot and cold files: strata autotier plan --json (/api/popularity), AptStore's predicted popularity and the
// change its plan would make (a dry run: nothing is applied).
Strata.register('popularity', {
  title: 'Hot and cold files',
  endpoints: () => ({plan: '/api/popularity', source: '/api/popularity/source'}),
  setup(view) {
    const {el} = Strata;
    const note = view.appendChild(el('p', {class: 'muted'}));
    const summary = view.appendChild(el('div'));
    const charts = view.appendChild(el('div', {class: 'charts'}));
    const tables = view.appendChild(el('div'));
    return {note, summary, charts, tables};
  },
  render(content, data) {
    const {el, table, summary, bars} = Strata;
    if (data.planMissing) {
      content.note.replaceChildren(el('div', {class: 'notice', 'data-field': 'not-configured'}, data.planMissing));
      return;
    }
    const plan = data.plan;
    content.note.textContent = 'A dry run of the autotier daemon (strata autotier plan): ' + data.source.description
      + '. Popularity is predicted from the NameNode\u2019s audit log (AptStore\u2019s PPA); AVG(P) is the average.';
    content.summary.replaceChildren(summary([
      ['files', 'files', plan.files], ['changes planned', 'changes', plan.changes.length],
      ['audit lines parsed', 'linesParsed', plan.linesParsed],
      ['loss probability after the plan', 'lossProbability', plan.lossProbability, plan.lossProbability.toPrecision(3)],
      ['plan', 'accepted', plan.accepted, plan.accepted ? 'accepted' : 'REFUSED'],
    ]));
    const name = p => p.split('/').pop() || p;
    bars(content.charts, 'hottest', 'Hottest files: predicted popularity / AVG(P)', plan.hottest.map(f => name(f.path)),
      'x AVG(P)', plan.hottest.map(f => f.relativeToAverage), 'x AVG(P)');
    const place = (n, secondary) => n + 'x ' + (secondary ? 'second' : 'primary');
    const columns = [
      {key: 'path', label: 'file'},
      {key: 'predicted', label: 'predicted', num: true, format: v => v === null ? '\u2013' : v.toFixed(2)},
      {key: 'relativeToAverage', label: 'x AVG(P)', num: true, format: v => v === null ? '\u2013' : v.toFixed(2)},
      {key: f => place(f.replicationNow, f.secondaryNow), label: 'now'},
      {key: f => place(f.replication, f.secondary), label: 'planned'},
      {key: 'reason', label: 'reason'}];
    content.tables.replaceChildren(
      plan.accepted ? '' : el('div', {class: 'error'}, 'Plan refused: ' + plan.rejection),
      el('h3', {}, 'Planned changes'), table('changes', columns, plan.changes, f => f.path),
      el('h3', {}, 'Hottest'), table('hottest', columns, plan.hottest, f => f.path),
      el('h3', {}, 'Coldest'), table('coldest', columns, plan.coldest, f => f.path));
  },
});
