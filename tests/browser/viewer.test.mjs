// The viewer page in a real browser (issue 21.2): headless Chromium, driven by playwright-core,
// loads /viewer/ from a spawned railrules server, loads recorded games, steps to the end and
// back with the keyboard and the buttons, and checks what the page shows at three points against
// what the API itself answers (move, acting player, event text). A tampered save shows its
// refused action in red with its rule link. Screenshots are checked not to be blank and kept in
// target/viewer-screenshots/.
//
// Run by scripts/viewer-test.sh (which installs Chromium and these packages):
//   RAILRULES_BIN=target/debug/railrules CHROMIUM=/usr/bin/chromium node viewer.test.mjs

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binary = path.resolve(root, process.env.RAILRULES_BIN || 'target/debug/railrules');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = path.join(root, 'target', 'viewer-screenshots');

/** A free port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the service and waits for /healthz. */
async function startServer() {
  const port = await freePort();
  const child = spawn(binary, ['serve', '--bind', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`the server at ${base} did not answer /healthz`);
}

async function api(base, route, body) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${route}: HTTP ${response.status}`);
  return response.json();
}

/** What the API says at `position` of `save`: the state's move, who acts, the events' text. */
async function expected(base, save, position) {
  const answer = await api(base, `/v1/${save.game}/replay`, {
    setup: save.setup,
    actions: save.actions.slice(0, position),
  });
  const events = position === 0 ? [] : answer.events[position - 1].map((e) => e.text);
  return {
    move: String(answer.state.move),
    toAct: answer.to_act.length ? answer.to_act.join(', ') : 'nobody: the game is over',
    // The start has no action; an action without events says so.
    events: position === 0 || events.length ? events : ['no events'],
  };
}

/** Waits until the page shows `position` and has finished drawing it. */
async function shown(page, position, last) {
  try {
    await page.waitForFunction(
      ([p]) => document.body.dataset.ready === 'true' && document.body.dataset.position === p,
      [String(position)],
      { timeout: 30000 },
    );
  } catch (e) {
    throw new Error(`position ${position} not shown; the page says: ${await page.textContent('#status')}`);
  }
  assert.equal(await page.textContent('#position'), `${position} / ${last}`);
}

/** The page's move, acting player and event lines. */
async function facts(page) {
  return {
    move: await page.textContent('#move'),
    toAct: await page.textContent('#to-act'),
    events: await page.$$eval('#events li', (items) => items.map((i) => i.textContent)),
  };
}

/** A screenshot that is not blank: many colours, and no one colour covering nearly all of it. */
async function screenshot(page, name) {
  const bytes = await page.screenshot({ fullPage: false });
  mkdirSync(shots, { recursive: true });
  writeFileSync(path.join(shots, `${name}.png`), bytes);
  const png = PNG.sync.read(bytes);
  const counts = new Map();
  for (let i = 0; i < png.data.length; i += 4) {
    const colour = png.data.readUInt32BE(i);
    counts.set(colour, (counts.get(colour) || 0) + 1);
  }
  const pixels = png.width * png.height;
  const commonest = Math.max(...counts.values());
  assert.ok(counts.size > 50, `${name}: only ${counts.size} colours`);
  assert.ok(commonest < 0.9 * pixels, `${name}: one colour covers ${commonest} of ${pixels} pixels`);
  return { colours: counts.size, width: png.width, height: png.height };
}

/** Loads `save` (a file of examples/savegames) and walks it: start, a few steps, end, back. */
async function walk(page, base, file) {
  const save = JSON.parse(readFileSync(path.join(root, 'examples/savegames', file), 'utf8'));
  const listed = await (await fetch(`${base}/v1/games`)).json();
  const drawn = listed.games.find((g) => g.id === save.game).endpoints.includes('render');
  const last = save.actions.length;
  await page.goto(`${base}/viewer/`);
  await page.setInputFiles('#file', path.join(root, 'examples/savegames', file));
  await shown(page, 0, last);
  assert.deepEqual(await facts(page), await expected(base, save, 0), `${file} at the start`);

  // Forward with the keyboard, then with the button.
  for (let i = 1; i <= 4; i++) {
    await page.keyboard.press('ArrowRight');
    await shown(page, i, last);
  }
  await page.click('#forward');
  await shown(page, 5, last);
  assert.deepEqual(await facts(page), await expected(base, save, 5), `${file} at 5`);

  // To the end and one back.
  await page.keyboard.press('End');
  await shown(page, last, last);
  const end = await facts(page);
  assert.deepEqual(end, await expected(base, save, last), `${file} at its end`);
  assert.equal(end.move, String(save.state.move), `${file}: the recorded final move`);
  if (drawn) {
    await page.waitForFunction(() => document.getElementById('board').complete);
    const size = await page.$eval('#board', (img) => img.naturalWidth);
    assert.ok(size > 0, `${file}: the board is drawn`);
  } else {
    assert.match(await page.textContent('#board-note'), /no drawing/);
  }
  const picture = await screenshot(page, file.replace(/\.json$/, '-end'));

  await page.keyboard.press('ArrowLeft');
  await shown(page, last - 1, last);
  assert.deepEqual(await facts(page), await expected(base, save, last - 1), `${file} at ${last - 1}`);
  await page.click('#first');
  await shown(page, 0, last);
  // Keys pressed faster than the answers come: each counts.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await shown(page, 10, last);
  assert.deepEqual(await facts(page), await expected(base, save, 10), `${file} at 10`);
  return { last, picture };
}

/** An 18xx.games export: imported by the page through the API, then stepped to its end. */
async function anExport(page, base) {
  const file = path.join(root, 'tests/data/18xx-games/1846/3099.json');
  const response = await fetch(`${base}/v1/1846/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: readFileSync(file),
  });
  assert.equal(response.status, 200);
  const { save } = await response.json();
  const last = save.actions.length;
  await page.goto(`${base}/viewer/`);
  await page.setInputFiles('#file', file);
  await shown(page, 0, last);
  await page.keyboard.press('End');
  await shown(page, last, last);
  assert.deepEqual(await facts(page), await expected(base, save, last), '3099 at its end');
  assert.equal(await page.textContent('#move'), String(save.state.move));
  await page.waitForFunction(() => document.getElementById('board').complete);
  assert.ok((await page.$eval('#board', (img) => img.naturalWidth)) > 0, 'the 1846 board');
  await screenshot(page, '1846-3099-end');
  return last;
}

/** A save whose action 3 is replaced by an illegal one: the page ends on it, in red. */
async function refused(page, base) {
  const file = 'railroad-barons-greedy-seed-1.json';
  const save = JSON.parse(readFileSync(path.join(root, 'examples/savegames', file), 'utf8'));
  const tampered = { ...save, actions: save.actions.slice(0, 3).concat([save.actions[0]]) };
  delete tampered.state;
  const answer = await api(base, `/v1/${save.game}/replay`, {
    setup: save.setup,
    actions: tampered.actions,
  });
  assert.equal(answer.valid, false, 'the tampered save is refused');
  await page.goto(`${base}/viewer/`);
  await page.click('#paste-box summary');
  await page.fill('#paste', JSON.stringify(tampered));
  await page.click('#paste-load');
  await shown(page, 0, 4);
  await page.keyboard.press('End');
  await shown(page, 4, 4);
  assert.equal(await page.isVisible('#violation'), true, 'the violation is shown');
  const text = await page.textContent('#violation');
  assert.ok(text.includes(answer.violation.message), `the violation's message: ${text}`);
  const colour = await page.$eval('#violation', (e) => getComputedStyle(e).color);
  assert.equal(colour, 'rgb(179, 38, 30)', 'the refused action is red');
  const href = await page.getAttribute('#violation a', 'href');
  const [game, section] = answer.violation.rule.split('#');
  assert.equal(href, `/rules/${game}#${section}`);
  // The link lands on the section's anchor of the rules page the binary serves.
  await page.click('#violation a');
  await page.waitForURL(`**/rules/${game}#${section}`);
  assert.equal(await page.locator(`[id="${section}"]`).count(), 1, `the anchor ${section}`);
}

/** Playing (issue 40): from the start of a recorded game, three listed actions played with
 * their buttons (the later actions dropped), each position as the API answers it for the
 * actions played; then Undo takes the third back. An 1846 run is drawn over the board. */
async function plays(page, base) {
  const file = 'railroad-barons-greedy-seed-1.json';
  const save = JSON.parse(readFileSync(path.join(root, 'examples/savegames', file), 'utf8'));
  await page.goto(`${base}/viewer/`);
  await page.setInputFiles('#file', path.join(root, 'examples/savegames', file));
  await shown(page, 0, save.actions.length);
  const played = { ...save, actions: [] };
  for (let k = 1; k <= 3; k++) {
    const before = await api(base, `/v1/${save.game}/replay`, {
      setup: save.setup,
      actions: played.actions,
    });
    const legal = await api(base, `/v1/${save.game}/legal-actions`, { state: before.state });
    const shownFirst = await page.$eval('#legal li code', (c) => c.textContent);
    assert.deepEqual(JSON.parse(shownFirst), legal.actions[0], `the first listed action at ${k - 1}`);
    await page.click('#legal li button.play');
    played.actions.push(legal.actions[0]);
    await shown(page, k, k);
    assert.deepEqual(await facts(page), await expected(base, played, k), `after playing ${k}`);
  }
  await screenshot(page, 'railroad-barons-played-3');
  await page.click('#undo');
  await shown(page, 2, 2);
  assert.deepEqual(await facts(page), await expected(base, played, 2), 'after Undo');

  // An 1846 game at a run with routes: the routes are drawn over the board.
  const g1846 = JSON.parse(
    readFileSync(path.join(root, 'examples/savegames/1846-bot-4p-seed-1.json'), 'utf8'),
  );
  const run = g1846.actions.findIndex((a) => a.type === 'run_routes' && a.routes.length > 0);
  await page.goto(`${base}/viewer/`);
  await page.setInputFiles('#file', path.join(root, 'examples/savegames/1846-bot-4p-seed-1.json'));
  const last = g1846.actions.length;
  await shown(page, 0, last);
  for (let i = 1; i <= run + 1; i++) await page.keyboard.press('ArrowRight');
  await shown(page, run + 1, last);
  const marks = await page.$eval('#board', (img) => img.dataset.marks);
  const connection = g1846.actions[run].routes[0].connections[0].join('-');
  assert.ok(marks.split(' ').includes(`route:${connection}`), `the route drawn: ${marks}`);
  await page.waitForFunction(() => document.getElementById('board').complete);
  await screenshot(page, '1846-run-drawn');

  // A tile laid where it may not go (the first lay moved to J10, far from any station): the
  // refused action's hex is ringed in red on the board before it.
  const lay = g1846.actions.findIndex((a) => a.type === 'lay_tile');
  const tampered = {
    game: g1846.game,
    setup: g1846.setup,
    actions: g1846.actions.slice(0, lay).concat([{ ...g1846.actions[lay], hex: 'J10' }]),
  };
  await page.goto(`${base}/viewer/`);
  await page.click('#paste-box summary');
  await page.fill('#paste', JSON.stringify(tampered));
  await page.click('#paste-load');
  await shown(page, 0, lay + 1);
  await page.keyboard.press('End');
  await shown(page, lay + 1, lay + 1);
  assert.equal(await page.isVisible('#violation'), true, 'the lay is refused');
  const ringed = await page.$eval('#board', (img) => img.dataset.marks);
  assert.ok(ringed.split(' ').includes('refused:J10'), `the refused hex ringed: ${ringed}`);
}

/** A file that names no game the server plays (`../x`) is refused before any request, and an
 * export the import refuses shows the pointer of its field (issue 38). `requests`: the paths
 * the page has asked for. */
async function hostileFiles(page, base, requests) {
  await page.goto(`${base}/viewer/`);
  requests.length = 0;
  await page.click('#paste-box summary');
  await page.fill('#paste', JSON.stringify({ game: '../x', setup: {}, actions: [] }));
  await page.click('#paste-load');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('none this server plays'));
  assert.ok(await page.$eval('#status', (e) => e.classList.contains('refused')), 'shown as refused');
  assert.deepEqual(requests, ['/v1/games'], 'only the games list was asked for');
  const file = path.join(root, 'tests/data/18xx-games/1846/3099.json');
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  const at = exported.actions.findIndex((a) => a.type === 'place_token');
  exported.actions[at].slot = 99;
  await page.fill('#paste', JSON.stringify(exported));
  await page.click('#paste-load');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('HTTP 422'));
  const status = await page.textContent('#status');
  assert.ok(status.includes(`/actions/${at}/slot: `), `the refusal's pointer: ${status}`);
}

async function main() {
  const { child, base } = await startServer();
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    const games = ['1833ne-greedy-3p-seed-2.json', 'railroad-barons-greedy-seed-1.json'];
    for (const file of games) {
      const { last, picture } = await walk(page, base, file);
      console.log(`ok ${file}: stepped 0 -> 5 -> ${last} -> ${last - 1} -> 0 -> 10; screenshot ${picture.width}x${picture.height}, ${picture.colours} colours`);
    }
    const imported = await anExport(page, base);
    console.log(`ok the 18xx.games export 3099: imported by the page, ${imported} actions, drawn at its end`);
    await refused(page, base);
    console.log('ok a refused action is shown in red with its rule link');
    await plays(page, base);
    console.log('ok three listed actions played with their buttons, one undone; an 1846 run drawn on the board, a refused lay ringed');
    assert.deepEqual(errors, [], 'no errors in the page');
    const hostile = await browser.newPage();
    const requests = [];
    hostile.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/') || !url.pathname.startsWith('/viewer/')) requests.push(url.pathname);
    });
    await hostileFiles(hostile, base, requests);
    console.log('ok a file naming no game is refused before any request; an import refusal shows its pointer');
  } finally {
    await browser.close();
    child.kill();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
