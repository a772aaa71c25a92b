// kok design: the page. Plain JavaScript, no build step, no network beyond this server.
// The page edits the layout document (the YAML file's values); the server checks, previews
// and saves it with the kok_layouts library, so it always agrees with `kok validate`.
// What each edition shows and edits (its palette, tools, fields and their limits) comes
// from the server too: the page knows no edition by name.
"use strict";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GROUPS = "abcdefghijklmnopqrstuvwxyz";
const HISTORY_LIMIT = 200;

const state = {
  doc: null,
  editions: {},
  limits: {},
  file: "",
  undo: [],
  redo: [],
  tool: { kind: "colour", key: null },
  lastColour: null,
  painting: false,
  strokeStarted: false,
  seq: 0,
  timer: null,
  previewUrl: null,
  focus: "A1",
  job: null,
  saved: null,
  lastCell: null,
  base: null,      // the SHA-256 of the file as this page last read or wrote it (null: none yet)
  conflict: null,  // the server's account of the last refused save, if any
  draftKey: null,  // where this file's unsaved draft is kept in the browser
  serverDoc: null, // the board as the server gave it, for "discard the draft"
  serverBase: null,
  selected: [],    // the cells a clicked problem is about
  checked: null,   // the board (as a snapshot) the report on screen is about
  search: null,    // the balanced search running, if any
  problems: [],    // the last problems with their line and column in the YAML
  yaml: "",
};

const $ = (selector) => document.querySelector(selector);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "style") Object.assign(node.style, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

// ---- Talking to the server -------------------------------------------------------------

async function api(route, body = {}, as = "json") {
  let response;
  try {
    response = await fetch("/api/" + route, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (_) {
    goOffline();  // no answer at all: the server stopped (the edits go on here)
    throw new ApiError(OFFLINE, 0, {});
  }
  if (state.offline) backOnline();
  if (!response.ok) {
    let line = `${response.status} ${response.statusText}`;
    let data = {};
    try { data = await response.json(); line = data.error || line; } catch (_) { /* not JSON */ }
    throw new ApiError(line, response.status, data);
  }
  if (as === "json") return response.json();
  return { blob: await response.blob(), name: downloadName(response) };
}

// A refused request: the server's one line, its HTTP status and the rest of its answer.
class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

// The file name the server chose for a download (the board's name made safe).
function downloadName(response) {
  const header = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(header);
  return match ? match[1] : null;
}

// ---- Offline: the server stopped --------------------------------------------------------
// Edits go on in the page and are kept as a draft in the browser. The page asks every few
// seconds whether a server answers again; `kok design` started again in the same folder
// takes the same port and token (remembered per folder), so this page reconnects and saves
// as before. A server at another address is another origin with other storage: for it the
// page offers the draft as a file that `kok design FILE` opens.

const OFFLINE = "offline: kok design is not answering";
const RETRY_MS = 1500;

function goOffline() {
  if (state.offline) return;
  state.offline = true;
  document.body.dataset.offline = "1";
  $("#offline-text").textContent = "Offline: kok design stopped answering. Your edits go on "
    + "here and are kept in this browser; start kok design again in the same folder and "
    + "this page reconnects.";
  $("#offline").hidden = false;
  document.body.dataset.pending = "0";
  setTimeout(ping, RETRY_MS);
}

function backOnline() {
  state.offline = false;
  document.body.dataset.offline = "0";
  $("#offline").hidden = true;
  status("reconnected to kok design; nothing was lost");
  if (state.doc && !$("#designer").hidden) {
    scheduleChecks();
    checkDisk();
  }
}

async function ping() {
  if (!state.offline) return;
  try {
    const response = await fetch("/api/version", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ base: state.base }),
    });
    if (response.status === 403) {
      $("#offline-text").textContent = "A new kok design answers here, with another access "
        + "token: open the address it printed (this board is restored there from the "
        + "browser), or download the draft.";
    } else {
      backOnline();
      return;
    }
  } catch (_) { /* still no server */ }
  setTimeout(ping, RETRY_MS);
}

// The draft as a file: JSON is YAML, so `kok design board-draft.yaml` opens it.
function downloadDraft() {
  if (!state.doc) return;
  const blob = new Blob([JSON.stringify(state.doc, null, 2) + "\n"],
                        { type: "application/x-yaml" });
  const url = URL.createObjectURL(blob);
  const stem = String(state.doc.name || "board").toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
  const link = el("a", { href: url, download: `${stem || "board"}-draft.yaml` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function showError(message) {
  if (String(message) === OFFLINE) return;  // the offline line says it
  const box = $("#error");
  box.textContent = String(message).split("\n")[0];
  box.hidden = false;
}

function clearError() {
  $("#error").hidden = true;
  $("#error").textContent = "";
}

function showFile(name) {
  $("#file").textContent = name;
  $("#file").title = `Save writes ${name}`;
}

function status(text) {
  $("#status").textContent = text;
  $("#status").classList.remove("conflict");  // a conflict's line marks itself again
}

// ---- The document ------------------------------------------------------------------------

// The parts of the board's edition, as the server describes them.
const parts = () => state.editions[state.doc.edition];
const paletteKey = () => parts().palette_key;
const palette = () => state.doc[paletteKey()] || {};
const width = () => state.doc.grid[0].length;
const height = () => state.doc.grid.length;
const cellName = (row, col) => LETTERS[col] + (row + 1);

function parseCell(name) {
  return { col: LETTERS.indexOf(name[0]), row: parseInt(name.slice(1), 10) - 1 };
}

// The value at a path of keys in the document (undefined when a key is missing).
function lookup(doc, path) {
  let value = doc;
  for (const key of path) {
    if (!value || typeof value !== "object") return undefined;
    value = value[key];
  }
  return value;
}

function setChar(key, row, col, char) {
  const line = state.doc[key][row];
  state.doc[key][row] = line.slice(0, col) + char + line.slice(col + 1);
}

function boxCells() {
  const boxes = state.doc.boxes;
  return boxes && Array.isArray(boxes.cells) ? boxes.cells : null;
}

function printColour(key) {
  const entry = palette()[key.toLowerCase()];
  return entry && typeof entry.print === "string" ? entry.print : "#999";
}

function snapshot() { return JSON.stringify(state.doc); }

function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > HISTORY_LIMIT) state.undo.shift();
  state.redo = [];
}

function changed() {
  renderAll();
  scheduleChecks();
  keepDraft();
  markStale();
}

// A report is about the board it checked: once the board differs, the report says so.
function markStale() {
  const stale = state.checked !== null && snapshot() !== state.checked;
  $("#report").classList.toggle("stale", stale);
  $("#check-stale").hidden = !stale;
  document.body.dataset.stale = stale ? "1" : "0";
}

function commit(mutate) {
  remember();
  mutate(state.doc);
  changed();
}

// A change typed into a field: the field shows it already, so nothing is redrawn (a redraw
// would take the keyboard focus away while the designer tabs through the fields).
function commitField(mutate) {
  remember();
  mutate(state.doc);
  renderTools();
  renderCounts();
  scheduleChecks();
  keepDraft();
  markStale();
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(snapshot());
  state.doc = JSON.parse(state.undo.pop());
  changed();
  status("undone");
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(snapshot());
  state.doc = JSON.parse(state.redo.pop());
  changed();
  status("redone");
}

// ---- Tools -------------------------------------------------------------------------------

function selectTool(tool) {
  if (tool.kind !== "colour" && !parts().tools.includes(tool.kind)) return;
  state.tool = tool;
  if (tool.kind === "colour") state.lastColour = tool.key;
  renderTools();
}

// Apply the current tool to one cell; returns whether the document changed.
function applyTool(name, dragging) {
  const { row, col } = parseCell(name);
  const char = state.doc.grid[row][col];
  const tool = state.tool;
  const boxes = boxCells();
  switch (tool.kind) {
    case "colour": {
      const star = char !== "." && char === char.toUpperCase();
      const next = star ? tool.key.toUpperCase() : tool.key;
      if (next === char) return false;
      setChar("grid", row, col, next);
      return true;
    }
    case "erase": {
      let done = false;
      if (char !== "." && char !== char.toLowerCase()) {
        setChar("grid", row, col, char.toLowerCase());
        done = true;
      }
      if (boxes && boxes.includes(name)) {
        boxes.splice(boxes.indexOf(name), 1);
        done = true;
      }
      return done;
    }
    case "star":
      if (dragging || char === ".") return false;
      setChar("grid", row, col,
              char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase());
      return true;
    case "hole":
      if (dragging) return false;
      if (char === ".") {
        setChar("grid", row, col, state.lastColour || Object.keys(palette())[0]);
      } else {
        setChar("grid", row, col, ".");
        if (boxes && boxes.includes(name)) boxes.splice(boxes.indexOf(name), 1);
      }
      return true;
    case "box":
      if (dragging || char === "." || !boxes) return false;
      if (boxes.includes(name)) boxes.splice(boxes.indexOf(name), 1);
      else boxes.push(name);
      return true;
    case "fill": {
      // Paint the whole area (the neighbouring cells of one colour, one enclosure in Kids)
      // with the last colour picked; stars stay.
      if (dragging || char === ".") return false;
      const colour = state.lastColour || Object.keys(palette())[0];
      let done = false;
      for (const [r, c] of areaOf(row, col)) {
        const old = state.doc.grid[r][c];
        const next = old !== old.toLowerCase() ? colour.toUpperCase() : colour;
        if (next !== old) { setChar("grid", r, c, next); done = true; }
      }
      return done;
    }
    case "enclosure": {
      if (dragging || char === ".") return false;
      if (!Array.isArray(state.doc.enclosures)) {
        state.doc.enclosures = state.doc.grid.map((line) => "a".repeat(line.length));
      }
      const group = state.doc.enclosures[row][col];
      const next = GROUPS[(GROUPS.indexOf(group) + 1) % 8];
      setChar("enclosures", row, col, next);
      return true;
    }
    default:
      return false;
  }
}

function cellAction(name, dragging) {
  const before = snapshot();
  if (!applyTool(name, dragging)) return;
  if (!state.strokeStarted) {
    state.undo.push(before);
    if (state.undo.length > HISTORY_LIMIT) state.undo.shift();
    state.redo = [];
    state.strokeStarted = state.painting;
  }
  state.focus = name;
  followFocus(name);
  changed();
}

function toggleStartColumn(letter) {
  commit((doc) => {
    const starts = Array.isArray(doc.start_columns) ? doc.start_columns : [];
    const index = starts.indexOf(letter);
    if (index >= 0) starts.splice(index, 1);
    else starts.push(letter);
    starts.sort();
    doc.start_columns = starts;
  });
}

// ---- Drawing ----------------------------------------------------------------------------

function renderAll() {
  $("#title").value = state.doc.title || "";
  $("#name").value = state.doc.name || "";
  $("#width").value = width();
  $("#height").value = height();
  renderTools();
  renderSheet();
  renderExtras();
  renderCounts();
  renderGridTools();
}

// The grid toolbar's choice of column and row follows the focused cell.
function renderGridTools() {
  const pick = (selector, count, name) => {
    const box = $(selector);
    const was = box.value;
    box.replaceChildren(...Array.from({ length: count }, (_, i) => el("option",
      { value: String(i), text: name(i) })), el("option", { value: String(count), text: "end" }));
    box.value = was !== "" && Number(was) <= count ? was : "0";
  };
  pick("#edit-column", width(), (i) => LETTERS[i]);
  pick("#edit-row", height(), (i) => String(i + 1));
}

function followFocus(name) {
  const { row, col } = parseCell(name);
  $("#edit-column").value = String(col);
  $("#edit-row").value = String(row);
}

// Insert or delete a row or column, mirror or turn the board: the server does it, so every
// list along the rows and columns follows (points, buckets, visitors, boxes, row items).
async function gridEdit(op) {
  const at = op.endsWith("column") ? Number($("#edit-column").value)
    : op.endsWith("row") ? Number($("#edit-row").value) : 0;
  try {
    const result = await api("edit", { doc: state.doc, op, at });
    remember();
    state.doc = result.doc;
    state.selected = [];
    changed();
    clearError();
    status(`${op.replace("_", " ")} done; undo takes it back`);
  } catch (err) {
    showError(err.message);
  }
}

function renderTools() {
  const box = $("#palette");
  box.replaceChildren();
  Object.entries(palette()).forEach(([key, entry], index) => {
    const label = entry.name || key;
    box.append(el("button", {
      type: "button", "data-colour": key, title: `${label} (${index + 1})`,
      "aria-pressed": state.tool.kind === "colour" && state.tool.key === key ? "true" : "false",
      style: { background: printColour(key) }, text: `${index + 1} ${label}`,
      onclick: () => selectTool({ kind: "colour", key }),
    }));
  });
  for (const button of document.querySelectorAll("[data-tool]")) {
    button.hidden = !parts().tools.includes(button.dataset.tool);
    button.setAttribute("aria-pressed", state.tool.kind === button.dataset.tool ? "true" : "false");
  }
  $("#undo").disabled = !state.undo.length;
  $("#redo").disabled = !state.redo.length;
  $("#file-state").classList.toggle("dirty", isDirty());
}

// The cells of the area (neighbouring cells of one group) that holds the cell at row, col.
function areaOf(row, col) {
  const group = groupOf(row, col);
  if (group === null) return [];
  const seen = new Set([`${row},${col}`]);
  const todo = [[row, col]];
  const cells = [];
  while (todo.length) {
    const [r, c] = todo.pop();
    cells.push([r, c]);
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const nr = r + dr, nc = c + dc, key = `${nr},${nc}`;
      if (nr < 0 || nc < 0 || nr >= height() || nc >= width() || seen.has(key)) continue;
      if (groupOf(nr, nc) !== group) continue;
      seen.add(key);
      todo.push([nr, nc]);
    }
  }
  return cells;
}

// Cells and areas per colour, as the designer balances a board: how many cells each colour
// has and the sizes of its areas, largest first.
function renderCounts() {
  const counts = {}, areas = {};
  const seen = new Set();
  for (let row = 0; row < height(); row += 1) {
    for (let col = 0; col < width(); col += 1) {
      const char = state.doc.grid[row][col];
      if (char === ".") continue;
      const key = char.toLowerCase();
      counts[key] = (counts[key] || 0) + 1;
      if (seen.has(`${row},${col}`)) continue;
      const area = areaOf(row, col);
      for (const [r, c] of area) seen.add(`${r},${c}`);
      (areas[key] = areas[key] || []).push(area.length);
    }
  }
  const keys = [...new Set([...Object.keys(palette()), ...Object.keys(counts)])];
  const rows = keys.map((key) => {
    const entry = palette()[key];
    const sizes = (areas[key] || []).sort((a, b) => b - a);
    return el("tr", { "data-count": key },
      el("td", {}, el("span", { class: "swatch", style: { background: printColour(key) } }),
         entry ? entry.name || key : `${key} (no such colour)`),
      el("td", { text: `${counts[key] || 0} cells` }),
      el("td", { text: sizes.length ? `${sizes.length} areas: ${sizes.join(" ")}` : "no area" }));
  });
  $("#counts").replaceChildren(el("table", {}, ...rows));
}

function groupOf(row, col) {
  const char = state.doc.grid[row][col];
  if (char === ".") return null;
  const enclosures = state.doc.enclosures;
  const mark = Array.isArray(enclosures) && enclosures[row] ? enclosures[row][col] : "";
  return char.toLowerCase() + mark;
}

// What is wrong with the text of a whole-number field, or "" when it is a number in range.
function numberProblem(input, min, max) {
  const text = input.value.trim();
  if (input.validity && input.validity.badInput) return "not a number";
  if (text === "") return "a whole number is needed";
  if (!/^-?[0-9]+$/.test(text)) return `a whole number, not ${text}`;
  const number = Number(text);
  if (min !== undefined && min !== null && number < Number(min)) return `at least ${min}`;
  if (max !== undefined && max !== null && number > Number(max)) return `at most ${max}`;
  return "";
}

// Mark a field's text as refused (or not) where it is typed: red, with the reason.
function markField(input, problem, label) {
  input.setCustomValidity(problem);
  input.classList.toggle("invalid", Boolean(problem));
  if (problem) {
    input.setAttribute("aria-invalid", "true");
    input.title = `${label}: ${problem}; the board keeps its last value`;
  } else {
    input.removeAttribute("aria-invalid");
    input.title = "";
  }
}

// A field for a whole number: refused in place while it is not one (2.5, 1e3, -) or out
// of range; the board keeps its last number until the field holds a good one.
function numberInput(value, onchange, attrs = {}) {
  let current = value;
  const label = attrs["aria-label"] || "number";
  const input = el("input", { type: "number", step: "1", value: value ?? "", ...attrs });
  const check = () => {
    const problem = numberProblem(input, attrs.min, attrs.max);
    markField(input, problem, label);
    return problem;
  };
  input.addEventListener("input", check);
  input.addEventListener("change", () => {
    const problem = check();
    if (problem) {
      status(`not changed: ${label} is ${problem}`);
      return;
    }
    const number = Number(input.value.trim());
    current = number;
    commitField((doc) => onchange(doc, number));
  });
  input.addEventListener("blur", () => {
    if (input.value === "" && current !== undefined && current !== null) {
      input.value = current;
      check();
    }
  });
  return input;
}

function renderSheet() {
  const table = $("#sheet");
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.cell : null;
  table.replaceChildren();
  const w = width(), h = height();
  const starts = Array.isArray(state.doc.start_columns) ? state.doc.start_columns : [];
  const boxes = boxCells() || [];
  const head = el("tr", {}, el("th"));
  for (let col = 0; col < w; col += 1) {
    const letter = LETTERS[col];
    if (!parts().start_columns) {
      head.append(el("th", { text: letter }));
    } else {
      head.append(el("th", {}, el("button", {
        type: "button", "data-column": letter, class: starts.includes(letter) ? "start" : null,
        title: `column ${letter}: toggle start column`, text: letter,
        "aria-pressed": starts.includes(letter) ? "true" : "false",
        onclick: () => toggleStartColumn(letter),
      })));
    }
  }
  table.append(head);
  const rows = state.doc.rows;
  for (let row = 0; row < h; row += 1) {
    const tr = el("tr", {}, el("th", { text: String(row + 1) }));
    for (let col = 0; col < w; col += 1) {
      const name = cellName(row, col);
      const char = state.doc.grid[row][col];
      const group = groupOf(row, col);
      const walls = [];
      if (group !== null) {
        if (row === 0 || groupOf(row - 1, col) !== group) walls.push("wall-top");
        if (row === h - 1 || groupOf(row + 1, col) !== group) walls.push("wall-bottom");
        if (col === 0 || groupOf(row, col - 1) !== group) walls.push("wall-left");
        if (col === w - 1 || groupOf(row, col + 1) !== group) walls.push("wall-right");
      }
      const hole = char === ".";
      const star = !hole && char !== char.toLowerCase();
      const classes = [hole ? "hole" : "", star ? "star" : "", boxes.includes(name) ? "box" : ""];
      const entry = hole ? null : palette()[char.toLowerCase()];
      const what = hole ? "hole" : `${entry ? entry.name : char}${star ? ", star" : ""}`
        + (boxes.includes(name) ? ", box" : "");
      if (state.selected.includes(name)) classes.push("selected");
      tr.append(el("td", { class: ["cell", ...walls].join(" ") }, el("button", {
        type: "button", "data-cell": name, class: classes.join(" ").trim() || null,
        tabindex: name === state.focus ? "0" : "-1", title: `${name}: ${what}`,
        "aria-label": `${name}: ${what}`,
        style: hole ? {} : { background: printColour(char) }, text: star ? "★" : "",
      })));
    }
    if (rows && Array.isArray(rows.labels)) {
      const items = Array.isArray(rows.items) ? rows.items : [];
      tr.append(el("th", { text: rows.labels[row] ?? "" }));
      const select = el("select", {
        "aria-label": `row ${row + 1} item`,
        onchange: (event) => commitField((doc) => {
          while (doc.rows.items.length < h) doc.rows.items.push(null);
          doc.rows.items[row] = event.target.value || null;
        }),
      });
      for (const item of ["", ...parts().row_items]) {
        select.append(el("option", { value: item, text: item || "—",
                                     selected: (items[row] || "") === item }));
      }
      tr.append(el("td", {}, select));
    }
    table.append(tr);
  }
  // A row of numbers per column under the grid (column points, buckets).
  for (const spec of parts().column_rows) {
    const values = lookup(state.doc, spec.path);
    if (!Array.isArray(values)) continue;
    const tr = el("tr", { class: "points" }, el("th", { text: spec.label }));
    for (let col = 0; col < w; col += 1) {
      tr.append(el("td", {}, numberInput(values[col], (doc, n) => {
        lookup(doc, spec.path)[col] = n;
      }, { min: spec.min, max: spec.max, "aria-label": `${spec.aria} ${LETTERS[col]}`,
           "data-points": `${spec.key}-${LETTERS[col]}` })));
    }
    table.append(tr);
  }
  if (focused) {
    const again = table.querySelector(`[data-cell="${focused}"]`);
    if (again) again.focus();
  }
}

// A field for one value of the document, as the edition's parts describe it: its label,
// its path of keys, its limits, and the value shown when the document leaves it out.
function field(spec) {
  const path = spec.path;
  const holder = lookup(state.doc, path.slice(0, -1));
  if (!holder || typeof holder !== "object" || Array.isArray(holder)) return null;
  const last = path[path.length - 1];
  if (!(last in holder) && spec.default === undefined) return null;
  const value = last in holder ? holder[last] : spec.default;
  const label = spec.label;
  let input;
  const set = (doc, v) => {
    let target = doc;
    for (const key of path.slice(0, -1)) target = target[key];
    target[last] = v;
  };
  if (typeof value === "boolean") {
    input = el("input", { type: "checkbox", checked: value,
                          onchange: (e) => commitField((doc) => set(doc, e.target.checked)) });
  } else if (typeof value === "number") {
    input = numberInput(value, set, { min: spec.min, max: spec.max, "aria-label": label });
  } else if (Array.isArray(value) && spec.min !== undefined) {
    // A list of whole numbers (a row's points each): every word must be one.
    input = el("input", { type: "text", value: value.join(" "), "aria-label": label });
    input.addEventListener("change", () => {
      const words = input.value.split(/[\s,]+/).filter(Boolean);
      const bad = words.find((w) => !/^-?[0-9]+$/.test(w)
        || Number(w) < spec.min || Number(w) > spec.max);
      const problem = bad !== undefined ? `${bad} is not a whole number from ${spec.min} `
        + `to ${spec.max}` : words.length ? "" : "a list of whole numbers is needed";
      markField(input, problem, label);
      if (problem) { status(`not changed: ${label}: ${problem}`); return; }
      commitField((doc) => set(doc, words.map(Number)));
    });
  } else {
    input = el("input", { type: "text", value: Array.isArray(value) ? value.join(" ") : value,
      class: path[path.length - 1] === "description" ? "wide" : Array.isArray(value) ? "list" : null,
      onchange: (e) => commitField((doc) => set(doc, Array.isArray(value)
        ? e.target.value.split(/[\s,]+/).filter(Boolean) : e.target.value)) });
  }
  return el("label", { "data-field": path.join(".") }, `${label} `, input);
}

// A new colour (animal) for the palette: a free letter and a name not yet taken.
function addColour() {
  const entries = palette();
  if (Object.keys(entries).length >= parts().palette_size.max) {
    status(`not added: a board has at most ${parts().palette_size.max} ${parts().palette_legend.toLowerCase()}`);
    return;
  }
  const names = new Set(Object.values(entries).map((e) => e.name));
  const name = parts().spare_names.find((n) => !names.has(n)) || "new";
  const used = new Set([...Object.keys(entries), "."]);
  const key = [name[0], ...GROUPS].find((k) => !used.has(k));
  commit((doc) => {
    const entry = {};
    for (const [text] of parts().palette_texts) entry[text] = text === "name" ? name : "white";
    entry.print = "#888888";
    doc[paletteKey()][key] = entry;
  });
  selectTool({ kind: "colour", key });
  status(`added ${name} (${key}); paint with it, or rename it`);
}

// Remove a colour (animal) no cell is painted with; one in use says how many cells it has.
function removeColour(key) {
  const used = state.doc.grid.join("").split("").filter((c) => c.toLowerCase() === key).length;
  const name = palette()[key].name || key;
  if (used) {
    status(`not removed: ${name} paints ${used} cells; paint them another colour first`);
    return;
  }
  commit((doc) => { delete doc[paletteKey()][key]; });
  if (state.tool.kind === "colour" && state.tool.key === key) {
    selectTool({ kind: "colour", key: Object.keys(palette())[0] });
  }
  status(`removed ${name}`);
}

function fieldset(legend, ...fields) {
  const kept = fields.filter(Boolean);
  return kept.length ? el("fieldset", {}, el("legend", { text: legend }), ...kept) : null;
}

function renderExtras() {
  const box = $("#extras");
  box.replaceChildren();
  const groups = [];
  const colours = Object.entries(palette()).map(([key, entry]) => el("span",
    { "data-palette": key, class: "entry" }, `${key} `,
    ...parts().palette_texts.map(([text, label]) => el("input", {
      type: "text", value: entry[text] ?? "", "aria-label": `${label} of ${key}`,
      class: "name", onchange: (e) => commitField((doc) => {
        doc[paletteKey()][key][text] = e.target.value;
      }) })),
    el("input", { type: "color", "aria-label": `print colour of ${key}`,
      value: /^#[0-9a-f]{6}$/i.test(entry.print || "") ? entry.print.toLowerCase() : "#999999",
      onchange: (e) => commit((doc) => { doc[paletteKey()][key].print = e.target.value; }) }),
    el("button", { type: "button", class: "remove", "aria-label": `remove ${key}`,
                   title: `remove ${entry.name || key}`, text: "×",
                   onclick: () => removeColour(key) })));
  colours.push(el("button", { type: "button", id: "add-colour", onclick: addColour,
    text: `+ ${parts().palette_texts[0][1] === "name" ? "colour" : parts().palette_texts[0][1]}` }));
  groups.push(fieldset(parts().palette_legend, ...colours));
  for (const spec of parts().fieldsets) {
    if (spec.per_column) {
      // A text for every column (the visitors above the columns).
      const list = state.doc[spec.per_column];
      if (!Array.isArray(list)) continue;
      const texts = list.map((text, col) => el("label", {},
        `${LETTERS[col]} `, el("input", { type: "text", value: text,
          "aria-label": `${spec.item} ${LETTERS[col]}`,
          onchange: (e) => commitField((doc) => { doc[spec.per_column][col] = e.target.value; }),
        })));
      groups.push(fieldset(spec.legend, ...texts));
    } else {
      groups.push(fieldset(spec.legend, ...spec.fields.map(field)));
    }
  }
  box.append(...groups.filter(Boolean));
}

// ---- Live checks ----------------------------------------------------------------------

function scheduleChecks() {
  document.body.dataset.pending = "1";
  clearTimeout(state.timer);
  state.timer = setTimeout(runChecks, 150);
}

async function runChecks() {
  state.seq += 1;
  const mine = state.seq;
  const doc = state.doc;
  try {
    const result = await api("validate", { doc, profile: $("#profile").value });
    if (mine !== state.seq) return;
    state.file = result.file;
    showFile(result.file);
    const list = $("#problems");
    const places = Array.isArray(result.places) ? result.places : [];
    state.problems = result.problems.map((line, i) => ({ line, place: places[i] || [null, null] }));
    renderYaml(result.yaml || "");
    document.body.dataset.problemsAt = String(performance.now());  // for benchmarks
    list.replaceChildren(...state.problems.map((problem, i) => el("li", {
      text: problem.line, tabindex: "0", "data-problem": String(i),
      title: "show the cells or the field this is about",
      onclick: () => selectProblem(problem),
      onkeydown: (e) => { if (e.key === "Enter") selectProblem(problem); },
    })));
    $("#valid").hidden = !result.valid;
    clearError();
    try {
      const image = await api("preview", { doc }, "blob");
      if (mine !== state.seq) return;
      if (state.previewUrl) URL.revokeObjectURL(state.previewUrl);
      state.previewUrl = URL.createObjectURL(image.blob);
      $("#preview").onload = () => {
        document.body.dataset.previewAt = String(performance.now());
      };
      $("#preview").src = state.previewUrl;
      $("#preview").dataset.seq = String(mine);
    } catch (err) {
      if (mine === state.seq) status(`no preview: ${err.message}`);
    }
  } catch (err) {
    if (mine === state.seq) showError(err.message);
  } finally {
    if (mine === state.seq) document.body.dataset.pending = "0";
  }
}

// ---- Problems point into the YAML and at the board -----------------------------------------

function renderYaml(text) {
  state.yaml = text;
  const lines = text.replace(/\n$/, "").split("\n");
  $("#yaml").replaceChildren(...lines.map((line, i) =>
    el("span", { class: "line", "data-line": String(i + 1), text: line || " " })));
}

// The top-level key whose block holds YAML line `line` (1-based), and that key's line.
function keyOfLine(line) {
  const lines = state.yaml.split("\n");
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i -= 1) {
    const match = /^([A-Za-z_][\w-]*)\s*:/.exec(lines[i]);
    if (match) return { key: match[1], at: i + 1 };
  }
  return null;
}

// The cells a problem is about: the cells its text names, else the grid cell (or row) its
// line and column point at.
function problemCells(problem) {
  const named = (problem.line.replace(/^.*?:\d+:\d+: /, "").match(/\b[A-Z][0-9]{1,2}\b/g) || [])
    .filter((name) => {
      const { row, col } = parseCell(name);
      return col >= 0 && col < width() && row >= 0 && row < height();
    });
  if (named.length) return [...new Set(named)];
  const [line, column] = problem.place;
  const owner = line ? keyOfLine(line) : null;
  if (!owner || !["grid", "enclosures"].includes(owner.key)) return [];
  const row = line - owner.at - 1;
  if (row < 0 || row >= height()) return [];
  const text = state.yaml.split("\n")[line - 1] || "";
  const start = text.search(/[A-Za-z.]/);
  const col = column ? column - 1 - start : -1;
  if (col >= 0 && col < width()) return [cellName(row, col)];
  return Array.from({ length: width() }, (_, c) => cellName(row, c));
}

function selectProblem(problem) {
  for (const old of document.querySelectorAll("#yaml .hit, .field-hit")) {
    old.classList.remove("hit", "field-hit");
  }
  const [line] = problem.place;
  const span = line ? document.querySelector(`#yaml [data-line="${line}"]`) : null;
  if (span) {
    span.classList.add("hit");
    $("#yaml-pane").open = true;
    span.scrollIntoView({ block: "nearest" });
  }
  state.selected = problemCells(problem);
  renderSheet();
  if (state.selected.length) {
    status(`the problem is about ${state.selected.length > 6
      ? `${state.selected.length} cells` : state.selected.join(" ")}`);
    return;
  }
  // Not about cells: the field of the key the line belongs to.
  const owner = line ? keyOfLine(line) : null;
  if (!owner) return;
  const special = { title: "#title", name: "#name", column_points: "[data-points]",
                    buckets: "[data-points]", [paletteKey()]: "[data-palette]" };
  const target = document.querySelector(`[data-field^="${owner.key}"]`)
    || (special[owner.key] ? document.querySelector(special[owner.key]) : null);
  if (target) {
    target.classList.add("field-hit");
    const input = target.matches("input, select") ? target : target.querySelector("input, select");
    if (input) input.focus();
    status(`the problem is about ${owner.key}`);
  }
}

// ---- Drafts: unsaved work kept in the browser ---------------------------------------------
// Every change is written to the browser's storage under the file's draft key (from the
// server), with the undo history, so a reload, a closed tab or a crash loses nothing: the
// next page for that file restores it and says so, with a way to discard it. A draft keeps
// the version of the file it was based on, so saving it after the file changed on disk is
// refused as a conflict like any stale save. A save removes the draft.

const DRAFT_PREFIX = "kok-design-draft:";

const isDirty = () => state.doc !== null && snapshot() !== state.saved;

function draftStore() {
  try { return window.localStorage; } catch (_) { return null; }  // storage switched off
}

function keepDraft() {
  const store = draftStore();
  if (!store || !state.draftKey || !state.doc) return;
  const key = DRAFT_PREFIX + state.draftKey;
  if (!isDirty()) {
    store.removeItem(key);
    return;
  }
  // With a full storage, keep the board with less history rather than nothing.
  for (const kept of [HISTORY_LIMIT, 20, 0]) {
    const draft = { doc: state.doc, base: state.base, file: state.file, at: Date.now(),
                    undo: kept ? state.undo.slice(-kept) : [],
                    redo: kept ? state.redo.slice(-kept) : [] };
    try {
      store.setItem(key, JSON.stringify(draft));
      return;
    } catch (_) { /* over the quota: try with less */ }
  }
}

function dropDraft(key = state.draftKey) {
  const store = draftStore();
  if (store && key) store.removeItem(DRAFT_PREFIX + key);
  $("#draft").hidden = true;
}

// The draft kept for the file the server opened, if there is one and it differs.
function restoreDraft(info) {
  const store = draftStore();
  if (!store || !info.draft_key) return false;
  let draft = null;
  try { draft = JSON.parse(store.getItem(DRAFT_PREFIX + info.draft_key)); } catch (_) { /* */ }
  const usable = draft && draft.doc && typeof draft.doc === "object"
    && Array.isArray(draft.doc.grid) && draft.doc.grid.length
    && state.editions[draft.doc.edition]
    && JSON.stringify(draft.doc) !== JSON.stringify(info.doc);
  if (!usable) {
    dropDraft(info.draft_key);
    return false;
  }
  const strings = (list) => (Array.isArray(list) ? list.filter((x) => typeof x === "string") : []);
  state.doc = draft.doc;
  state.undo = strings(draft.undo);
  state.redo = strings(draft.redo);
  state.base = typeof draft.base === "string" ? draft.base : null;
  const when = new Date(Number(draft.at) || Date.now()).toLocaleTimeString();
  $("#draft-text").textContent = `restored unsaved changes to ${info.file} (from ${when})`;
  $("#draft").hidden = false;
  return true;
}

// A server without a board (kok design started with no file) and a draft of a new board
// of this folder in the browser: the board comes back as it was left.
function restoreNewBoard(info) {
  const store = draftStore();
  if (!store || !info.draft_key) return false;
  let draft = null;
  try { draft = JSON.parse(store.getItem(DRAFT_PREFIX + info.draft_key)); } catch (_) { /* */ }
  if (!(draft && draft.doc && Array.isArray(draft.doc.grid) && draft.doc.grid.length
        && state.editions[draft.doc.edition])) return false;
  showDesigner({ ...info, doc: draft.doc, saved: false, base: null });
  const strings = (list) => (Array.isArray(list) ? list.filter((x) => typeof x === "string") : []);
  state.undo = strings(draft.undo);
  state.redo = strings(draft.redo);
  state.serverDoc = null;
  const when = new Date(Number(draft.at) || Date.now()).toLocaleTimeString();
  $("#draft-text").textContent = `restored an unsaved new board (from ${when})`;
  $("#draft").hidden = false;
  renderTools();
  return true;
}

function discardDraft() {
  if (state.serverDoc === null) {  // a restored new board: back to the start forms
    dropDraft();
    state.doc = null;
    $("#designer").hidden = true;
    api("state").then(showStart).catch((err) => showError(err.message));
    status("discarded the unsaved board");
    return;
  }
  dropDraft();
  state.doc = JSON.parse(JSON.stringify(state.serverDoc));
  state.base = state.serverBase;
  state.undo = [];
  state.redo = [];
  changed();
  status("discarded the unsaved changes");
}

// ---- Save: the save protocol ----------------------------------------------------------
// Every save names the version of the file it is based on (base: the file's SHA-256 as the
// server last told this page, null for a file that does not exist yet) and the file the
// page believes it saves to. A save that would overwrite what this page never saw is
// refused with HTTP 409 and the file stays as it is; the page then offers the three ways
// on: keep mine (save as a new file beside it), load theirs (undo brings mine back), or
// overwrite (a save based on the version now on disk). The page also asks whether the file
// changed whenever it gets the focus, so an edit in a text editor or another tab is
// noticed before any save. All of the protocol is here.

function saveRequest() {
  return { doc: state.doc, base: state.base, file: state.file };
}

function learnVersion(info) {
  // A state, start or save answer: the version of the file the page now holds.
  state.base = info.base ?? null;
  state.conflict = null;
  delete document.body.dataset.conflict;
  $("#status").classList.remove("conflict");
  $("#conflict-box").hidden = true;
}

// The conflict box: what happened, and the three ways on.
function offerConflict(conflict, line) {
  state.conflict = conflict;
  document.body.dataset.conflict = conflict.file || "";
  $("#conflict-text").textContent = line;
  $("#conflict-box").hidden = false;
}

function showConflict(err) {
  const conflict = (err.data && err.data.conflict) || {};
  clearError();
  status(`not saved: ${err.message}`);
  $("#status").classList.add("conflict");
  offerConflict(conflict, `Not saved: ${err.message}. What now?`);
}

async function sendSave(body) {
  try {
    const result = await api("save", body);
    dropDraft();
    learnVersion(result);
    state.draftKey = result.draft_key || state.draftKey;
    state.serverDoc = JSON.parse(snapshot());
    state.serverBase = state.base;
    clearError();
    status(`saved ${result.file} (${result.bytes} bytes)`);
    state.saved = snapshot();
    state.file = result.file;
    renderTools();
    document.body.dataset.saved = result.file;
    showFile(result.file);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) showConflict(err);
    else if (err instanceof ApiError && err.status === 0) {
      status("not saved: kok design is not answering; the board is kept in this browser");
    } else showError(err.message);
  }
}

const save = () => sendSave(saveRequest());

// Keep mine: a new file beside the other one, which stays as it is.
const saveAsNew = () => sendSave({ doc: state.doc, base: null, as_new: true });

// Overwrite: a save based on the version on disk now, so it replaces it by consent.
function overwrite() {
  const conflict = state.conflict || {};
  sendSave({ doc: state.doc, base: conflict.current ?? null, file: conflict.file ?? state.file,
             overwrite: true });
}

// Load theirs: the file as it is now; undo brings this page's version back.
async function loadTheirs() {
  try {
    const info = await api("state");
    if (!info.doc) throw new Error("the file holds no board to load");
    remember();
    state.doc = info.doc;
    state.file = info.file;
    learnVersion(info);
    state.saved = snapshot();
    state.serverDoc = JSON.parse(snapshot());
    state.serverBase = state.base;
    state.draftKey = info.draft_key || state.draftKey;
    showFile(info.file);
    changed();
    status(`loaded ${info.file} as it is on disk; undo brings your version back`);
  } catch (err) {
    showError(err.message);
  }
}

// Whether the file changed on disk since this page read it (asked on focus).
async function checkDisk() {
  if (!state.doc || $("#designer").hidden || !$("#conflict-box").hidden) return;
  try {
    const answer = await api("version", { base: state.base });
    if (!answer.changed || !$("#conflict-box").hidden) return;
    const how = answer.current === null ? "is gone or unreadable" : "was changed on disk";
    offerConflict({ file: answer.file, base: state.base, current: answer.current },
                  `${answer.file} ${how} since this page read it (by another program or `
                  + "tab). Your board here is unchanged. What now?");
    document.body.dataset.diskChanged = answer.file;
  } catch (_) { /* offline: the offline line says so */ }
}

function wireConflicts() {
  $("#conflict-mine").addEventListener("click", saveAsNew);
  $("#conflict-theirs").addEventListener("click", loadTheirs);
  $("#conflict-overwrite").addEventListener("click", overwrite);
  $("#conflict-later").addEventListener("click", () => { $("#conflict-box").hidden = true; });
  window.addEventListener("focus", checkDisk);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkDisk();
  });
}

// ---- Downloads ------------------------------------------------------------------------

async function download(route, extension) {
  try {
    const { blob, name } = await api(route, { doc: state.doc }, "blob");
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: name || `board.${extension}` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    clearError();
  } catch (err) {
    showError(err.message);
  }
}

// ---- kok check --------------------------------------------------------------------------

async function startCheck() {
  try {
    const checking = snapshot();
    const job = await api("check", {
      doc: state.doc, games: $("#check-games").value, players: $("#check-players").value,
    });
    state.job = job.id;
    state.checking = checking;
    $("#check").disabled = true;
    $("#check-progress").hidden = false;
    $("#check-summary").textContent = "checking…";
    pollCheck(job.id);
  } catch (err) {
    showError(err.message);
  }
}

async function pollCheck(id) {
  try {
    let response;
    try {
      response = await fetch(`/api/check/${id}`, { credentials: "same-origin" });
    } catch (_) {
      goOffline();
      throw new Error(OFFLINE);
    }
    const job = await response.json();
    if (!response.ok) throw new Error(job.error || response.statusText);
    const bar = $("#check-progress");
    bar.max = Math.max(job.total, 1);
    bar.value = job.done;
    status(job.total ? `kok check, ${job.phase}: ${job.done} of ${job.total}`
      : `kok check: ${job.phase}…`);
    if (!job.finished) {
      setTimeout(() => pollCheck(id), 400);
      return;
    }
    $("#check").disabled = false;
    bar.hidden = true;
    if (job.error) {
      showError(job.error);
      $("#check-summary").textContent = "";
    } else {
      state.checked = state.checking || snapshot();
      renderReport(job);
      markStale();
      status("kok check finished");
    }
  } catch (err) {
    $("#check").disabled = false;
    showError(err.message);
  }
}

function textOf(item) {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") return item.text || item.message || JSON.stringify(item);
  return String(item);
}

function heatTable(heat) {
  // The heat map: the share of sheets on which each cell was crossed, with the column
  // letters and row numbers of the board around it and a legend of its colours.
  const rows = heat && Array.isArray(heat.crossed) ? heat.crossed
    : Array.isArray(heat) && heat.every(Array.isArray) ? heat : null;
  if (!rows) return null;
  const rolls = heat && Array.isArray(heat.mean_roll) ? heat.mean_roll : [];
  const numbers = rows.flat().filter((v) => typeof v === "number");
  if (!numbers.length) return null;
  const low = Math.min(...numbers), high = Math.max(...numbers);
  const colourOf = (share) =>
    `hsl(${Math.round(220 - 220 * share)}, 75%, ${Math.round(82 - 32 * share)}%)`;
  const table = el("table", { class: "heat", id: "heat-map", "aria-label": "heat map" });
  const columns = Math.max(...rows.map((line) => line.length));
  table.append(el("tr", {}, el("th"), ...Array.from({ length: columns },
    (_, col) => el("th", { text: LETTERS[col], scope: "col" }))));
  rows.forEach((line, row) => {
    const tr = el("tr", {}, el("th", { text: String(row + 1), scope: "row" }));
    line.forEach((value, col) => {
      const known = typeof value === "number";
      const share = known && high > low ? (value - low) / (high - low) : 0;
      const roll = rolls[row] && typeof rolls[row][col] === "number"
        ? `, mean roll ${rolls[row][col]}` : "";
      tr.append(el("td", {
        title: `${cellName(row, col)}: ${known ? Math.round(value * 100) + "% of sheets" : "-"}${roll}`,
        text: known ? String(Math.round(value * 100)) : "",
        style: { background: known ? colourOf(share) : "#fff" } }));
    });
    table.append(tr);
  });
  const legend = el("div", { class: "legend", id: "heat-legend" },
    el("span", { text: `${Math.round(low * 100)}%` }), el("span", { class: "ramp" }),
    el("span", { text: `${Math.round(high * 100)}% of sheets crossed the cell` }));
  return el("div", {}, table, legend);
}

// Verdicts the games could not tell: the page offers a check with more games (the
// uncertainty halves with four times the games), up to the most the page runs.
function moreGames() {
  const games = Number($("#check-games").value) || 0;
  return Math.min(Math.max(games * 4, 100), state.limits.check_games.max);
}

function adviceParts(advice) {
  // The advice: sentences, and column points re-dealt by difficulty that one click applies.
  if (!advice) return [];
  const sentences = Array.isArray(advice) ? advice
    : Array.isArray(advice.sentences) ? advice.sentences : [advice];
  const parts = [];
  if (sentences.length) {
    parts.push(el("h3", { text: "Advice" }),
               el("ul", { id: "advice" }, ...sentences.map((a) => el("li", { text: textOf(a) }))));
  }
  const points = advice.column_points;
  if (points && Array.isArray(points.first) && points.first.length === width() &&
      state.doc.column_points) {
    const later = Array.isArray(points.later) && points.later.length === width() ? points.later : null;
    parts.push(el("p", {}, `Suggested column points: ${points.first.join(" ")}`
      + (later ? ` / later ${later.join(" ")}` : "") + " ",
      el("button", { type: "button", id: "apply-points", onclick: () => commit((doc) => {
        doc.column_points.first = [...points.first];
        if (later) doc.column_points.later = [...later];
      }), text: "apply" })));
  } else if (points && Array.isArray(points.first) && points.first.length === width() &&
             Array.isArray(state.doc.buckets)) {
    parts.push(el("p", {}, `Suggested buckets: ${points.first.join(" ")} `,
      el("button", { type: "button", id: "apply-points", text: "apply",
                     onclick: () => commit((doc) => { doc.buckets = [...points.first]; }) })));
  }
  return parts;
}

function renderReport(job) {
  const report = job.report || {};
  const parts = [el("p", {}, el("strong", { text: "Solvability: " }),
                    String(report.verdict ?? (report.solvable ? "solvable" : "not solvable")))];
  const verdicts = Array.isArray(report.verdicts) ? report.verdicts : [];
  if (verdicts.length) {
    parts.push(el("h3", { text: "Verdicts" }));
    const more = moreGames();
    const games = Number($("#check-games").value) || 0;
    parts.push(el("ul", { id: "verdicts" }, ...verdicts.map((v) =>
      // ok is true, false, or null ("not enough games to tell"), which is no failure
      el("li", { class: v.ok === null ? "unknown" : v.ok ? "ok" : "bad",
                 text: `${v.ok === null ? "?" : v.ok ? "✓" : "✗"} ${textOf(v)}` }))));
    const untold = verdicts.filter((v) => v.ok === null).length;
    if (untold && more > games) {
      parts.push(el("p", { id: "more-games-line" },
        `${untold} verdict${untold > 1 ? "s" : ""} need${untold > 1 ? "" : "s"} more than `
        + `${games} games; four times the games halve the uncertainty. `,
        el("button", { type: "button", id: "more-games", text: `Run ${more} games`,
                       onclick: () => { $("#check-games").value = String(more); startCheck(); } })));
    }
  }
  parts.push(...adviceParts(report.advice));
  const heat = heatTable(report.heat_map ?? report.heatmap);
  if (heat) parts.push(el("h3", { text: "Heat map (share of sheets crossing each cell)" }), heat);
  if (job.chart) {
    const image = el("img", { src: `/api/check/${job.id}.png`, id: "chart",
                              alt: "the check report's charts" });
    parts.push(el("h3", { text: "Charts" }), el("p", { class: "downloads" },
      el("button", { type: "button", id: "chart-enlarge", text: "enlarge",
        onclick: (e) => {
          const big = image.classList.toggle("enlarged");
          e.target.textContent = big ? "fit the window" : "enlarge";
        } }),
      el("a", { href: `/api/check/${job.id}.png?download`, id: "chart-png", download: "",
                text: "PNG ⇩" }),
      el("a", { href: `/api/check/${job.id}.svg?download`, id: "chart-svg", download: "",
                text: "SVG ⇩" }),
      el("a", { href: `/api/check/${job.id}.pdf?download`, id: "chart-pdf", download: "",
                text: "PDF ⇩" })),
      el("div", { class: "chart-wrap" }, image));
  }
  if (job.text) {
    parts.push(el("details", {}, el("summary", { text: "full report" }),
                  el("pre", { text: job.text })));
  }
  $("#check-result").replaceChildren(...parts);
  $("#report").hidden = false;
  $("#check-summary").textContent = `${String(report.verdict ?? "")} — the report is below`;
}

// ---- Starting -----------------------------------------------------------------------------

function showDesigner(info, restore = false) {
  state.doc = info.doc;
  state.file = info.file;
  learnVersion(info);
  state.saved = info.saved ? snapshot() : null;
  state.undo = [];
  state.redo = [];
  state.draftKey = info.draft_key || null;
  state.serverDoc = JSON.parse(JSON.stringify(info.doc));
  state.serverBase = state.base;
  $("#draft").hidden = true;
  if (restore) restoreDraft(info);
  state.job = null;
  const first = Object.keys(palette())[0];
  state.tool = { kind: "colour", key: first };
  state.lastColour = first;
  state.focus = "A1";
  showFile(info.file);
  $("#start").hidden = true;
  $("#start-cancel").hidden = false;
  $("#designer").hidden = false;
  $("#check-result").replaceChildren();
  $("#report").hidden = true;
  state.checked = null;
  $("#check-summary").textContent = "";
  $("#check-players").min = parts().players.min;
  $("#check-players").max = parts().players.max;
  changed();
}

// The page's limits and each edition's parts, from the server.
function learn(info) {
  state.editions = Object.fromEntries(info.editions.map((e) => [e.name, e]));
  state.limits = info.limits;
  const bound = (selector, limit) => {
    for (const input of document.querySelectorAll(selector)) {
      input.min = String(limit.min);
      input.max = String(limit.max);
    }
  };
  bound("#start-width, #width", info.limits.width);
  bound("#start-height, #height", info.limits.height);
  bound("#start-seed", info.limits.seed);
  bound("#check-games", info.limits.check_games);
  bound("#gen-width", info.limits.width);
  bound("#gen-height", info.limits.height);
  bound("#gen-seconds", info.limits.balance_seconds);
  $("#check-games").value = String(info.limits.check_default_games);
  $("#title").maxLength = info.limits.title_length;
  $("#name").maxLength = info.limits.layout_name_length;
}

function showStart(info) {
  for (const selector of ["#start-edition", "#gen-edition"]) {
    $(selector).replaceChildren(...info.editions.map((e) =>
      el("option", { value: e.name, text: `${e.name} (${e.title})` })));
  }
  $("#start-name").replaceChildren(...info.builtins.map((b) =>
    el("option", { value: b.name, text: `${b.name} — ${b.title} (${b.edition})` })));
  $("#generate").disabled = !info.can_generate;
  $("#generate-note").textContent = info.can_generate ? ""
    : "not in this version of kok_layouts";
  $("#start").hidden = false;
}

async function start(body) {
  try {
    const info = await api("start", body);
    if (state.doc) dropDraft();  // the designer agreed to replace it (New asks)
    showDesigner(info);
    clearError();
  } catch (err) {
    showError(err.message);
  }
}

// A balanced search (kok generate --balanced) runs on the server; the page shows its
// progress and opens the board it found.
async function search(request) {
  try {
    const job = await api("generate", request);
    state.search = job.id;
    $("#generate").disabled = true;
    $("#gen-progress").hidden = false;
    pollSearch(job.id);
  } catch (err) {
    showError(err.message);
  }
}

async function pollSearch(id) {
  try {
    const response = await fetch(`/api/generate/${id}`, { credentials: "same-origin" });
    const job = await response.json();
    if (!response.ok) throw new Error(job.error || response.statusText);
    $("#gen-progress").value = job.done;
    $("#gen-line").textContent = job.line;
    if (!job.finished) {
      setTimeout(() => pollSearch(id), 400);
      return;
    }
    $("#generate").disabled = false;
    $("#gen-progress").hidden = true;
    state.search = null;
    if (job.error) showError(job.error);
    else await start({ from: "search", id });
  } catch (err) {
    $("#generate").disabled = false;
    showError(err.message);
  }
}

function moveFocus(name, dCol, dRow) {
  const { row, col } = parseCell(name);
  const next = cellName(Math.min(Math.max(row + dRow, 0), height() - 1),
                        Math.min(Math.max(col + dCol, 0), width() - 1));
  state.focus = next;
  followFocus(next);
  for (const cell of document.querySelectorAll("[data-cell]")) {
    cell.tabIndex = cell.dataset.cell === next ? 0 : -1;
  }
  document.querySelector(`[data-cell="${next}"]`).focus();
}

function onKey(event) {
  if (!state.doc || $("#designer").hidden) return;
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName);
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && !typing && key === "z" && !event.shiftKey) { event.preventDefault(); undo(); return; }
  if (ctrl && !typing && (key === "y" || (key === "z" && event.shiftKey))) {
    event.preventDefault(); redo(); return;
  }
  if (ctrl && key === "s") { event.preventDefault(); save(); return; }
  if (typing || ctrl || event.altKey) return;
  const cell = event.target.dataset ? event.target.dataset.cell : null;
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (cell && arrows[event.key]) {
    event.preventDefault();
    moveFocus(cell, ...arrows[event.key]);
    return;
  }
  const keys = Object.keys(palette());
  if (/^[1-9]$/.test(event.key) && keys[Number(event.key) - 1]) {
    selectTool({ kind: "colour", key: keys[Number(event.key) - 1] });
    return;
  }
  const tools = { s: "star", h: "hole", e: "erase", b: "box", n: "enclosure", f: "fill" };
  if (tools[key]) selectTool({ kind: tools[key] });
}

function wire() {
  const sheet = $("#sheet");
  sheet.addEventListener("mousedown", (event) => {
    const target = event.target.closest("[data-cell]");
    if (!target || event.button !== 0) return;
    event.preventDefault();
    target.focus();
    state.painting = true;
    state.strokeStarted = false;
    state.lastCell = target.dataset.cell;
    cellAction(target.dataset.cell, false);
  });
  document.addEventListener("mousemove", (event) => {
    // The cell under the pointer, found by position: painting redraws the cells, so the
    // element pressed on is gone by the time the pointer moves on.
    if (!state.painting || !(event.buttons & 1)) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under ? under.closest("[data-cell]") : null;
    if (target && target.dataset.cell !== state.lastCell) {
      state.lastCell = target.dataset.cell;
      cellAction(target.dataset.cell, true);
    }
  });
  document.addEventListener("mouseup", () => {
    state.painting = false;
    state.strokeStarted = false;
  });
  sheet.addEventListener("click", (event) => {
    // Keyboard activation (Enter, Space) arrives as a click without a mouse press.
    const target = event.target.closest("[data-cell]");
    if (target && event.detail === 0) cellAction(target.dataset.cell, false);
  });
  for (const button of document.querySelectorAll("[data-tool]")) {
    button.addEventListener("click", () => selectTool({ kind: button.dataset.tool }));
  }
  for (const button of document.querySelectorAll("[data-edit]")) {
    button.addEventListener("click", () => gridEdit(button.dataset.edit));
  }
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  $("#save").addEventListener("click", save);
  $("#download-yaml").addEventListener("click", () => download("yaml", "yaml"));
  $("#download-pdf").addEventListener("click", () => download("pdf", "pdf"));
  $("#check").addEventListener("click", startCheck);
  $("#profile").addEventListener("change", scheduleChecks);
  $("#new").addEventListener("click", async () => {
    if (isDirty() && !window.confirm(`Start another board? The unsaved changes to `
        + `${state.file} are replaced once you start it.`)) {
      status("kept the board");
      return;
    }
    try { showStart(await api("state")); } catch (err) { showError(err.message); }
  });
  $("#start-cancel").addEventListener("click", () => { $("#start").hidden = true; });
  $("#draft-discard").addEventListener("click", discardDraft);
  window.addEventListener("beforeunload", (event) => {
    // The draft is kept either way; the browser asks before leaving unsaved edits.
    if (!isDirty() || $("#designer").hidden) return;
    keepDraft();
    event.preventDefault();
    event.returnValue = "";
  });
  $("#title").addEventListener("change",
    (e) => commitField((doc) => { doc.title = e.target.value; }));
  $("#name").addEventListener("change",
    (e) => commitField((doc) => { doc.name = e.target.value; }));
  $("#resize").addEventListener("click", async () => {
    try {
      const result = await api("resize", {
        doc: state.doc, width: $("#width").value, height: $("#height").value,
      });
      remember();
      state.doc = result.doc;
      changed();
      clearError();
    } catch (err) {
      showError(err.message);
    }
  });
  $("#start-edition").addEventListener("change", (event) => {
    const [w, h] = state.editions[event.target.value].official_size;
    $("#start-width").value = w;
    $("#start-height").value = h;
  });
  $("#gen-edition").addEventListener("change", (event) => {
    // The printed sheet's size: a generated board of that size follows the official profile.
    const [w, h] = state.editions[event.target.value].official_size;
    $("#gen-width").value = w;
    $("#gen-height").value = h;
  });
  $("#check-again").addEventListener("click", startCheck);
  $("#start-size").addEventListener("submit", (event) => {
    event.preventDefault();
    start({ from: "size", edition: $("#start-edition").value,
            width: $("#start-width").value, height: $("#start-height").value });
  });
  $("#start-builtin").addEventListener("submit", (event) => {
    event.preventDefault();
    start({ from: "builtin", name: $("#start-name").value });
  });
  $("#start-generate").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = { edition: $("#gen-edition").value, width: $("#gen-width").value,
                      height: $("#gen-height").value, seed: $("#start-seed").value };
    if ($("#gen-balanced").checked) search({ ...request, seconds: $("#gen-seconds").value });
    else start({ from: "generate", ...request });
  });
  document.addEventListener("keydown", onKey);
  wireConflicts();
  $("#offline-download").addEventListener("click", downloadDraft);
}

async function main() {
  wire();
  try {
    const info = await api("state");
    learn(info);
    $("#profile").replaceChildren(...info.profiles.map((p) => el("option", { value: p, text: p })));
    if (info.doc) showDesigner(info, true);
    else if (!restoreNewBoard(info)) showStart(info);
  } catch (err) {
    showError(err.message);
  }
}

main();
