'use strict';
// A path's placement: strata report PATH --json (/api/placement?path=PATH); with --allow-actions, a move of its
// replicas between tiers (strata tier move), confirmed with the token the server returns.
Strata.register('placement', {
  title: 'Placement: where the replicas are',
  endpoints: params => ({report: '/api/placement?path=' + encodeURIComponent(params.path || '/'),
    tiers: '/api/tiers'}),
  setup(view, params, about) {
    const {el} = Strata;
    const path = el('input', {type: 'text', name: 'path', value: params.path || '/'});
    const form = el('form', {class: 'inline', id: 'path-form'}, el('label', {}, 'Path '), path,
      el('button', {type: 'submit'}, 'Show'));
    form.addEventListener('submit', e => {
      e.preventDefault();
      Strata.go('placement', {path: path.value.trim() || '/'});
    });
    view.append(form, el('p', {class: 'muted'}, 'Replicas of the files under the path per tier, rack and node '
      + '(hatS Fig. 5), blocks kept in one rack, files split across tiers, under-replicated blocks (strata report).'));
    const summary = view.appendChild(el('div'));
    const charts = view.appendChild(el('div', {class: 'charts'}));
    const tables = view.appendChild(el('div'));
    const actions = view.appendChild(el('div'));
    return {summary, charts, tables, actions, allowActions: about.allowActions, path: params.path || '/'};
  },
  render(content, data) {
    const {el, table, bytes, percent, summary, bars} = Strata;
    const r = data.report;
    content.summary.replaceChildren(summary([
      ['files', 'files', r.files], ['blocks', 'blocks', r.blocks], ['replicas', 'replicas', r.replicas],
      ['logical bytes', 'logicalBytes', r.logicalBytes, bytes(r.logicalBytes)],
      ['replica bytes', 'replicaBytes', r.replicaBytes, bytes(r.replicaBytes)],
      ['racks in cluster', 'clusterRacks', r.clusterRacks],
    ]));
    bars(content.charts, 'placement-tiers', 'Replicas per tier', r.tiers.map(t => t.name), 'replicas',
      r.tiers.map(t => t.replicas), 'replicas');
    bars(content.charts, 'placement-racks', 'Replicas per rack', r.racks.map(t => t.name), 'replicas',
      r.racks.map(t => t.replicas), 'replicas');
    const columns = what => [
      {key: 'name', label: what}, {key: 'replicas', label: 'replicas', num: true},
      {key: 'replicaBytes', label: 'bytes', num: true, format: bytes},
      {key: 'share', label: 'share', num: true, format: percent}];
    const findings = (title, name, f, line) => [
      el('h3', {}, title + ': ', el('span', {'data-field': name, 'data-value': String(f.total)}, f.total)),
      el('ul', {}, ...f.items.slice(0, 20).map(i => el('li', {}, line(i)))),
      f.total > 20 ? el('p', {class: 'muted'}, '\u2026 ' + (f.total - 20) + ' more') : ''];
    content.tables.replaceChildren(
      el('h3', {}, 'Replicas per tier'), table('tiers', columns('tier'), r.tiers, t => t.name),
      el('h3', {}, 'Replicas per rack'), table('racks', columns('rack'), r.racks, t => t.name),
      el('h3', {}, 'Replicas per node'), table('nodes', columns('node'), r.nodes, t => t.name),
      ...findings('Blocks with all replicas in one rack', 'singleRackBlocks', r.singleRackBlocks,
        b => `${b.file} block ${b.blockIndex} (offset ${b.offset}): ${b.replicas} replicas, all in ${b.rack}`),
      ...(r.singleRackBlocks.checked ? [] : [el('p', {class: 'muted'}, 'not checked: the cluster has one rack')]),
      ...findings('Files split across tiers', 'wholeFileViolations', r.wholeFileViolations,
        v => `${v.file}: tier ${v.tier} holds ${v.blocksInTier} of ${v.fileBlocks} blocks`),
      ...findings('Under-replicated blocks', 'underReplicatedBlocks', r.underReplicatedBlocks,
        u => `${u.file} block ${u.blockIndex}: ${u.liveReplicas} live of ${u.expectedReplicas}`
          + (u.corrupt ? ' (corrupt)' : '')));
    if (content.allowActions && !content.actions.hasChildNodes()) {
      content.actions.append(moveForm(content.path, data.tiers.map(t => t.tier)));
    }
  },
});

function moveForm(path, tiers) {
  const {el, post} = Strata;
  const select = name => el('select', {name}, ...tiers.map(t => el('option', {value: t}, t)));
  const from = select('from');
  const to = select('to');
  if (tiers.length > 1) {
    to.value = tiers[tiers.length - 1];
  }
  const replicas = el('input', {type: 'number', name: 'replicas', value: 1, min: 1, style: 'width: 4em'});
  const outcome = el('div', {id: 'action-outcome'});
  const form = el('form', {class: 'inline', id: 'move-form'}, 'Move ', replicas, ' replica(s) of every file under ',
    el('code', {}, path), ' from ', from, ' to ', to, el('button', {type: 'submit'}, 'Prepare move\u2026'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    outcome.replaceChildren();
    try {
      const prepared = await post('/api/actions/move', {path, from: from.value, to: to.value, replicas: replicas.value});
      const confirm = el('button', {type: 'button', id: 'confirm-move'}, 'Confirm');
      const cancel = el('button', {type: 'button'}, 'Cancel');
      outcome.replaceChildren(el('div', {class: 'notice'}, 'About to ' + prepared.action + '. Confirmation token ',
        el('code', {'data-field': 'token'}, prepared.token), ' (valid ' + prepared.validSeconds + ' s). ',
        prepared.warning ? el('p', {}, 'Warning: ' + prepared.warning) : '', confirm, ' ', cancel));
      cancel.addEventListener('click', () => outcome.replaceChildren());
      confirm.addEventListener('click', async () => {
        confirm.disabled = true;
        outcome.replaceChildren(el('div', {class: 'notice'}, 'Moving\u2026'));
        try {
          const r = await post('/api/actions/confirm', {token: prepared.token});
          outcome.replaceChildren(el('div', {class: r.success ? 'ok' : 'error', 'data-field': 'move-result'},
            (r.success ? 'ok: ' : 'failed: ') + r.message + ` (${r.files} file(s), ${r.blocksDone} of ${r.blocks} `
            + `block(s) on their tiers, ${r.moves} move(s), ${Strata.bytes(r.bytesMoved)} copied)`));
        } catch (err) {
          outcome.replaceChildren(el('div', {class: 'error'}, err.message));
        }
      });
    } catch (err) {
      outcome.replaceChildren(el('div', {class: 'error'}, err.message));
    }
  });
  return el('div', {}, el('h3', {}, 'Move between tiers'), form, outcome);
}
