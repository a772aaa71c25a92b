// kok table: one seat's score sheet (or the host's page), drawn from the server's state.
// The page keeps no rules: it shows the moves the server lists, matches tapped cells to
// them, and sends the seat's token with every call.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SYMBOLS = ["▲", "●", "■", "◆", "▬", "✚", "○", "✕"];
// The page's words in nl, de, fr and en: /words.json, loaded before the first drawing.
let WORDS = {en: {}};

const page = {state: null, sheet: null, version: "", since: 0, feed: [], picked: new Set(),
              viewing: null, lang: "en", symbols: true, zoom: false, half: 0,
              pendingChoice: null, pendingBombs: []};

function $(id) { return document.getElementById(id); }
function t(key) { return (WORDS[page.lang] || WORDS.en)[key] || WORDS.en[key] || key; }
// A sentence of the page's language with its {names} filled in.
function say(key, facts = {}) {
  return String(t(key)).replace(/\{(\w+)\}/g, (all, name) => (name in facts ? String(facts[name]) : all));
}
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}
// An icon of the printed sheet: SVG markup the server drew from the PDF's description.
function icon(name, cls = "icon") {
  const span = el("span", {class: cls});
  const markup = page.sheet && page.sheet.icons && page.sheet.icons[name];
  if (markup) span.innerHTML = markup;
  return span;
}
function kids() { return page.sheet && page.sheet.edition === "kids"; }

async function api(path, body) {
  const options = {headers: {"X-Kok-Token": TOKEN}};
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const answer = await fetch(path, options);
  const data = await answer.json().catch(() => ({error: `HTTP ${answer.status}`}));
  if (!answer.ok) {
    const err = new Error(data.error || `HTTP ${answer.status}`);
    err.status = answer.status;
    err.facts = data;
    throw err;
  }
  return data;
}

// A refusal in the page's language: the server's code worded here (its English line is
// for clients without a language); no answer at all is a lost connection.
function errorText(err) {
  const facts = err.facts || {};
  const code = facts.code;
  if (code && (WORDS.en[`e_${code}`])) return say(`e_${code}`, {...facts, name: facts.name ? nameOf(facts.name) : ""});
  if (err.status === 429) return t("e_busy");
  if (!err.status) return t("e_offline");
  return page.lang === "en" ? err.message : t("e_refused");
}
function showError(err) {
  // The bomb step is no error: the page asks for the square in its hint.
  $("error").textContent = err.facts && err.facts.code === "bomb" ? "" : errorText(err);
  $("error").dataset.offline = err.status ? "" : "1";
}

async function act(body) {
  $("error").textContent = "";
  document.body.dataset.pending = "1";
  try {
    // Every act names its moment: the roll it is for and the version this page showed;
    // a second tap on the same state, or one that comes after the roll, changes nothing.
    await api("/api/act", {...body, roll: page.state.roll_number, version: page.state.version});
    page.picked.clear();
    await refresh(false);
  } catch (err) {
    showError(err);
    await refresh(false).catch(() => {});
  } finally {
    document.body.dataset.pending = "0";
  }
}

async function refresh(wait) {
  const params = new URLSearchParams({since: String(page.since)});
  if (!page.sheet) params.set("sheet", "1");
  if (wait) params.set("version", String(page.version));
  const since = page.since;
  const state = await api(`/api/state?${params}`);
  if (state.sheet) page.sheet = state.sheet;
  if (page.state && state.version < page.state.version) return;  // an older answer came late
  if (page.state && page.state.roll_number !== state.roll_number) page.picked.clear();
  page.feed = page.feed.slice(0, since).concat(state.feed);
  page.since = state.feed_length;
  page.version = state.version;
  page.state = state;
  draw();
}

async function poll() {
  for (;;) {
    try {
      await refresh(true);
      if ($("error").dataset.offline === "1") $("error").textContent = "";   // back again
      $("error").dataset.offline = "";
    } catch (err) {
      showError(err);
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}

function mySeat() { return page.state.seat; }
function shownSeat() { return page.viewing !== null ? page.viewing : mySeat(); }

// -- words ----------------------------------------------------------------------------
function colourWord(key, count = 1) {
  if (key === "X") return t("joker");
  if (key === "+") return t("purple");
  const colour = colourOf(key);
  if (!colour) return key;
  const word = t(colour.name);
  if (Array.isArray(word)) return word[count === 1 ? 0 : 1];
  return word;
}
const BOT_CHOICES = ["greedy", "level-1", "level-2", "level-3", "level-4", "level-5"];
function botName(bot) { return (WORDS[page.lang] || {})[`bot_${bot}`] || `${bot} ${t("bot_any")}`; }
// A seat's name as people say it: a bot seat the command line named after its bot
// ("greedy", "greedy 2") by the bot's name, "player 2" in the page's language.
function nameOf(name) {
  const seat = page.state ? page.state.sheets.find((s) => s.name === name) : null;
  const bot = seat && seat.bot;
  const numbered = /^(.*?)(?: (\d+))?$/.exec(name);
  if (bot && numbered[1] === bot) return botName(bot) + (numbered[2] ? ` ${numbered[2]}` : "");
  if (numbered[1] === "player" && numbered[2]) return `${t("player")} ${numbered[2]}`;
  return name;
}
function personName(sheet) {
  const name = nameOf(sheet.name);
  return sheet.bot && name === sheet.name ? `${name} · ${botName(sheet.bot)}` : name;
}
function listed(names) {
  const said = names.map(nameOf);
  return said.length > 1 ? `${said.slice(0, -1).join(", ")}${t("and")}${said[said.length - 1]}` : said.join("");
}
// A Kids count as a child reads the sheet: "4 penguins".
function animals(key, count) { return `${count} ${colourWord(key, count)}`; }

// A move in the page's language, from the facts the server sends (a listed move, or a
// move in the feed); ``withCells`` adds the cells' names (the listed moves tell apart
// two enclosures of one animal by them; the feed of a Kids game says animals only).
function moveText(c, withCells = true) {
  const cells = withCells && c.cells.length ? `: ${c.cells.join(" ")}` : "";
  if (c.kind === "KidsMove") {
    if (c.colour === "+") {
      return t("chameleon_mark") + (c.chameleon ? ` ${say("chameleon_takes", {what: animals(c.chameleon_colour, c.chameleon_count)})}${cells}` : "");
    }
    return animals(c.colour, c.count) + cells;
  }
  if (c.special) return `${t("special_die")} ${t("sp_" + c.special)}${cells}`;
  if (c.kind === "Move") {
    let text = `${colourWord(c.colour)} ${c.number}${cells}`;
    const jokers = [];
    if (c.colour_joker) jokers.push(`${t("colour_joker")} ${colourWord(c.colour)}`);
    if (c.number_joker) jokers.push(`${t("number_joker")} ${c.number}`);
    if (jokers.length) text += ` (${jokers.join(", ")})`;
    for (const square of c.bomb_cells || []) text += ` ${t("plus_bomb")}${withCells ? " " + square.join(" ") : ""}`;
    if (c.bombs && !(c.bomb_cells || []).length) text += ` ${t("plus_bomb")}`;
    return text;
  }
  return c.text;
}

// A choice in the feed: who crossed what (Kids: how many of which animal, as a child
// reads the sheet), the special die, the exclamation mark and its chameleon, a pass.
function choiceText(event) {
  const who = nameOf(event.player), m = event.move;
  if (!m && event.kind === "choice" && event.item !== "pass") return event.text;  // a feed of before
  if (!m) return say(event.kind === "undo" ? "f_undo_pass" : "f_passed", {who});
  if (event.kind === "undo") return say("f_undo", {who, what: moveText(m, !kids())});
  if (m.kind === "KidsMove" && m.colour === "+") {
    return m.chameleon ? say("f_chameleon", {who, what: animals(m.chameleon_colour, m.chameleon_count)})
      : say("f_mark", {who});
  }
  if (m.special) return say("f_special", {who, what: `${t("sp_" + m.special)}${m.cells.length ? ": " + m.cells.join(" ") : ""}`});
  return say("f_crossed", {who, what: moveText(m, !kids())});
}

// -- layout -----------------------------------------------------------------------------
const LABEL = 30;      // the row numbers' and point rows' labels (px)
const RULE = 26;       // Keer op Keer 2's row points (px)
const SIDE = 226;      // landscape: the least room for the dice and buttons (px)
function landscape() { return innerWidth > innerHeight && innerHeight <= 560; }
// The columns in view: all of them, or upright with the zoom on one half (the two halves
// share the middle column), so that nothing scrolls sideways with the larger cells.
function shownColumns() {
  const width = page.sheet.width;
  const all = [...Array(width).keys()];
  if (!page.zoom || landscape()) return all;
  const half = Math.ceil(width / 2);
  return page.half ? all.slice(width - half) : all.slice(0, half);
}
function fit() {
  const sheet = page.sheet;
  if (!sheet) return;
  const rules = sheet.row_rules.length ? RULE : 0;
  const columns = shownColumns().length;
  // The sheet's height in cells: its rows and the half-height rows of letters, points,
  // hearts and buckets (a Kids visitor takes a whole cell).
  const extraRows = 0.55 + 0.55 * sheet.point_rows.length + (sheet.column_hearts ? 0.6 : 0)
    + (sheet.visitors.length ? 1 : 0);
  let cell;
  if (landscape()) {
    const high = (innerHeight - 10) / (sheet.height + extraRows);
    const wide = (innerWidth - SIDE - LABEL - rules - 16) / sheet.width;
    cell = Math.min(high, wide, 64);
  } else {
    cell = Math.min((document.documentElement.clientWidth - LABEL - rules - 12) / columns, 56);
  }
  cell = Math.floor(cell * 10) / 10;
  const root = document.documentElement.style;
  root.setProperty("--cell", `${cell}px`);
  root.setProperty("--label", `${LABEL}px`);
  root.setProperty("--rule", `${rules}px`);
  root.setProperty("--columns", String(columns));
  const turned = document.body.classList.contains("landscape") !== landscape();
  document.body.classList.toggle("landscape", landscape());
  if (turned) {             // turned: the dice and the buttons at the top again
    scrollTo(0, 0);
    $("side").scrollTop = 0;
  }
}

// -- drawing ------------------------------------------------------------------------
function draw() {
  const s = page.state, sheet = page.sheet;
  document.documentElement.lang = page.lang;
  $("title").textContent = sheet.title;
  for (const id of ["pass", "clear", "undo", "end", "list", "back"]) $(id).textContent = t(id === "back" ? "back" : id);
  $("scores-title").textContent = t("scores");
  $("feed-title").textContent = t("feed");
  for (const [id, key] of [["zoom", "zoom_title"], ["symbols", "symbols_title"], ["lang", "language"],
                           ["half", "half_title"], ["dice", "dice_label"]]) {
    $(id).title = t(key);
    $(id).setAttribute("aria-label", t(key));
  }
  document.body.classList.toggle("zoom", page.zoom);
  document.body.classList.toggle("symbols", page.symbols);
  document.body.dataset.edition = sheet.edition;
  document.body.dataset.seat = String(s.seat);
  document.body.dataset.phase = s.phase;
  document.body.dataset.roll = String(s.roll_number);
  document.body.dataset.over = s.over ? "1" : "0";
  document.body.dataset.version = String(s.version);
  document.body.classList.toggle("viewing", page.viewing !== null);
  fit();
  drawStatus();
  drawDice();
  drawThrow();
  drawGrid();
  drawPaper();
  drawActions();
  drawScores();
  drawFeed();
  drawResult();
  drawHost();
}

function drawStatus() {
  const s = page.state;
  let text = `${t("roll")} ${s.roll_number}${s.roll_limit ? "/" + s.roll_limit : ""}: `;
  if (s.over) text = `${t("over")}: ${resultText()}`;
  else if (s.seat >= 0 && s.my_turn) text += t("turn") + (s.active === s.seat ? ` (${t("active")})` : "");
  else if (s.seat >= 0 && s.sheets[s.seat].chosen && !s.sheets[s.seat].ended) text += t("confirm");
  else if (s.seat >= 0 && s.sheets[s.seat].ended) text += t("done");
  else if (!s.roll) text += `${nameOf(s.players[s.active])} ${t("throwing")}`;
  else text += `${t("wait")} ${s.waiting.map((i) => nameOf(s.players[i])).join(", ")}`;
  if (s.last_round) text += ` — ${t("last")}`;
  $("status").textContent = text;
  $("status").title = text;
}

function colourOf(key) { return page.sheet.colours.find((c) => c.key === key); }

function dieFace(face, usable) {
  const colour = colourOf(face.key);
  const die = el("span", {class: "die" + (usable ? "" : " unusable"), title: colourWord(face.key),
                          "data-face": face.key});
  if (colour) {
    die.style.background = colour.rgb;
    if (kids()) die.append(icon(`animal:${colour.name}`));
    else die.textContent = SYMBOLS[colour.symbol % SYMBOLS.length];
  } else if (face.key === "+") {
    die.classList.add("purple");
    die.append(icon("chameleon"));
  } else {
    die.textContent = face.key === "X" ? "X" : "+";
    die.classList.add("joker");
  }
  return die;
}

// The dice the shown move takes: the move chosen this roll, or the one the taps pick.
function diceInUse() {
  const s = page.state;
  if (s.used_dice && s.used_dice.length) return {dice: s.used_dice, done: true};
  const found = s.my_turn && page.picked.size ? matches() : [];
  const exact = found.filter((c) => c.cells.length === page.picked.size);
  if (exact.length === 1) return {dice: [...exact[0].dice, Boolean(exact[0].special)], done: false};
  return null;
}

function drawDice() {
  const box = $("dice"), s = page.state;
  box.replaceChildren();
  if (!s.roll) return;
  const mine = s.my_dice || {colours: s.roll.colours.map((_, i) => i),
                             numbers: s.roll.numbers.map((_, i) => i), special: true};
  const using = diceInUse();
  const mark = (die, used) => {
    if (!used || !using) return die;
    die.classList.add(using.done ? "used" : "taking");
    die.dataset.used = using.done ? "1" : "0";
    return die;
  };
  s.roll.colours.forEach((face, i) => box.append(mark(dieFace(face, mine.colours.includes(i)),
    using && using.dice[0] === i)));
  s.roll.numbers.forEach((n, i) => box.append(mark(
    el("span", {class: "die number" + (mine.numbers.includes(i) ? "" : " unusable")}, String(n)),
    using && using.dice[1] === i)));
  if (s.roll.special) {
    const special = el("span", {class: "die special" + (mine.special ? "" : " unusable"),
                                title: `${t("special_die")}: ${t("sp_" + s.roll.special)}`});
    if (page.sheet.icons[s.roll.special]) special.append(icon(s.roll.special));
    else special.textContent = t("sp_" + s.roll.special);
    box.append(mark(special, using && using.dice[2]));
  }
}

function drawThrow() {
  const form = $("throw"), s = page.state;
  const show = Boolean(s.may_throw);
  form.hidden = !show;
  if (!show) { form.replaceChildren(); return; }
  if (form.dataset.roll === `${s.roll_number}:${page.lang}`) return;
  form.dataset.roll = `${s.roll_number}:${page.lang}`;
  form.replaceChildren(el("p", {}, t("enter")));
  for (let i = 0; i < s.dice_count.colours; i++) {
    const select = el("select", {"data-die": `colour${i}`, "aria-label": `${i + 1}`});
    for (const face of page.sheet.faces) select.append(el("option", {value: face.name}, colourWord(face.key)));
    form.append(select);
  }
  for (let i = 0; i < s.dice_count.numbers; i++) {
    const select = el("select", {"data-die": `number${i}`, "aria-label": `${i + 1}`});
    for (const n of ["1", "2", "3", "4", "5", "?"]) select.append(el("option", {value: n}, n));
    form.append(select);
  }
  if (page.sheet.special_faces.length) {
    const select = el("select", {"data-die": "special", "aria-label": t("special_die")});
    for (const face of page.sheet.special_faces) select.append(el("option", {value: face}, t("sp_" + face)));
    form.append(select);
  }
  const go = el("button", {type: "submit", id: "throw-go", class: "primary"}, t("throw"));
  form.append(go);
}

function cellsOf(list) { return new Set(list || []); }

// The cells where a move may go: every cell of the listed moves that hold all tapped cells.
function legalCells() {
  const s = page.state;
  if (page.viewing !== null || !s.my_turn || (s.bomb || []).length) return new Set();
  const picked = [...page.picked];
  const legal = new Set();
  for (const c of s.choices || []) {
    if (picked.every((n) => c.cells.includes(n))) c.cells.forEach((n) => legal.add(n));
  }
  return legal;
}

function claimClass(claim) { return claim ? ` claim-${claim}` : ""; }

// One cell of the sheet: its colour (Kids: its animal), its star or box, the marks on it
// and whether a move may go there.
function drawCell(x, y, marks) {
  const sheet = page.sheet;
  const cell = sheet.cells[y * sheet.width + x];
  if (!cell) return el("span", {class: "hole"});
  const colour = colourOf(cell.colour);
  const button = el("button", {type: "button", class: "cell", "data-cell": cell.name,
                               "aria-label": `${cell.name} ${colourWord(cell.colour)}`});
  button.style.background = colour.rgb;
  const near = (dx, dy) => {
    const nx = x + dx, ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= sheet.width || ny >= sheet.height) return true;
    const other = sheet.cells[ny * sheet.width + nx];
    return !other || other.area !== cell.area;
  };
  for (const [dx, dy, side] of [[0, -1, "top"], [1, 0, "right"], [0, 1, "bottom"], [-1, 0, "left"]]) {
    if (near(dx, dy)) button.classList.add(`edge-${side}`);
  }
  if (kids()) button.append(icon(`animal:${colour.name}`, "pictogram"));
  if (cell.star) button.append(el("span", {class: "star"}, "★"));
  if (cell.box) button.append(icon("box", "box"));
  button.append(el("span", {class: "symbol"}, SYMBOLS[colour.symbol % SYMBOLS.length]));
  if (marks.crossed.has(cell.name)) { button.classList.add("crossed"); button.append(el("span", {class: "mark"}, "✕")); }
  if (marks.thisRoll.has(cell.name)) button.classList.add("this-roll");
  if (page.picked.has(cell.name)) button.classList.add("picked");
  if (marks.legal.has(cell.name)) button.setAttribute("data-legal", "1");
  if (marks.bombs.has(cell.name)) button.classList.add("bomb-option");
  button.addEventListener("click", () => tapCell(cell.name));
  return button;
}

function pointsBox(row, value, claim) {
  const box = el("span", {class: `points ${row.kind}` + (
    row.kind === "later" ? (claim === "later" ? " claim-circled" : "")
      : (claim === "first" ? " claim-circled" : claim ? " claim-struck" : ""))});
  if (row.kind !== "buckets") box.textContent = String(value);
  else if (!value) box.textContent = "0";
  else for (let k = 0; k < value; k++) box.append(icon("bucket"));
  return box;
}

function drawGrid() {
  const sheet = page.sheet, s = page.state, grid = $("grid");
  const seat = shownSeat();
  const player = seat >= 0 ? s.sheets[seat] : null;
  const paper = player ? player.paper : {columns: {}, colours: {}, rows: {}, hearts_under: {}};
  const marks = {crossed: cellsOf(player && player.crossed),
                 thisRoll: cellsOf(player && (s.roll ? player.this_roll : player.last_roll)),
                 bombs: new Set(s.bomb || []), legal: legalCells()};
  const extra = sheet.row_rules.length ? 1 : 0;
  const columns = shownColumns();
  grid.classList.toggle("with-rules", Boolean(extra));
  grid.classList.toggle("choosing", marks.legal.size > 0);
  grid.replaceChildren();
  // A line of the grid: its label, one item a column in view, the row points' place.
  const line = (label, item, end = el("span")) => {
    grid.append(label);
    for (const x of columns) grid.append(item(x, sheet.columns[x]));
    if (extra) grid.append(end);
  };
  if (sheet.visitors.length) {
    line(el("span", {class: "corner"}), (x, letter) => {
      const names = sheet.visitors[x];
      const v = icon(`visitor:${x}`, "visitor" + claimClass(paper.columns[letter]));
      v.title = names[page.lang] || names.en;
      v.setAttribute("aria-label", v.title);
      return v;
    });
  }
  line(el("span", {class: "corner"}), (x, letter) => el("span", {
    class: "letter" + (sheet.start_columns.includes(letter) ? " start" : "") +
           (player && player.columns.includes(letter) ? " complete" : "")}, letter),
  el("span", {class: "letter"}, ""));
  for (let y = 0; y < sheet.height; y++) {
    const rule = sheet.row_rules[y];
    const end = el("span");
    if (extra) {
      const item = rule.item ? t(`sp_${rule.item}`) : "";
      end.className = "row-rule" + claimClass(paper.rows[String(y)]);
      end.title = item;
      end.append(el("span", {class: "row-points"}, String(rule.points)));
      if (rule.item) end.append(icon(rule.item, "row-item"));
    }
    line(el("span", {class: "number-label"}, String(y + 1)), (x) => drawCell(x, y, marks), end);
  }
  for (const row of sheet.point_rows) {
    line(el("span", {class: "number-label point-label"}, t("p_" + row.kind)),
         (x, letter) => pointsBox(row, row.values[x], paper.columns[letter]));
  }
  if (sheet.column_hearts) {
    line(el("span", {class: "number-label point-label"}, "♥"), (x, letter) => {
      const h = icon("heart_open", "heart-under");
      const n = paper.hearts_under[letter];
      if (n !== undefined) h.append(el("b", {}, String(n)));
      return h;
    });
  }
  const half = $("half");
  half.hidden = columns.length === sheet.width;
  if (!half.hidden) {
    const other = page.half ? [0, columns.length - 1] : [sheet.width - columns.length, sheet.width - 1];
    const range = `${sheet.columns[other[0]]}–${sheet.columns[other[1]]}`;
    half.textContent = page.half ? `◀ ${range}` : `${range} ▶`;
  }
  $("viewing").hidden = page.viewing === null;
  if (page.viewing !== null) $("viewing-name").textContent = `${t("viewing")} ${nameOf(s.players[page.viewing])}`;
}

// A line beside the grid as on the paper: its label and its boxes.
function paperLine(cls, label, items, title = "") {
  const line = el("div", {class: cls});
  if (title) line.title = title;
  line.append(el("span", {class: "paper-label"}, label), ...items);
  return line;
}
function times(n, make) { return [...Array(Math.max(0, n)).keys()].map(make); }

// Beside the grid, as on the paper: the big total, the exclamation marks (Kids: with the
// chameleons), the colour bonuses (Kids: the food boxes), the hearts and the boxes.
function drawPaper() {
  const sheet = page.sheet, s = page.state;
  const seat = shownSeat();
  const player = seat >= 0 ? s.sheets[seat] : null;
  const box = $("info");
  box.replaceChildren();
  $("total").replaceChildren();
  if (!player) return;
  const paper = player.paper;
  $("total").append(el("span", {class: "total-label"}, t("total")),
                    el("strong", {id: "total-value"}, String(player.score.total)));
  // Exclamation marks: the used ones crossed.
  box.append(paperLine("marks", kids() ? t("chameleons") : "!", times(sheet.exclamation_marks, (i) => {
    const m = el("span", {class: "mark-box" + (i < paper.marks_used ? " used" : "")});
    if (kids() && sheet.chameleon_every && (i + 1) % sheet.chameleon_every === 0) m.append(icon("chameleon"));
    else m.textContent = "!";
    return m;
  }), t("jokers_left")));
  // Colours: bonus values (first circled, later, taken struck); Kids: the food boxes.
  box.append(paperLine("bonus", kids() ? t("food") : t("bonus"), sheet.colours.map((colour) => {
    const claim = paper.colours[colour.key];
    const item = el("span", {class: "bonus-item" + claimClass(claim), title: colourWord(colour.key)});
    const swatch = el("span", {class: "swatch"});
    swatch.style.background = colour.rgb;
    if (kids()) swatch.append(icon(`animal:${colour.name}`));
    item.append(swatch);
    const fed = claim === "first" || claim === "later";
    if (kids()) item.append(...times(sheet.food_boxes, () => el("span", {class: "food" + (fed ? " fed" : "")}, fed ? "✓" : "")));
    else if (sheet.colour_bonus) {
      item.append(el("span", {class: "bonus-first" + (claim === "first" ? " claim-circled" : claim ? " claim-struck" : "")},
                     String(sheet.colour_bonus.first)),
                  el("span", {class: "bonus-later" + (claim === "later" ? " claim-circled" : "")},
                     String(sheet.colour_bonus.later)));
    }
    return item;
  })));
  if (sheet.heart_track) {
    box.append(paperLine("track", t("hearts"), times(sheet.heart_track,
      (i) => icon(i < paper.hearts ? "heart" : "heart_open", "track-icon"))));
  }
  if (sheet.box_count) {
    box.append(paperLine("track", t("boxes"), times(sheet.box_count, (i) => icon("box",
      "track-icon" + (i < paper.boxes_gained ? " gained" : "") + (i < paper.boxes_used ? " spent" : "")))));
  }
}

function tapCell(name) {
  const s = page.state;
  if (page.viewing !== null || !s.my_turn) return;
  if ((s.bomb || []).length) {
    if (!s.bomb.includes(name)) return;
    const pending = page.pendingChoice;
    page.pendingBombs.push(name);
    if (pending) act({action: "choose", key: pending, bombs: page.pendingBombs.slice()});
    return;
  }
  if (page.picked.has(name)) page.picked.delete(name);
  else if (legalCells().has(name) || !page.picked.size) page.picked.add(name);
  else { page.picked.clear(); page.picked.add(name); }   // a cell of no move with these: start again
  drawDice();
  drawGrid();
  drawActions();
}

function matches() {
  const picked = page.picked, choices = page.state.choices || [];
  if (!picked.size) return [];
  const exact = choices.filter((c) => c.cells.length === picked.size && c.cells.every((n) => picked.has(n)));
  if (exact.length) return exact;
  return choices.filter((c) => [...picked].every((n) => c.cells.includes(n))).slice(0, 6);
}

function choiceButton(choice) {
  const button = el("button", {type: "button", class: "choice", "data-key": choice.key,
                               "data-cells": choice.cells.join(" "), "data-jokers": String(choice.jokers)},
                    `${t("cross")}: ${moveText(choice)}`);
  button.addEventListener("click", () => { page.pendingChoice = choice.key; page.pendingBombs = []; act({action: "choose", key: choice.key}); });
  return button;
}

function drawActions() {
  const s = page.state;
  const me = s.seat >= 0 ? s.sheets[s.seat] : null;
  const playing = me && !s.over && page.viewing === null;
  $("actions").hidden = !playing;
  if (!playing) { $("moves").hidden = true; return; }
  const box = $("candidates");
  box.replaceChildren();
  if ((s.bomb || []).length) box.append(el("p", {class: "hint"}, t("bomb")));
  else if (s.my_turn) {
    const found = matches();
    if (page.picked.size && !found.length) box.append(el("p", {class: "hint"}, t("nomatch")));
    else if (!page.picked.size) box.append(el("p", {class: "hint"}, t("tap")));
    found.forEach((c) => box.append(choiceButton(c)));
    const free = (s.choices || []).filter((c) => !c.cells.length);
    free.forEach((c) => box.append(choiceButton(c)));
  }
  $("pass").hidden = !s.my_turn;
  $("clear").hidden = !s.my_turn || !page.picked.size;
  $("undo").hidden = !me.chosen || !s.roll;
  $("end").hidden = !me.chosen || me.ended || !s.roll;
  $("list").hidden = !s.my_turn;
  const list = $("moves");
  if (!s.my_turn) list.hidden = true;
  if (!list.hidden) {
    list.replaceChildren(...(s.choices || []).map((c) => { const li = el("li"); li.append(choiceButton(c)); return li; }));
  }
}

function drawScores() {
  const s = page.state, table = $("scores");
  const keys = Object.keys(s.sheets[0].score);
  const head = el("tr");
  head.append(el("th", {}, t("player")));
  keys.forEach((k) => head.append(el("th", {title: k, "data-key": k}, t("s_" + k))));
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...s.sheets.map((sheet, i) => {
    const row = el("tr", {"data-player": String(i)});
    const name = el("button", {type: "button", class: "link"}, personName(sheet));
    name.addEventListener("click", () => {
      page.viewing = i === mySeat() ? null : i;
      draw();
      if (page.viewing !== null) $("board").scrollIntoView();
    });
    const cell = el("td");
    cell.append(name);
    if (!s.over && s.roll) {
      const how = s.waiting.includes(i) ? t("waiting") : t("ended");
      cell.append(el("span", {class: "seat-state" + (s.waiting.includes(i) ? " waiting" : "")}, how));
    }
    row.append(cell);
    keys.forEach((k) => row.append(el("td", {"data-score": k}, String(sheet.score[k]))));
    if (s.waiting.includes(i)) row.classList.add("waiting");
    return row;
  }));
}

function feedText(event) {
  const kind = event.kind, who = nameOf(event.player);
  if (["column", "colour", "row"].includes(kind)) {
    const how = page.state.solo ? "" : event.first ? t("first") : t("too");
    if (kind === "colour") {
      const colour = page.sheet.colours.find((c) => c.name === event.item);
      const what = colour ? colourWord(colour.key, kids() ? 2 : 1) : event.item;
      return say(kids() ? "f_animal" : "f_colour", {who, what, how}).replace(/ {2,}/g, " ").trim();
    }
    return say(`f_${kind}`, {who, what: event.item, how}).replace(/ {2,}/g, " ").trim();
  }
  if (kind === "choice" || kind === "undo") return choiceText(event);
  if (kind === "seat") {
    return event.item === "skipped" ? say("f_skipped", {who}) : say("f_left", {who, bot: botName(event.item)});
  }
  const two = say("f_two", {who: listed(event.who || []), what: t(page.sheet.colour_nouns)});
  if (kind === "last_round") return say("f_last", {two, name: nameOf(event.item)});
  if (kind === "over") return `${t("over")}: ${overReason(event)}`;
  return event.text;
}
// Why the game ended, from the feed's last line.
function overReason(event) {
  const two = say("f_two", {who: listed(event.who || []), what: t(page.sheet.colour_nouns)});
  const why = {two_round: `${two} ${t("two_round")}`, two: two,
               solo: say("solo_rolls", {n: event.roll}), limit: t("limit")};
  return why[event.reason] || event.item;
}

function drawFeed() {
  const list = $("feed");
  const shown = page.feed.slice(-40).reverse();
  list.replaceChildren(...shown.map((e) => {
    const li = el("li", {"data-kind": e.kind});
    li.append(el("span", {class: "feed-roll"}, `${t("roll")} ${e.roll || ""}`), el("span", {}, feedText(e)));
    return li;
  }));
}

function resultText() {
  const s = page.state;
  if (!s.over) return "";
  if (s.players.length === 1 || s.solo) {
    const sheet = s.sheets[0];
    return `${nameOf(sheet.name)}: ${sheet.score.total} ${t(page.sheet.unit)}` + (s.band ? `; ${t("band")} ${s.band}` : "");
  }
  const totals = s.winners.map((name) => {
    const sheet = s.sheets[s.players.indexOf(name)];
    return `${nameOf(name)} (${sheet.score.total} ${t(page.sheet.unit)})`;
  });
  return `${t("winner")}: ${totals.join(", ")}`;
}

function drawResult() {
  const s = page.state;
  $("result").hidden = !s.over;
  if (!s.over) return;
  $("result-title").textContent = t("over");
  const over = page.feed.filter((e) => e.kind === "over").pop();
  const why = over ? overReason(over) : "";
  $("result-line").textContent = `${why ? why[0].toUpperCase() + why.slice(1) + ". " : ""}${resultText()}`;
  $("pdf").textContent = t("pdf");
  $("pdf").href = `/api/sheets.pdf?token=${encodeURIComponent(TOKEN)}&lang=${page.lang}`;
  $("review").textContent = t("review");
  $("review").href = `/api/review.pdf?token=${encodeURIComponent(TOKEN)}`;
}

// The rules options in play, in the page's language: those that differ from the edition's
// printed rules (the server sends both), then how the game ends.
function houseRules(options, printed) {
  const said = [];
  for (const [k, v] of Object.entries(options)) {
    if (k === "end" || v === printed[k]) continue;
    said.push(WORDS.en[`h_${k}`] ? say(`h_${k}`, {n: v}) : `${k} = ${v}`);
  }
  return [said.length ? said.join(", ") : t("none"), t(`h_end_${options.end}`)];
}

function drawHost() {
  const s = page.state;
  const host = $("host");
  host.hidden = !s.links;
  if (!s.links) return;
  $("host-title").textContent = t("host");
  const reach = s.reach || {phones: "yes", address: ""};
  $("reach").dataset.phones = reach.phones;
  $("reach").textContent = reach.phones === "none" ? t("reach_none") : `${t(reach.phones === "loopback" ? "reach_loopback" : "reach_yes")} ${reach.address}`;
  $("house").textContent = `${t("house")}: ${houseRules(s.options, s.printed_options).join("; ")}`;
  $("host-next").textContent = `${t("host_next")} ${t("host_watch")}`;
  $("seats").replaceChildren(...s.links.map((seat, i) => {
    const li = el("li", {"data-seat": String(i)});
    li.append(el("strong", {}, personName({name: seat.name, bot: seat.bot})));
    if (!seat.bot) {
      li.append(el("img", {src: seat.qr, alt: `QR ${seat.name}`, class: "qr"}));
      li.append(el("a", {href: seat.link, class: "seat-link"}, seat.link));
      const away = s.sheets[i].away;
      li.append(el("span", {class: "away"}, ` ${t("away")} ${away} s `));
      if (away >= s.away_seconds) {
        const skip = el("button", {type: "button"}, t("skip"));
        skip.addEventListener("click", () => act({action: "skip", target: i}));
        // A bot plays for them: the greedy one, or a level by its band of the solo table.
        const pick = el("select", {"aria-label": t("bot_pick"), class: "bot-pick"});
        pick.append(...BOT_CHOICES.map((name) => el("option", {value: name}, botName(name))));
        const bot = el("button", {type: "button"}, t("bot"));
        bot.addEventListener("click", () => act({action: "replace", target: i, bot: pick.value}));
        li.append(skip, pick, bot);
      }
    }
    return li;
  }));
}

// -- wiring -------------------------------------------------------------------------
function start() {
  const saved = localStorage.getItem("kok-table-lang");
  const wanted = saved || (navigator.language || "en").slice(0, 2);
  page.lang = ["nl", "de", "fr", "en"].includes(wanted) ? wanted : "en";
  $("lang").value = page.lang;
  page.symbols = localStorage.getItem("kok-table-symbols") !== "0";
  $("lang").addEventListener("change", () => { page.lang = $("lang").value; localStorage.setItem("kok-table-lang", page.lang); draw(); });
  $("symbols").addEventListener("click", () => {
    page.symbols = !page.symbols;
    localStorage.setItem("kok-table-symbols", page.symbols ? "1" : "0");
    $("symbols").setAttribute("aria-pressed", String(page.symbols));
    draw();
  });
  $("zoom").addEventListener("click", () => { page.zoom = !page.zoom; $("zoom").setAttribute("aria-pressed", String(page.zoom)); draw(); });
  $("half").addEventListener("click", () => { page.half = 1 - page.half; draw(); });
  $("pass").addEventListener("click", () => act({action: "pass"}));
  $("clear").addEventListener("click", () => { page.picked.clear(); draw(); });
  $("undo").addEventListener("click", () => act({action: "undo"}));
  $("end").addEventListener("click", () => act({action: "end"}));
  $("back").addEventListener("click", () => { page.viewing = null; draw(); });
  $("list").addEventListener("click", () => { $("moves").hidden = !$("moves").hidden; drawActions(); });
  addEventListener("resize", () => { if (page.state) draw(); });
  $("throw").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (name) => [...$("throw").querySelectorAll(`[data-die^="${name}"]`)].map((s) => s.value);
    const special = value("special");
    const body = {action: "throw", colours: value("colour"), numbers: value("number").map((n) => n === "?" ? "?" : Number(n))};
    if (special.length) body.special = special[0];
    act(body);
  });
  fetch("/words.json").then((answer) => answer.json()).then((words) => { WORDS = words; })
    .catch(() => {})                      // without them the page says its keys: still playable
    .then(() => refresh(false))
    .then(() => { document.body.dataset.pending = "0"; poll(); })
    .catch((err) => {
      showError(err);
      document.body.dataset.pending = "0";
    });
}

document.addEventListener("DOMContentLoaded", start);
