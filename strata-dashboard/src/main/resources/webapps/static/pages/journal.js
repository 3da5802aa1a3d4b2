'use strict';
// The autotier journal: strata autotier journal --json (/api/journal).
Strata.register('journal', {
  title: 'Autotier journal',
  endpoints: () => ({journal: '/api/journal'}),
  setup(view) {
    const {el} = Strata;
    view.append(el('p', {class: 'muted'}, 'The autotier daemon\u2019s journal in HDFS: each unfinished plan with every '
      + 'change, then the finished plans kept. A running or restarted daemon finishes the unfinished ones first.'));
    const summary = view.appendChild(el('div'));
    const charts = view.appendChild(el('div', {class: 'charts'}));
    const tables = view.appendChild(el('div'));
    return {summary, charts, tables};
  },
  render(content, data) {
    const {el, table, summary, bars, bytes} = Strata;
    const j = data.journal;
    content.summary.replaceChildren(summary([['unfinished plans', 'unfinished', j.unfinished.length],
      ['finished plans kept', 'finished', j.finished.length]]));
    const plans = [...j.finished, ...j.unfinished].sort((a, b) => a.created.localeCompare(b.created)).slice(-20);
    bars(content.charts, 'journal-plans', 'Changes per plan (last 20)', plans.map(p => p.created.slice(5, 16)),
      'changes', plans.map(p => p.changeCount), 'changes');
    const planColumns = [{key: 'id', label: 'plan'}, {key: 'created', label: 'created'},
      {key: 'advisor', label: 'advisor'}, {key: 'changeCount', label: 'changes', num: true},
      {key: 'lossProbability', label: 'loss probability', num: true, format: v => v.toPrecision(3)}];
    const changeColumns = [{key: 'index', label: '#', num: true},
      {key: c => c.outcome === null ? 'pending' : c.outcome, label: 'state'}, {key: 'kind', label: 'kind'},
      {key: 'path', label: 'file'}, {key: 'from', label: 'from'}, {key: 'to', label: 'to'},
      {key: 'bytes', label: 'bytes', num: true, format: bytes},
      {key: 'failedAttempts', label: 'failed attempts', num: true}, {key: 'reason', label: 'reason'}];
    content.tables.replaceChildren(
      el('h3', {}, 'Unfinished plans'),
      ...(j.unfinished.length === 0 ? [el('p', {class: 'muted'}, 'none')] : j.unfinished.flatMap(p => [
        el('p', {}, `plan ${p.id} (${p.advisor}, ${p.created}): ${p.changeCount} change(s), ${p.done} done`),
        table('changes-' + p.id, changeColumns, p.changes, c => String(c.index))])),
      el('h3', {}, 'Finished plans'), table('finished', planColumns, j.finished.slice().reverse(), p => p.id));
  },
});
