// The railrules viewer (issue 21.2): a save file or an 18xx.games export stepped through with
// the service's own API, as any browser UI would use it:
//   POST /v1/{game}/import        an export read into a save file
//   POST /v1/{game}/replay        the whole save once: each action's events, the first refused one
//   POST /v1/{game}/validate      one step forward from a state already known
//   POST /v1/{game}/render        the board of a state (SVG, shown as an image: nothing in it runs)
//   POST /v1/{game}/legal-actions who acts and what they may do, with each action's effects
// A listed action can be played (validate from the state shown), which drops any later
// actions; "Undo" takes back the last one, "Undo to here" every one after the position shown.
// Nothing is fetched from anywhere but this server.
'use strict';

/** How many legal actions are listed (the count is always given). */
const LEGAL_SHOWN = 60;
/** The colours of a run's routes drawn over an 18xx board, one per train. */
const ROUTE_COLOURS = ['#e0218a', '#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b'];
/** How many states and drawings are kept for stepping back; older ones are asked for again. */
const STATES_KEPT = 200;
const VIEWS_KEPT = 40;

/** The loaded game: null until a file is loaded. */
let game = null;
/** Incremented by every request to show a position, so that a slow answer for a position left
 * behind (keys held down) never overwrites a later one. */
let showing = 0;

const $ = (id) => document.getElementById(id);

/** A POST of `body` (an object, or text sent as it is) to the API; the answer's JSON or text.
 * A problem answer (4xx/5xx) throws an Error with its detail. */
async function post(path, body, as = 'json') {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = new Error(await problemText(response));
    error.status = response.status;
    throw error;
  }
  return as === 'text' ? response.text() : response.json();
}

/** An error answer as one line: its problem detail, or its status. */
async function problemText(response) {
  try {
    const problem = await response.json();
    // Each problem with its pointer into the body sent (the API's `errors`).
    const where = (problem.errors || [])
      .map((e) => e.pointer && `${e.pointer}: ${e.detail}`)
      .filter(Boolean);
    return [`HTTP ${response.status}: ${problem.detail || problem.title}`, ...where].join('; ');
  } catch {
    return `HTTP ${response.status}`;
  }
}

function setStatus(text, failed = false) {
  const status = $('status');
  status.textContent = text;
  status.classList.toggle('refused', failed);
}

// -- Loading -----------------------------------------------------------------------------------

/** Loads a save file or an export given as text. */
async function load(text, name) {
  let document_;
  try {
    document_ = JSON.parse(text);
  } catch (e) {
    setStatus(`${name} is not JSON: ${e.message}`, true);
    return;
  }
  try {
    setStatus(`Loading ${name}…`);
    const listed = await (await fetch('/v1/games')).json();
    const save = await saveOf(document_, text, listed.games);
    const served = servedGame(listed.games, save.game);
    const replayed = await post(`/v1/${encodeURIComponent(served.id)}/replay`, {
      setup: save.setup,
      actions: save.actions,
    });
    const accepted = replayed.valid ? save.actions.length : replayed.index;
    game = {
      id: served.id,
      name,
      setup: save.setup,
      actions: save.actions,
      accepted,
      renders: served.endpoints.includes('render'),
      refused: replayed.valid ? null : { index: replayed.index, violation: replayed.violation },
      events: replayed.events,
      // Position -> {state, to_act}; the replay's last state is known already.
      states: new Map([[accepted, { state: replayed.state, to_act: replayed.to_act }]]),
      // Position -> {svg url or null, legal actions answer}
      views: new Map(),
    };
    $('game').hidden = false;
    $('game-id').textContent = save.game;
    const verdict = game.refused
      ? `action ${game.refused.index} is refused: ${game.refused.violation.message}`
      : 'every action is legal';
    setStatus(`${name}: ${save.game}, ${save.actions.length} actions; ${verdict}.`, !!game.refused);
    await show(0);
  } catch (e) {
    setStatus(`${name}: ${e.message}`, true);
  }
}

/** The game of the games list `games` whose id a file names. A file names a game; it never
 * chooses where the page posts: a name the server does not list is refused before any request. */
function servedGame(games, id) {
  const served = games.find((g) => g.id === id);
  if (!served) {
    const names = games.map((g) => g.id).join(', ');
    throw new Error(`the file's game ${JSON.stringify(id)} is none this server plays (${names})`);
  }
  return served;
}

/** The save file a loaded document is: itself, or an 18xx.games export imported by the API. */
async function saveOf(document_, text, games) {
  if (document_ && typeof document_.game === 'string' && Array.isArray(document_.actions)) {
    return document_;
  }
  if (document_ && typeof document_.title === 'string' && Array.isArray(document_.actions)) {
    const served = servedGame(games, document_.title.toLowerCase());
    const imported = await post(`/v1/${encodeURIComponent(served.id)}/import`, text);
    return imported.save;
  }
  throw new Error(
    'neither a railrules save file ({game, setup, actions}) nor an 18xx.games export ({title, actions})',
  );
}

// -- Positions ----------------------------------------------------------------------------------

/** The last position: after every accepted action, and one more for a refused action. */
function lastPosition() {
  return game.accepted + (game.refused ? 1 : 0);
}

/** The state at `position` (after that many actions; the refused step shows the state before
 * the refused action), from the cache, one validate from the position before, or a replay. */
async function stateAt(position) {
  const at = Math.min(position, game.accepted);
  if (game.states.has(at)) return game.states.get(at);
  let entry;
  if (at > 0 && game.states.has(at - 1)) {
    const before = game.states.get(at - 1);
    const answer = await post(`/v1/${encodeURIComponent(game.id)}/validate`, {
      state: before.state,
      action: game.actions[at - 1],
    });
    entry = { state: answer.state, to_act: answer.to_act };
  } else {
    const answer = await post(`/v1/${encodeURIComponent(game.id)}/replay`, {
      setup: game.setup,
      actions: game.actions.slice(0, at),
    });
    entry = { state: answer.state, to_act: answer.to_act };
  }
  remember(game.states, at, entry, STATES_KEPT, () => {});
  return entry;
}

/** The drawing (SVG text) and the legal actions, with their effects, at `position`. */
async function viewAt(position, state) {
  const at = Math.min(position, game.accepted);
  if (game.views.has(at)) return game.views.get(at);
  let svg = null;
  let boardNote = `This build has no drawing of ${game.id} (no render endpoint).`;
  if (game.renders) {
    try {
      svg = await post(`/v1/${encodeURIComponent(game.id)}/render`, { state }, 'text');
      boardNote = '';
    } catch (e) {
      boardNote = `The drawing failed: ${e.message}`;
    }
  }
  const path = `/v1/${encodeURIComponent(game.id)}/legal-actions`;
  let legal;
  try {
    legal = await post(path, { state, effects: true, compact: true });
  } catch {
    // The effects ran past the server's time: the actions alone.
    legal = await post(path, { state });
  }
  const view = { svg, boardNote, legal };
  remember(game.views, at, view, VIEWS_KEPT, () => {});
  return view;
}

/** Keeps `value` at `key` in `cache`, dropping the oldest entry over `limit` (but the last
 * position's, which the replay gave and the End key shows). */
function remember(cache, key, value, limit, drop) {
  cache.set(key, value);
  for (const [old, entry] of cache) {
    if (cache.size <= limit) break;
    if (old === game.accepted || old === key) continue;
    cache.delete(old);
    drop(entry);
  }
}

/** Shows `position`: the board, the move, who acts, the action that led here and its events,
 * and the legal actions. */
async function show(position) {
  if (!game) return;
  position = Math.max(0, Math.min(position, lastPosition()));
  // Where the next step starts from, before this one is drawn: a key held down moves on at
  // once rather than waiting for each answer.
  game.wanted = position;
  const ticket = ++showing;
  document.body.dataset.ready = 'false';
  let entry;
  let view;
  try {
    entry = await stateAt(position);
    view = await viewAt(position, entry.state);
  } catch (e) {
    if (ticket === showing) setStatus(`Position ${position}: ${e.message}`, true);
    return;
  }
  if (ticket !== showing) return;
  game.position = position;
  $('position').textContent = `${position} / ${lastPosition()}`;
  $('move').textContent = String(entry.state.move ?? '?');
  $('to-act').textContent = entry.to_act.length
    ? entry.to_act.join(', ')
    : 'nobody: the game is over';
  showAction(position);
  showBoard(view, position);
  showLegal(view.legal, position);
  $('first').disabled = $('back').disabled = position === 0;
  $('undo').disabled = game.actions.length === 0;
  $('undo-to-here').disabled = position >= game.actions.length;
  $('forward').disabled = $('last').disabled = position === lastPosition();
  document.body.dataset.position = String(position);
  document.body.dataset.ready = 'true';
}

function showAction(position) {
  const violation = $('violation');
  const events = $('events');
  events.replaceChildren();
  violation.hidden = true;
  violation.replaceChildren();
  const refusedHere = game.refused && position === game.accepted + 1;
  if (position === 0) {
    $('action').textContent = `Setup: ${JSON.stringify(game.setup)}`;
    return;
  }
  const index = position - 1;
  $('action').textContent = `${index}. ${JSON.stringify(game.actions[index])}`;
  $('action').classList.toggle('refused', !!refusedHere);
  if (refusedHere) {
    const v = game.refused.violation;
    const line = document.createElement('p');
    line.textContent = `Refused (${v.code}): ${v.message}`;
    const link = document.createElement('a');
    link.href = ruleHref(v.rule);
    link.textContent = v.rule;
    const cite = document.createElement('p');
    cite.append('Rule: ', link);
    violation.append(line, cite);
    violation.hidden = false;
    return;
  }
  for (const event of game.events[index] || []) {
    const item = document.createElement('li');
    item.textContent = event.text;
    events.append(item);
  }
  if (!events.children.length) {
    const item = document.createElement('li');
    item.className = 'quiet';
    item.textContent = 'no events';
    events.append(item);
  }
}

/** `1833ne#market` -> the rules page served by the binary, at its section. */
function ruleHref(rule) {
  const [id, section] = String(rule).split('#');
  return `/rules/${encodeURIComponent(id)}${section ? `#${encodeURIComponent(section)}` : ''}`;
}

/** The board at `position`, with what the action that led here touched drawn over it: the
 * hex of a tile or station, the routes of a run (a refused action's hex in red). */
function showBoard(view, position) {
  const board = $('board');
  if (game.boardUrl) URL.revokeObjectURL(game.boardUrl);
  game.boardUrl = null;
  if (view.svg) {
    const refusedHere = game.refused && position === game.accepted + 1;
    const action = position > 0 ? game.actions[position - 1] : null;
    const { svg, marks } = decorate(view.svg, action, !!refusedHere);
    game.boardUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    board.src = game.boardUrl;
    board.dataset.marks = marks.join(' ');
    board.hidden = false;
  } else {
    board.removeAttribute('src');
    board.dataset.marks = '';
    board.hidden = true;
  }
  $('board-note').textContent = view.boardNote;
}

/** `svg` with `action`'s hex ringed and its routes drawn, where the drawing has an 18xx map
 * (hex groups `hex-<id>` in the group `map`); `marks` names what was drawn (for tests). */
function decorate(svg, action, refused) {
  const marks = [];
  if (!action) return { svg, marks };
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const map = doc.querySelector('g.map');
  if (!map) return { svg, marks };
  // The drawing's own namespace (SVG's), for the elements added to it.
  const ns = doc.documentElement.namespaceURI;
  const centre = (hex) => {
    const group = doc.querySelector(`[id="hex-${CSS.escape(String(hex))}"]`);
    const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(group?.getAttribute('transform') || '');
    return m ? [Number(m[1]), Number(m[2])] : null;
  };
  const overlay = doc.createElementNS(ns, 'g');
  overlay.setAttribute('class', 'overlay');
  (Array.isArray(action.routes) ? action.routes : []).forEach((route, i) => {
    for (const connection of Array.isArray(route.connections) ? route.connections : []) {
      const points = (Array.isArray(connection) ? connection : []).map(centre).filter(Boolean);
      if (points.length < 2) continue;
      const line = doc.createElementNS(ns, 'polyline');
      line.setAttribute('points', points.map((p) => p.join(',')).join(' '));
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', ROUTE_COLOURS[i % ROUTE_COLOURS.length]);
      line.setAttribute('stroke-width', '9');
      line.setAttribute('stroke-opacity', '0.75');
      line.setAttribute('stroke-linecap', 'round');
      line.setAttribute('stroke-linejoin', 'round');
      overlay.append(line);
      marks.push(`route:${connection.join('-')}`);
    }
  });
  const at = typeof action.hex === 'string' ? centre(action.hex) : null;
  if (at) {
    const ring = doc.createElementNS(ns, 'circle');
    ring.setAttribute('cx', at[0]);
    ring.setAttribute('cy', at[1]);
    ring.setAttribute('r', '34');
    ring.setAttribute('fill', 'none');
    ring.setAttribute('stroke', refused ? '#b3261e' : '#e0218a');
    ring.setAttribute('stroke-width', refused ? '7' : '5');
    overlay.append(ring);
    marks.push(`${refused ? 'refused' : 'hex'}:${action.hex}`);
  }
  if (!marks.length) return { svg, marks };
  map.append(overlay);
  return { svg: new XMLSerializer().serializeToString(doc), marks };
}

/** The legal actions at `position`: each with what it would cause and a button that plays
 * it; a choice of type narrows a long list. */
function showLegal(legal, position) {
  const list = $('legal');
  list.replaceChildren();
  const types = [...new Set(legal.actions.map((a) => a.type))];
  const select = $('legal-type');
  const wanted = types.includes(select.value) ? select.value : '';
  select.replaceChildren(new Option(`every type (${types.length})`, ''));
  for (const type of types) select.append(new Option(type, type, false, type === wanted));
  select.value = wanted;
  const listed = legal.actions
    .map((action, i) => ({ action, effects: legal.effects_text?.[i] }))
    .filter(({ action }) => !wanted || action.type === wanted);
  const count = legal.actions.length;
  $('legal-count').textContent =
    `${count} legal action${count === 1 ? '' : 's'}` +
    (wanted ? `, ${listed.length} of type ${wanted}` : '') +
    (legal.complete ? '' : ' (the listing is incomplete)') +
    (listed.length > LEGAL_SHOWN ? `; the first ${LEGAL_SHOWN} shown` : '');
  const playable = position <= game.accepted || (game.refused && position === game.accepted + 1);
  for (const { action, effects } of listed.slice(0, LEGAL_SHOWN)) {
    const item = document.createElement('li');
    const play = document.createElement('button');
    play.type = 'button';
    play.className = 'play';
    play.textContent = 'Play';
    play.disabled = !playable;
    play.addEventListener('click', () => playAction(action));
    const what = document.createElement('span');
    what.className = 'effects';
    what.textContent = effects?.length ? effects.join('; ') : action.type;
    const json = document.createElement('code');
    json.textContent = JSON.stringify(action);
    item.append(play, ' ', what, document.createElement('br'), json);
    list.append(item);
  }
}

// -- Playing -----------------------------------------------------------------------------------

/** Plays `action` from the state shown: the actions after it are dropped, the new one judged
 * by `validate` and appended. */
async function playAction(action) {
  const from = Math.min(game.position ?? 0, game.accepted);
  try {
    const before = await stateAt(from);
    const answer = await post(`/v1/${encodeURIComponent(game.id)}/validate`, {
      state: before.state,
      action,
    });
    if (!answer.valid) {
      setStatus(`Refused (${answer.violation.code}): ${answer.violation.message}`, true);
      return;
    }
    const dropped = game.actions.length - from;
    truncate(from);
    game.actions.push(action);
    game.events.push(answer.events);
    game.accepted = from + 1;
    game.states.set(game.accepted, { state: answer.state, to_act: answer.to_act });
    setStatus(
      `Played ${action.type} at ${from}` +
        (dropped ? `; the ${dropped} later action${dropped === 1 ? '' : 's'} dropped` : '') +
        '.',
    );
    await show(game.accepted);
  } catch (e) {
    setStatus(`Playing ${action.type}: ${e.message}`, true);
  }
}

/** Keeps the first `length` actions: the later ones, a refused one and what was known of
 * them are dropped. */
function truncate(length) {
  game.actions = game.actions.slice(0, length);
  game.events = game.events.slice(0, length);
  game.accepted = Math.min(game.accepted, length);
  game.refused = null;
  for (const cache of [game.states, game.views]) {
    for (const key of [...cache.keys()]) if (key > length) cache.delete(key);
  }
}

/** Takes back the actions after `length` and shows the position there. */
async function undoTo(length) {
  if (!game) return;
  truncate(Math.max(0, length));
  setStatus(`${game.actions.length} actions kept.`);
  await show(game.accepted);
}

/** The game as played so far, as a save file to download. */
function saveLink() {
  const save = { game: game.id, setup: game.setup, actions: game.actions.slice(0, game.accepted) };
  const link = $('save');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([JSON.stringify(save)], { type: 'application/json' }));
  link.download = `${game.id}-${game.accepted}-actions.json`;
}

// -- Wiring ------------------------------------------------------------------------------------

function step(delta) {
  if (game) show((game.wanted ?? game.position ?? 0) + delta);
}

document.addEventListener('DOMContentLoaded', () => {
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) await load(await file.text(), file.name);
  });
  $('paste-load').addEventListener('click', () => load($('paste').value, 'the pasted JSON'));
  $('first').addEventListener('click', () => game && show(0));
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));
  $('last').addEventListener('click', () => game && show(lastPosition()));
  $('undo').addEventListener('click', () => game && undoTo(game.accepted - 1));
  $('undo-to-here').addEventListener('click', () => game && undoTo(game.position ?? 0));
  $('save').addEventListener('click', () => game && saveLink());
  $('legal-type').addEventListener('change', () => game && show(game.position ?? 0));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) step(moves[e.key]);
    else if (e.key === 'Home' && game) show(0);
    else if (e.key === 'End' && game) show(lastPosition());
    else return;
    e.preventDefault();
  });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) await load(await file.text(), file.name);
  });
  document.body.dataset.ready = 'true';
});
