// wgc serve's page: the lobby and the table. Plain JavaScript, no build step.
// Every action goes to the server, which checks it with the rules engine; the page only shows
// what the server sends (its own seat's view) and what the server refuses.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
const gameId = params.get("game");
const token = params.get("token") || "";
let state = null;
let layout = null;
let selected = null;
let socket = null;
let declared = null; // the attack declared and not yet sent: its legal action
let view = null; // the board's viewBox: [x, y, width, height]

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function say(text, kind) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = kind || "";
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: "http", message: response.statusText }; }
  return { status: response.status, data };
}

// --- the lobby --------------------------------------------------------------------------------

async function showLobby() {
  document.getElementById("lobby").hidden = false;
  const { data } = await api("GET", "/api/games");
  const games = document.getElementById("games");
  for (const game of data.games) {
    const block = el("section", { class: "game" });
    block.append(el("h2", {}, game.game));
    if (game.error) block.append(el("p", {}, game.error));
    for (const scenario of game.scenarios) {
      const row = el("div", { class: "scenario" });
      row.append(el("h3", {}, scenario.name));
      for (const [seats, label] of [["hot-seat", "Play hot-seat"], ["invite", "Play on two browsers (invite links)"]]) {
        const button = el("button", { "data-game": game.game, "data-scenario": scenario.id, "data-seats": seats }, label);
        button.onclick = () => create(game.game, scenario.id, seats);
        row.append(button);
      }
      block.append(row);
    }
    games.append(block);
  }
  const played = document.getElementById("played");
  for (const game of data.played) {
    const item = el("li");
    item.append(el("a", { href: `/?game=${game.id}` }, `${game.game}, ${game.scenario} (${game.steps} steps): watch`));
    played.append(item);
  }
}

async function create(game, scenario, seats) {
  const { status, data } = await api("POST", "/api/games", { game, scenario, seats });
  if (status !== 201) { alert(data.message); return; }
  const links = Object.entries(data.seats).map(([side, t]) => [side, `${location.origin}/?game=${data.id}&token=${t}`]);
  if (seats === "invite") {
    sessionStorage.setItem(`links-${data.id}`, JSON.stringify(links));
  }
  location.href = links[0][1];
}

// --- the table --------------------------------------------------------------------------------

async function showTable() {
  document.getElementById("table").hidden = false;
  const first = await api("GET", `/api/games/${gameId}?token=${encodeURIComponent(token)}`);
  if (first.status !== 200) { say(first.data.message, "refused"); return; }
  state = first.data;
  const art = await api("GET", `/art/${state.game}/board.json`);
  layout = art.data;
  view = [0, 0, layout.width, layout.height];
  buildBoard();
  render();
  showInvites();
  connect();
}

function showInvites() {
  const links = JSON.parse(sessionStorage.getItem(`links-${gameId}`) || "null");
  if (!links) return;
  const box = document.getElementById("seats");
  box.append(el("h2", {}, "Invite links (one per side; keep them secret)"));
  for (const [side, link] of links) {
    const p = el("p");
    p.append(el("strong", {}, side + ": "), el("a", { href: link, class: "invite", "data-side": side }, link));
    box.append(p);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}?token=${encodeURIComponent(token)}`);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { state = message.state; render(); }
    else refused(message);
  };
  socket.onclose = () => { socket = null; };
}

function refused(body) {
  const rule = body.rule ? ` (rule ${body.rule})` : "";
  say(`Refused${rule}: ${body.message}`, "refused");
  if (body.state) { state = body.state; render(false); }
}

async function send(body) {
  body.steps = state.steps;
  say("", "");
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(body)); return; }
  const { status, data } = await api("POST", `/api/games/${gameId}/actions?token=${encodeURIComponent(token)}`, body);
  if (status === 200) { state = data; render(); } else refused(data);
}

function buildBoard() {
  const board = document.getElementById("board");
  board.replaceChildren();
  board.append(svg("image", { href: `/art/${state.game}/board.png`, x: 0, y: 0, width: layout.width, height: layout.height }));
  board.append(svg("g", { id: "units" }), svg("g", { id: "marks" }));
  setView();
  let drag = null;
  board.addEventListener("wheel", (event) => {
    event.preventDefault();
    const factor = event.deltaY > 0 ? 1.15 : 1 / 1.15;
    const [x, y, w, h] = view;
    const box = board.getBoundingClientRect();
    const px = x + (event.clientX - box.left) / box.width * w;
    const py = y + (event.clientY - box.top) / box.height * h;
    view = [px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor];
    setView();
  }, { passive: false });
  board.addEventListener("pointerdown", (event) => { drag = [event.clientX, event.clientY, view[0], view[1], false]; });
  board.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const box = board.getBoundingClientRect();
    const dx = (event.clientX - drag[0]) / box.width * view[2];
    const dy = (event.clientY - drag[1]) / box.height * view[3];
    if (Math.abs(dx) + Math.abs(dy) > 2) drag[4] = true;
    view = [drag[2] - dx, drag[3] - dy, view[2], view[3]];
    setView();
  });
  board.addEventListener("pointerup", (event) => {
    const moved = drag && drag[4];
    drag = null;
    if (!moved && selected && event.target.closest("#units, #marks") === null) clickHex(event);
  });
}

// A click on a hex the unit may not reach sends the move anyway: the server names the rule that
// refuses it, so a player learns why rather than seeing nothing happen.
function clickHex(event) {
  const board = document.getElementById("board");
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(board.getScreenCTM().inverse());
  let nearest = null;
  let distance = Infinity;
  for (const [space, [x, y]] of Object.entries(layout.spaces)) {
    const d = (x - point.x) ** 2 + (y - point.y) ** 2;
    if (d < distance) { nearest = space; distance = d; }
  }
  if (nearest === null || distance > layout.counter ** 2) return;
  const move = movesOf(selected).find((a) => a.step.path[a.step.path.length - 1] === nearest);
  send({ action: move ? move.step : { move: selected, path: [nearest] } });
}

function setView() {
  document.getElementById("board").setAttribute("viewBox", view.join(" "));
}

function render(clearMessage = true) {
  const bar = document.getElementById("bar");
  const who = state.over ? `over: ${state.result}` : `${state.active_side_name} to act`;
  const seat = state.seat === null ? "watching" : state.seat === "*" ? "hot-seat" : `your side: ${state.seat}`;
  bar.textContent = `${state.title}, ${state.scenario} · Turn ${state.turn} · ${state.phase.name} · ${who} · step ${state.steps} · ${seat}`;
  if (clearMessage && document.getElementById("message").className === "ok") say("", "");
  drawUnits();
  drawQuestion();
  drawLegal();
  drawDeclared();
  drawUndo();
  const log = document.getElementById("log");
  log.replaceChildren(...state.log.slice(-60).map((text) => el("li", {}, text)));
  log.scrollTop = log.scrollHeight;
}

function stacks() {
  const found = {};
  for (const unit of state.units) (found[unit.at] = found[unit.at] || []).push(unit);
  return found;
}

function drawUnits() {
  const group = document.getElementById("units");
  group.replaceChildren();
  const size = layout.counter;
  for (const [space, units] of Object.entries(stacks())) {
    const centre = layout.spaces[space];
    if (!centre) continue;
    units.forEach((unit, index) => {
      const x = centre[0] - size / 2 + index * 4;
      const y = centre[1] - size / 2 - index * 4;
      let node;
      if (unit.hidden) {
        node = svg("g", { class: "unit face-down", "data-space": space });
        node.append(svg("rect", { x, y, width: size, height: size, class: "face-down" }));
        const mark = svg("text", { x: x + size / 2, y: y + size / 2 + 6, "text-anchor": "middle", class: "face-down-text" });
        mark.textContent = "?";
        node.append(mark);
      } else {
        node = svg("image", {
          href: `/art/${state.game}/counters/${encodeURIComponent(unit.counter)}/${unit.face}.png`,
          x, y, width: size, height: size, class: "unit", "data-unit": unit.id, "data-space": space,
        });
        const title = svg("title");
        title.textContent = `${unit.id} (${unit.side}) in ${space}`;
        node.append(title);
      }
      node.addEventListener("click", (event) => { event.stopPropagation(); pickStack(space, unit); });
      group.append(node);
    });
  }
  drawReach();
}

function pickStack(space, unit) {
  const units = stacks()[space] || [];
  const box = document.getElementById("stack");
  box.replaceChildren(el("p", {}, `In ${space}: `));
  for (const u of units) {
    const label = u.hidden ? "a face-down counter" : `${u.id}${u.damaged ? " (reduced)" : ""}`;
    const button = el("button", { "data-unit": u.id }, label);
    button.onclick = () => { selected = u.hidden ? null : u.id; drawReach(); drawLegal(); };
    box.append(button);
  }
  selected = unit.hidden ? null : unit.id;
  drawReach();
  drawLegal();
}

function movesOf(unitId) {
  return state.legal.filter((a) => a.step.move === unitId);
}

function drawReach() {
  const marks = document.getElementById("marks");
  marks.replaceChildren();
  if (!selected) return;
  const unit = state.units.find((u) => u.id === selected);
  if (unit && layout.spaces[unit.at]) {
    const [x, y] = layout.spaces[unit.at];
    marks.append(svg("circle", { cx: x, cy: y, r: layout.counter * 0.75, class: "selected" }));
  }
  const best = {};
  for (const action of movesOf(selected)) {
    const to = action.step.path[action.step.path.length - 1];
    if (!(to in best) || action.step.path.length < best[to].step.path.length) best[to] = action;
  }
  for (const [to, action] of Object.entries(best)) {
    const centre = layout.spaces[to];
    if (!centre) continue;
    const mark = svg("circle", { cx: centre[0], cy: centre[1], r: layout.counter * 0.45, class: "reach", "data-hex": to });
    mark.addEventListener("click", (event) => { event.stopPropagation(); send({ action: action.step }); selected = null; });
    const cost = svg("text", { x: centre[0], y: centre[1] + 4, "text-anchor": "middle", class: "reach-cost" });
    cost.textContent = String(action.step.path.length);
    const title = svg("title");
    title.textContent = `${action.text} (${action.step.path.length} hexes entered)`;
    mark.append(title);
    marks.append(mark, cost);
  }
}

function drawLegal() {
  const list = document.getElementById("legal");
  list.replaceChildren();
  if (state.seat === null) { list.append(el("li", {}, "You are watching.")); return; }
  if (!state.legal.length) {
    const awaited = state.waiting_for ? `Waiting for the ${state.waiting_for.name} player's answer.` : "Waiting for the other side.";
    list.append(el("li", {}, state.question ? "Answer the question above." : awaited));
    return;
  }
  const shown = state.legal.filter((a) => !("move" in a.step) || a.step.move === selected);
  const moves = state.legal.length - state.legal.filter((a) => !("move" in a.step)).length;
  if (moves && !selected) list.append(el("li", {}, `${moves} moves: click a unit to see where it may go.`));
  for (const action of shown) {
    const item = el("li");
    const button = el("button", { "data-step": JSON.stringify(action.step) }, action.text);
    button.onclick = () => ("attack" in action.step ? declare(action) : send({ action: action.step }));
    item.append(button);
    list.append(item);
  }
}

// An attack is declared first: the engine's words for it (totals, odds or differential, the
// column after shifts, the die modifier) are shown, and only "Attack" sends it.
function declare(action) {
  declared = action;
  drawDeclared();
}

function drawDeclared() {
  const box = document.getElementById("declared");
  box.replaceChildren();
  if (!declared || !state.legal.some((a) => JSON.stringify(a.step) === JSON.stringify(declared.step))) {
    declared = null;
    return;
  }
  box.append(el("h2", {}, "Attack declared"), el("p", { id: "odds" }, declared.text));
  const commit = el("button", { id: "commit" }, "Attack");
  commit.onclick = () => { const step = declared.step; declared = null; drawDeclared(); send({ action: step }); };
  const cancel = el("button", { id: "cancel" }, "Cancel");
  cancel.onclick = () => { declared = null; drawDeclared(); };
  box.append(commit, " ", cancel);
}

// Undo is offered when the last action rolled no die; the server decides (and says why not).
function drawUndo() {
  const button = document.getElementById("undo");
  button.hidden = !state.undo;
  button.onclick = async () => {
    say("", "");
    const path = `/api/games/${gameId}/undo?token=${encodeURIComponent(token)}`;
    const { status, data } = await api("POST", path, { steps: state.steps });
    if (status === 200) { state = data; selected = null; render(); } else refused(data);
  };
}

function drawQuestion() {
  const box = document.getElementById("question");
  box.replaceChildren();
  const question = state.question;
  if (!question) return;
  box.append(el("h2", {}, "A choice for you"));
  for (const line of question.text.split("\n")) box.append(el("p", {}, line));
  if (question.maximum === 1 && question.minimum === 1) {
    question.options.forEach((option, index) => {
      const button = el("button", { "data-answer": index }, option);
      button.onclick = () => send({ answer: [index] });
      box.append(button);
    });
    return;
  }
  const picks = question.options.map((option, index) => {
    const label = el("label");
    const check = el("input", { type: "checkbox", value: index });
    label.append(check, " " + option);
    box.append(label, el("br"));
    return check;
  });
  const done = el("button", {}, `Answer (${question.minimum} to ${question.maximum})`);
  done.onclick = () => send({ answer: picks.filter((c) => c.checked).map((c) => Number(c.value)) });
  box.append(done);
}

if (gameId) showTable(); else showLobby();
