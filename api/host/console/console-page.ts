// The console's page and its script, small enough to live in the server: a form for the host
// administrator's token (kept for this tab only), the clubs as a table, and the create, suspend,
// resume and export actions, all through /_host/api/ with the token.

export const CONSOLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Host console</title>
<style>
body{font:1rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1f2933}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #d2d6dc;vertical-align:top}
form{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:1rem 0}label{display:flex;flex-direction:column;font-weight:600}
input{font:inherit;padding:.45rem;min-height:2.75rem;box-sizing:border-box}button{font:inherit;min-height:2.75rem;padding:0 1rem;cursor:pointer}
.scroll{overflow-x:auto}[role=status]{min-height:1.5rem}.problem{color:#b42318}
</style></head>
<body><main>
<h1>Host console</h1>
<form id="token-form"><label for="token">Host administrator token<input id="token" type="password" autocomplete="current-password" required></label><button>Open</button></form>
<p id="status" role="status" aria-live="polite"></p>
<section id="clubs-section" hidden aria-labelledby="clubs-title">
<h2 id="clubs-title">Clubs</h2>
<div class="scroll"><table><thead><tr><th scope="col">Address</th><th scope="col">Name</th><th scope="col">State</th><th scope="col">Members</th><th scope="col">Size</th><th scope="col">Last activity</th><th scope="col">Last backup</th><th scope="col">Schema</th><th scope="col">Actions</th></tr></thead><tbody id="clubs"></tbody></table></div>
<h2>Create a club</h2>
<form id="create-form">
<label for="address">Address<input id="address" name="address" required placeholder="rowing.example.edu"></label>
<label for="name">Name<input id="name" name="name" required></label>
<label for="adminEmail">First administrator’s email<input id="adminEmail" name="adminEmail" type="email" required></label>
<button>Create</button></form>
<p id="setup-link"></p>
</section>
</main><script src="/_host/console.js"></script></body></html>`;

export const CONSOLE_SCRIPT = `'use strict';
const $ = (id) => document.getElementById(id);
let token = sessionStorage.getItem('host-token') || '';
const say = (text) => { $('status').textContent = text; };
const when = (ms) => (ms ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—');
const size = (b) => (b > 1048576 ? (b / 1048576).toFixed(1) + ' MB' : Math.ceil(b / 1024) + ' KB');
async function api(method, path, body) {
  const res = await fetch('/_host/api' + path, { method, headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) { const answer = await res.json().catch(() => ({})); throw new Error(answer.error || res.statusText); }
  return res;
}
function cell(row, text) { const td = document.createElement('td'); td.textContent = text; row.append(td); return td; }
function action(td, label, run) { const b = document.createElement('button'); b.type = 'button'; b.textContent = label; b.addEventListener('click', run); td.append(b, ' '); }
async function load() {
  try {
    const { clubs, version } = await (await api('GET', '/clubs')).json();
    const body = $('clubs'); body.replaceChildren();
    for (const club of clubs) {
      const row = document.createElement('tr');
      const th = document.createElement('th'); th.scope = 'row'; th.textContent = club.address; row.append(th);
      cell(row, club.name);
      const state = cell(row, club.state + (club.open ? ' (open)' : ''));
      if (club.problem) { const p = document.createElement('div'); p.className = 'problem'; p.textContent = club.problem; state.append(p); }
      cell(row, club.members === null ? 'unreadable' : String(club.members));
      cell(row, size(club.sizeBytes)); cell(row, when(club.lastActivityAt)); cell(row, when(club.lastBackupAt));
      cell(row, club.schema ? club.schema.applied + (club.schema.current ? ' (current)' : ' (behind)') : '—');
      const td = cell(row, '');
      const path = '/clubs/' + encodeURIComponent(club.address);
      if (club.state === 'active') action(td, 'Suspend ' + club.address, async () => { await api('POST', path + '/suspend'); say(club.address + ' suspended.'); load(); });
      else if (club.state === 'suspended') action(td, 'Resume ' + club.address, async () => { await api('POST', path + '/resume'); say(club.address + ' resumed.'); load(); });
      action(td, 'Export ' + club.address, async () => {
        say('Exporting ' + club.address + '…');
        const blob = await (await api('GET', path + '/export')).blob();
        const a = document.createElement('a'); a.href = URL.createObjectURL(blob); a.download = club.address.replace(':', '_') + '.zip'; a.click();
        say(club.address + ' exported.');
      });
      body.append(row);
    }
    $('clubs-section').hidden = false;
    say(clubs.length + ' club(s), app version ' + version + '.');
  } catch (err) { say(err.message); }
}
$('token-form').addEventListener('submit', (e) => { e.preventDefault(); token = $('token').value; sessionStorage.setItem('host-token', token); load(); });
$('create-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  try {
    const answer = await (await api('POST', '/clubs', Object.fromEntries(form))).json();
    $('setup-link').textContent = 'Setup link for ' + answer.club.address + ' (also emailed): ' + answer.setupLink;
    e.target.reset(); load();
  } catch (err) { say(err.message); }
});
if (token) load();
`;
