// kok table: one seat's score sheet (or the host's page), drawn from the server's state.
// The page keeps no rules: it shows the moves the server lists, matches tapped cells to
// them, and sends the seat's token with every call.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SYMBOLS = ["▲", "●", "■", "◆", "▬", "✚", "○", "✕"];
const WORDS = {
  en: {winner: "Winner", points: "points", circles: "circles", two: "completed two", colours: "colours", animals: "animals", two_round: "and the round is finished", solo: "all rolls are thrown", limit: "the roll limit is reached", ends_after: "the game ends after the roll of",
       confirm: "tap End turn when you are done (Undo takes it back)", turn: "Your turn", active: "you are the active player", wait: "Waiting for",
       throwing: "throws the dice", enter: "Enter the dice you threw", throw: "Throw",
       pass: "Pass", clear: "Clear", undo: "Undo", end: "End turn", list: "Moves",
       done: "Turn ended: waiting for the others", roll: "Roll", back: "Back to my sheet",
       viewing: "Sheet of", scores: "Scores", feed: "What happened", player: "Player",
       total: "Total", marks: "!", over: "Game over", pdf: "Download the sheets (PDF)",
       reach_yes: "Phones on this network join at", reach_loopback: "Only this computer can open these links (start kok table without --host to let phones join); it listens on", reach_none: "No network address found (this computer is on no network): phones cannot join; play on this computer", 
       host: "Seats: scan your code or open your link", cross: "Cross", tap: "Tap cells to cross",
       nomatch: "No move crosses exactly these cells", bomb: "A row's item gives you a bomb: tap the top-left cell of its square",
       away: "away", skip: "Skip", bot: "Bot plays", last: "Last round!", special: "special",
       first: "first", too: "too", column: "column", colour: "colour", row: "row",
       completed: "completed", house: "House rules", none: "none", crossing: "crossed this roll"},
  nl: {winner: "Winnaar", points: "punten", circles: "rondjes", two: "maakte twee vol:", colours: "kleuren", animals: "dieren", two_round: "en de ronde is uit", solo: "alle worpen zijn gegooid", limit: "het maximum aantal worpen is bereikt", ends_after: "het spel eindigt na de worp van",
       confirm: "tik op Beurt klaar als je klaar bent (Terug neemt het terug)", turn: "Jij bent aan de beurt", active: "jij bent de actieve speler", wait: "Wachten op",
       throwing: "gooit de stenen", enter: "Voer de gegooide stenen in", throw: "Gooien",
       pass: "Passen", clear: "Wissen", undo: "Terug", end: "Beurt klaar", list: "Zetten",
       done: "Beurt klaar: wachten op de anderen", roll: "Worp", back: "Terug naar mijn blad",
       viewing: "Blad van", scores: "Scores", feed: "Wat er gebeurde", player: "Speler",
       total: "Totaal", marks: "!", over: "Spel voorbij", pdf: "De bladen downloaden (PDF)",
       reach_yes: "Telefoons op dit netwerk doen mee via", reach_loopback: "Alleen deze computer kan deze links openen (start kok table zonder --host om telefoons mee te laten doen); hij luistert op", reach_none: "Geen netwerkadres gevonden (deze computer zit op geen netwerk): telefoons kunnen niet meedoen; speel op deze computer", 
       host: "Plaatsen: scan je code of open je link", cross: "Kruis aan", tap: "Tik vakjes aan",
       nomatch: "Geen zet kruist precies deze vakjes", bomb: "Een rij geeft je een bom: tik de linkerbovenhoek van het vierkant aan",
       away: "weg", skip: "Overslaan", bot: "Bot speelt", last: "Laatste ronde!", special: "speciaal",
       first: "als eerste", too: "ook", column: "kolom", colour: "kleur", row: "rij",
       completed: "maakte vol", house: "Huisregels", none: "geen", crossing: "deze worp aangekruist"},
  de: {winner: "Gewinner", points: "Punkte", circles: "Kreise", two: "hat zwei voll:", colours: "Farben", animals: "Tiere", two_round: "und die Runde ist zu Ende", solo: "alle Würfe sind gewürfelt", limit: "die Höchstzahl der Würfe ist erreicht", ends_after: "das Spiel endet nach dem Wurf von",
       confirm: "tippe auf Zug beenden, wenn du fertig bist (Zurück nimmt ihn zurück)", turn: "Du bist dran", active: "du bist aktiver Spieler", wait: "Warten auf",
       throwing: "würfelt", enter: "Gib die gewürfelten Augen ein", throw: "Würfeln",
       pass: "Passen", clear: "Löschen", undo: "Zurück", end: "Zug beenden", list: "Züge",
       done: "Zug beendet: warten auf die anderen", roll: "Wurf", back: "Zurück zu meinem Block",
       viewing: "Block von", scores: "Punkte", feed: "Was geschah", player: "Spieler",
       total: "Gesamt", marks: "!", over: "Spiel vorbei", pdf: "Die Blätter herunterladen (PDF)",
       reach_yes: "Handys in diesem Netz machen mit über", reach_loopback: "Nur dieser Computer kann diese Links öffnen (kok table ohne --host starten, damit Handys mitmachen); er lauscht auf", reach_none: "Keine Netzwerkadresse gefunden (dieser Computer ist in keinem Netz): Handys können nicht mitmachen; spielt an diesem Computer", 
       host: "Plätze: Code scannen oder Link öffnen", cross: "Ankreuzen", tap: "Felder antippen",
       nomatch: "Kein Zug kreuzt genau diese Felder", bomb: "Eine Reihe gibt dir eine Bombe: tippe die linke obere Ecke ihres Quadrats an",
       away: "weg", skip: "Überspringen", bot: "Bot spielt", last: "Letzte Runde!", special: "Spezial",
       first: "als Erste(r)", too: "auch", column: "Spalte", colour: "Farbe", row: "Reihe",
       completed: "hat voll", house: "Hausregeln", none: "keine", crossing: "in diesem Wurf angekreuzt"},
  fr: {winner: "Gagnant", points: "points", circles: "cercles", two: "a complété deux", colours: "couleurs", animals: "animaux", two_round: "et le tour est fini", solo: "tous les lancers sont faits", limit: "le nombre maximal de lancers est atteint", ends_after: "la partie finit après le lancer de",
       confirm: "touchez Fin du tour quand vous avez fini (Annuler le reprend)", turn: "À vous de jouer", active: "vous êtes le joueur actif", wait: "En attente de",
       throwing: "lance les dés", enter: "Entrez les dés lancés", throw: "Lancer",
       pass: "Passer", clear: "Effacer", undo: "Annuler", end: "Fin du tour", list: "Coups",
       done: "Tour terminé : en attente des autres", roll: "Lancer", back: "Retour à ma feuille",
       viewing: "Feuille de", scores: "Scores", feed: "Ce qui s'est passé", player: "Joueur",
       total: "Total", marks: "!", over: "Partie terminée", pdf: "Télécharger les feuilles (PDF)",
       reach_yes: "Les téléphones de ce réseau rejoignent la partie via", reach_loopback: "Seul cet ordinateur peut ouvrir ces liens (lancez kok table sans --host pour que les téléphones rejoignent) ; il écoute sur", reach_none: "Aucune adresse réseau trouvée (cet ordinateur n'est sur aucun réseau) : les téléphones ne peuvent pas rejoindre ; jouez sur cet ordinateur", 
       host: "Places : scannez votre code ou ouvrez votre lien", cross: "Cocher", tap: "Touchez les cases",
       nomatch: "Aucun coup ne coche exactement ces cases", bomb: "Une ligne vous donne une bombe : touchez le coin en haut à gauche de son carré",
       away: "absent", skip: "Sauter", bot: "Un bot joue", last: "Dernier tour !", special: "spécial",
       first: "en premier", too: "aussi", column: "colonne", colour: "couleur", row: "ligne",
       completed: "a complété", house: "Règles maison", none: "aucune", crossing: "coché ce lancer"},
};

const page = {state: null, sheet: null, version: "", since: 0, feed: [], picked: new Set(),
              viewing: null, lang: "en", symbols: true, zoom: false, pendingChoice: null,
              pendingBombs: []};

function $(id) { return document.getElementById(id); }
function t(key) { return (WORDS[page.lang] || WORDS.en)[key] || WORDS.en[key] || key; }
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

async function api(path, body) {
  const options = {headers: {"X-Kok-Token": TOKEN}};
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const answer = await fetch(path, options);
  const data = await answer.json().catch(() => ({error: `HTTP ${answer.status}`}));
  if (!answer.ok) throw new Error(data.error || `HTTP ${answer.status}`);
  return data;
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
    $("error").textContent = err.message;
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
      $("error").dataset.offline = "";
    } catch (err) {
      $("error").textContent = err.message;
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}

function mySeat() { return page.state.seat; }
function shownSeat() { return page.viewing !== null ? page.viewing : mySeat(); }

// -- drawing ------------------------------------------------------------------------
function draw() {
  const s = page.state, sheet = page.sheet;
  document.documentElement.lang = page.lang;
  $("title").textContent = sheet.title;
  for (const id of ["pass", "clear", "undo", "end", "list", "back"]) $(id).textContent = t(id === "back" ? "back" : id);
  $("scores-title").textContent = t("scores");
  $("feed-title").textContent = t("feed");
  document.body.classList.toggle("zoom", page.zoom);
  document.body.classList.toggle("symbols", page.symbols);
  document.body.dataset.seat = String(s.seat);
  document.body.dataset.phase = s.phase;
  document.body.dataset.roll = String(s.roll_number);
  document.body.dataset.over = s.over ? "1" : "0";
  document.body.dataset.version = String(s.version);
  drawStatus();
  drawDice();
  drawThrow();
  drawGrid();
  drawActions();
  drawScores();
  drawFeed();
  drawResult();
  drawHost();
}

function drawStatus() {
  const s = page.state;
  let text = `${t("roll")} ${s.roll_number}${s.roll_limit ? "/" + s.roll_limit : ""}: `;
  if (s.over) text = `${t("over")}: ${s.result}`;
  else if (s.seat >= 0 && s.my_turn) text += t("turn") + (s.active === s.seat ? ` (${t("active")})` : "");
  else if (s.seat >= 0 && s.sheets[s.seat].chosen && !s.sheets[s.seat].ended) text += t("confirm");
  else if (s.seat >= 0 && s.sheets[s.seat].ended) text += t("done");
  else if (!s.roll) text += `${s.players[s.active]} ${t("throwing")}`;
  else text += `${t("wait")} ${s.waiting.map((i) => s.players[i]).join(", ")}`;
  if (s.last_round) text += ` — ${t("last")}`;
  $("status").textContent = text;
}

function colourOf(key) { return page.sheet.colours.find((c) => c.key === key); }

function dieFace(face, usable) {
  const colour = colourOf(face.key);
  const die = el("span", {class: "die" + (usable ? "" : " unusable"), title: face.name});
  if (colour) {
    die.style.background = colour.rgb;
    die.textContent = SYMBOLS[colour.symbol % SYMBOLS.length];
  } else {
    die.textContent = face.key === "X" ? "X" : "+";
    die.classList.add("joker");
  }
  return die;
}

function drawDice() {
  const box = $("dice"), s = page.state;
  box.replaceChildren();
  if (!s.roll) return;
  const mine = s.my_dice || {colours: s.roll.colours.map((_, i) => i),
                             numbers: s.roll.numbers.map((_, i) => i), special: true};
  s.roll.colours.forEach((face, i) => box.append(dieFace(face, mine.colours.includes(i))));
  s.roll.numbers.forEach((n, i) => box.append(
    el("span", {class: "die number" + (mine.numbers.includes(i) ? "" : " unusable")}, String(n))));
  if (s.roll.special) {
    box.append(el("span", {class: "die special" + (mine.special ? "" : " unusable"),
                           title: t("special")}, s.roll.special));
  }
}

function drawThrow() {
  const form = $("throw"), s = page.state;
  const show = Boolean(s.may_throw);
  form.hidden = !show;
  if (!show) { form.replaceChildren(); return; }
  if (form.dataset.roll === String(s.roll_number)) return;
  form.dataset.roll = String(s.roll_number);
  form.replaceChildren(el("p", {}, t("enter")));
  for (let i = 0; i < s.dice_count.colours; i++) {
    const select = el("select", {"data-die": `colour${i}`, "aria-label": `colour die ${i + 1}`});
    for (const face of page.sheet.faces) select.append(el("option", {value: face.name}, face.name));
    form.append(select);
  }
  {
    for (let i = 0; i < s.dice_count.numbers; i++) {
      const select = el("select", {"data-die": `number${i}`, "aria-label": `number die ${i + 1}`});
      for (const n of ["1", "2", "3", "4", "5", "?"]) select.append(el("option", {value: n}, n));
      form.append(select);
    }
  }
  if (page.sheet.special_faces.length) {
    const select = el("select", {"data-die": "special", "aria-label": "special die"});
    for (const face of page.sheet.special_faces) select.append(el("option", {value: face}, face));
    form.append(select);
  }
  const go = el("button", {type: "submit", id: "throw-go", class: "primary"}, t("throw"));
  form.append(go);
}

function cellsOf(list) { return new Set(list || []); }

function drawGrid() {
  const sheet = page.sheet, s = page.state, grid = $("grid");
  const seat = shownSeat();
  const player = seat >= 0 ? s.sheets[seat] : null;
  const crossed = cellsOf(player && player.crossed);
  const thisRoll = cellsOf(player && (s.roll ? player.this_roll : player.last_roll));
  const bombs = new Set(s.bomb || []);
  const extra = sheet.row_rules.length ? 1 : 0;
  grid.style.setProperty("--columns", sheet.width + extra);
  $("frame").style.setProperty("--columns", sheet.width + extra);
  $("frame").style.setProperty("--rows", sheet.height + 1 + sheet.point_rows.length);
  grid.replaceChildren();
  grid.append(el("span", {class: "corner"}));
  sheet.columns.forEach((letter) => grid.append(el("span", {
    class: "letter" + (sheet.start_columns.includes(letter) ? " start" : "") +
           (player && player.columns.includes(letter) ? " complete" : "")}, letter)));
  if (extra) grid.append(el("span", {class: "letter"}, ""));
  for (let y = 0; y < sheet.height; y++) {
    grid.append(el("span", {class: "number-label"}, String(y + 1)));
    for (let x = 0; x < sheet.width; x++) {
      const cell = sheet.cells[y * sheet.width + x];
      if (!cell) { grid.append(el("span", {class: "hole"})); continue; }
      const colour = colourOf(cell.colour);
      const button = el("button", {type: "button", class: "cell", "data-cell": cell.name,
                                   "aria-label": `${cell.name} ${colour.name}`});
      button.style.background = colour.rgb;
      const near = (dx, dy) => {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= sheet.width || ny >= sheet.height) return true;
        const other = sheet.cells[ny * sheet.width + nx];
        return !other || other.area !== cell.area;
      };
      if (near(0, -1)) button.classList.add("edge-top");
      if (near(1, 0)) button.classList.add("edge-right");
      if (near(0, 1)) button.classList.add("edge-bottom");
      if (near(-1, 0)) button.classList.add("edge-left");
      if (cell.star) button.append(el("span", {class: "star"}, "★"));
      if (cell.box) button.append(el("span", {class: "box"}, "□"));
      button.append(el("span", {class: "symbol"}, SYMBOLS[colour.symbol % SYMBOLS.length]));
      if (crossed.has(cell.name)) { button.classList.add("crossed"); button.append(el("span", {class: "mark"}, "✕")); }
      if (thisRoll.has(cell.name)) button.classList.add("this-roll");
      if (page.picked.has(cell.name)) button.classList.add("picked");
      if (bombs.has(cell.name)) button.classList.add("bomb-option");
      button.addEventListener("click", () => tapCell(cell.name));
      grid.append(button);
    }
    if (extra) {
      const rule = sheet.row_rules[y];
      const done = player && (player.rows || []).includes(rule.label);
      grid.append(el("span", {class: "row-rule" + (done ? " complete" : ""), title: rule.item || ""},
                     `${rule.label} ${rule.points}`));
    }
  }
  for (const row of sheet.point_rows) {
    grid.append(el("span", {class: "number-label small"}, row.label));
    row.values.forEach((v) => grid.append(el("span", {class: "points " + row.kind}, String(v))));
    if (extra) grid.append(el("span"));
  }
  $("viewing").hidden = page.viewing === null;
  if (page.viewing !== null) $("viewing-name").textContent = `${t("viewing")} ${s.players[page.viewing]}`;
  const info = [];
  if (player) {
    info.push(`${t("marks")} ${player.marks_left}`);
    if (sheet.hearts) info.push(`♥ ${player.hearts}`);
    if (sheet.boxes) info.push(`□ ${player.boxes_left}`);
    if (player.colours.length) info.push("✓ " + player.colours.join(", "));
    info.push(`${t("total")} ${player.score.total}`);
  }
  $("info").textContent = info.join("   ");
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
  if (page.picked.has(name)) page.picked.delete(name); else page.picked.add(name);
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
                    `${t("cross")}: ${choice.text}`);
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
  keys.forEach((k) => head.append(el("th", {}, k === "total" ? t("total") : k)));
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...s.sheets.map((sheet, i) => {
    const row = el("tr", {"data-player": String(i)});
    const name = el("button", {type: "button", class: "link"}, sheet.name + (sheet.bot ? ` (${sheet.bot})` : ""));
    name.addEventListener("click", () => { page.viewing = i === mySeat() ? null : i; draw(); });
    const cell = el("td");
    cell.append(name);
    row.append(cell);
    keys.forEach((k) => row.append(el("td", {"data-score": k}, String(sheet.score[k]))));
    if (s.waiting.includes(i)) row.classList.add("waiting");
    return row;
  }));
}

function feedText(event) {
  const kind = event.kind;
  if (["column", "colour", "row"].includes(kind)) {
    const how = event.first ? t("first") : t("too");
    return `${event.player} ${t("completed")} ${t(kind)} ${event.item} ${how}`;
  }
  const who = (event.who || []).join(", ");
  const two = `${who} ${t("two")} ${t(page.sheet.colour_nouns)}`;
  if (kind === "last_round") return `${t("last")} ${two}; ${t("ends_after")} ${event.item}`;
  if (kind === "over") {
    const why = {two_round: `${two} ${t("two_round")}`, two: two, solo: t("solo"), limit: t("limit")};
    return `${t("over")}: ${why[event.reason] || event.item}`;
  }
  return event.text;
}

function drawFeed() {
  const list = $("feed");
  const shown = page.feed.slice(-40).reverse();
  list.replaceChildren(...shown.map((e) => el("li", {"data-kind": e.kind}, `${t("roll")} ${e.roll || ""} · ${feedText(e)}`)));
}

function drawResult() {
  const s = page.state;
  $("result").hidden = !s.over;
  if (!s.over) return;
  $("result-title").textContent = t("over");
  const over = page.feed.filter((e) => e.kind === "over").pop();
  const totals = s.winners.map((name) => {
    const sheet = s.sheets[s.players.indexOf(name)];
    return `${name} (${sheet.score.total} ${t(page.sheet.unit)})`;
  });
  const line = s.players.length === 1 ? s.result : `${t("winner")}: ${totals.join(", ")}`;
  $("result-line").textContent = `${over ? feedText(over) : s.end_reason}. ${line}`;
  $("pdf").textContent = t("pdf");
  $("pdf").href = `/api/sheets.pdf?token=${encodeURIComponent(TOKEN)}&lang=${page.lang}`;
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
  const house = Object.entries(s.options).filter(([k, v]) => v !== null && v !== false && v !== 0 &&
    !["first_three_rolls_open", "end", "max_rolls"].includes(k));
  $("house").textContent = `${t("house")}: ` + (house.length ? house.map(([k, v]) => v === true ? k : `${k}=${v}`).join(", ") : t("none")) + ` · end=${s.options.end}`;
  $("seats").replaceChildren(...s.links.map((seat, i) => {
    const li = el("li", {"data-seat": String(i)});
    li.append(el("strong", {}, seat.name + (seat.bot ? ` (${seat.bot})` : "")));
    if (!seat.bot) {
      li.append(el("img", {src: seat.qr, alt: `QR ${seat.name}`, class: "qr"}));
      li.append(el("a", {href: seat.link, class: "seat-link"}, seat.link));
      const away = s.sheets[i].away;
      li.append(el("span", {class: "away"}, ` ${t("away")} ${away} s `));
      if (away >= s.away_seconds) {
        const skip = el("button", {type: "button"}, t("skip"));
        skip.addEventListener("click", () => act({action: "skip", target: i}));
        const bot = el("button", {type: "button"}, t("bot"));
        bot.addEventListener("click", () => act({action: "replace", target: i, bot: "greedy"}));
        li.append(skip, bot);
      }
    }
    return li;
  }));
}

// -- wiring -------------------------------------------------------------------------
function start() {
  const saved = localStorage.getItem("kok-table-lang");
  const wanted = saved || (navigator.language || "en").slice(0, 2);
  page.lang = WORDS[wanted] ? wanted : "en";
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
  $("pass").addEventListener("click", () => act({action: "pass"}));
  $("clear").addEventListener("click", () => { page.picked.clear(); draw(); });
  $("undo").addEventListener("click", () => act({action: "undo"}));
  $("end").addEventListener("click", () => act({action: "end"}));
  $("back").addEventListener("click", () => { page.viewing = null; draw(); });
  $("list").addEventListener("click", () => { $("moves").hidden = !$("moves").hidden; drawActions(); });
  $("throw").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (name) => [...$("throw").querySelectorAll(`[data-die^="${name}"]`)].map((s) => s.value);
    const special = value("special");
    const body = {action: "throw", colours: value("colour"), numbers: value("number").map((n) => n === "?" ? "?" : Number(n))};
    if (special.length) body.special = special[0];
    act(body);
  });
  refresh(false).then(() => { document.body.dataset.pending = "0"; poll(); }).catch((err) => {
    $("error").textContent = err.message;
    document.body.dataset.pending = "0";
  });
}

document.addEventListener("DOMContentLoaded", start);
