'use strict';
// Energy: strata power status --json (/api/energy), the power manager's accounting of each volume: its power state
// now, time per state, spin-ups and their causes, joules, and the node's totals.
Strata.register('energy', {
  title: 'Energy',
  endpoints: () => ({status: '/api/energy'}),
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
    if (data.statusMissing) {
      content.note.replaceChildren(el('div', {class: 'notice', 'data-field': 'not-configured'}, data.statusMissing));
      content.summary.replaceChildren();
      content.charts.replaceChildren();
      content.tables.replaceChildren();
      return;
    }
    const s = data.status;
    const t = s.totals;
    content.note.textContent = `The power manager (driver ${s.driver}) puts idle backup volumes into standby; `
      + `figures since it started ${Math.round(s.secondsManaged)} s ago, as it last wrote them (every tick). `
      + `Node energy counts ${s.nodeBaseWatts} W base power per node (${s.nodeBaseSource}) plus its disks.`;
    const joules = j => j.toFixed(0);
    content.summary.replaceChildren(summary([
      ['volumes in standby', 'volumesInStandby', t.volumesInStandby, `${t.volumesInStandby} / ${s.volumes.length}`],
      ['backup volumes', 'backupVolumes', t.backupVolumes],
      ['spin-ups', 'spinUps', t.spinUps],
      ['seconds I/O waited for spin-ups', 'stallSeconds', t.stallSeconds, t.stallSeconds.toFixed(1)],
      ['disk joules', 'diskJoules', t.diskJoules, joules(t.diskJoules)],
      ['backup disk joules', 'backupJoules', t.backupJoules, joules(t.backupJoules)],
      ['node joules', 'nodeJoules', t.nodeJoules, joules(t.nodeJoules)],
      ['device tool failures', 'driverFailures', s.driverFailures],
    ]));
    // Per host and role while the labels fit under the bars (one volume each on the energy preset), else per
    // device and role; the table has every volume.
    const perVolume = s.volumes.length <= 8;
    const per = perVolume ? 'host and role' : 'device and role';
    const groups = new Map();
    s.volumes.forEach(v => {
      const role = v.backup ? 'backup' : 'primary';
      const key = perVolume ? `${v.host} ${role}` : `${v.device} ${role}`;
      const g = groups.get(key) || {volumes: 0, joules: 0, standby: 0};
      g.volumes += 1;
      g.joules += v.joules;
      g.standby += v.secondsByState.STANDBY || 0;
      groups.set(key, g);
    });
    const labels = [...groups.keys()];
    bars(content.charts, 'energy-joules', 'Energy per ' + per + ' since the manager started', labels, 'joules',
      labels.map(k => groups.get(k).joules), 'J');
    bars(content.charts, 'energy-standby', 'Share of time in standby per ' + per, labels, '% standby',
      labels.map(k => s.secondsManaged > 0 ? 100 * groups.get(k).standby / (s.secondsManaged * groups.get(k).volumes)
        : 0), '%');
    const seconds = state => v => (v.secondsByState[state] || 0).toFixed(0);
    const causes = m => Object.entries(m).map(([cause, n]) => `${cause.toLowerCase()} ${n}`).join(', ');
    const columns = [
      {key: 'host', label: 'host'}, {key: 'device', label: 'device'},
      {key: v => v.backup ? 'backup' : 'primary', label: 'role'},
      {key: v => v.state.toLowerCase(), label: 'state'},
      {key: seconds('ACTIVE'), label: 'active s', num: true}, {key: seconds('IDLE'), label: 'idle s', num: true},
      {key: seconds('STANDBY'), label: 'standby s', num: true},
      {key: v => Object.values(v.spinUpsByCause).reduce((a, b) => a + b, 0), label: 'spin-ups', num: true},
      {key: v => causes(v.spinUpsByCause), label: 'spin-up causes'},
      {key: 'stallSeconds', label: 'stall s', num: true, format: x => x.toFixed(1)},
      {key: 'joules', label: 'joules', num: true, format: joules},
      {key: v => v.veto || (v.holds.length ? 'held: ' + v.holds.join(', ').toLowerCase() : ''), label: 'why awake'}];
    content.tables.replaceChildren(el('h3', {}, 'Volumes'), table('volumes', columns, s.volumes, v => v.id));
  },
});
