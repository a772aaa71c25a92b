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
// Words beyond the status and feed lines: the sheet's parts as the paper names them, the
// colours and animals, the moves, the bots, the score lines.
const MORE = {
  en: {p_first: "first", p_later: "later", p_buckets: "buckets", hearts: "Hearts", boxes: "Boxes",
       food: "Food", chameleons: "Chameleons", bonus: "Bonus", jokers_left: "Marks left",
       bot_greedy: "Greedy bot", bot_any: "bot", waiting: "waiting", playing: "playing", ended: "done",
       green: "green", yellow: "yellow", blue: "blue", red: "red", orange: "orange", joker: "joker",
       purple: "purple", penguin: ["penguin", "penguins"], lion: ["lion", "lions"],
       crocodile: ["crocodile", "crocodiles"], elephant: ["elephant", "elephants"],
       flamingo: ["flamingo", "flamingos"], number_joker: "? for", colour_joker: "X for",
       in_a_row: "", chameleon_mark: "Chameleon: cross an exclamation mark", chameleon_too: "and the chameleon takes",
       cells_word: ["cell", "cells"], sp_heart: "heart", sp_bomb: "bomb", sp_stars: "stars", sp_row: "row",
       sp_block: "block", special_die: "special die", plus_bomb: "+ bomb", passes: "passes",
       takes_back: "takes back", left: "left; a bot plays for them", skipped: "is away: skipped",
       band: "rating band", s_colours: "Col.", s_columns: "Colm.", s_jokers: "!", s_stars: "★",
       s_rows: "Rows", s_hearts: "♥", s_boxes: "□", s_buckets: "Buck.", s_visitors: "Vis.", s_food: "Food",
       s_total: "Total", turn_of: "turn", crosses: "crosses", you: "you", moves_n: "moves"},
  nl: {p_first: "eerst", p_later: "later", p_buckets: "emmers", hearts: "Harten", boxes: "Doosjes",
       food: "Voer", chameleons: "Kameleons", bonus: "Bonus", jokers_left: "Uitroeptekens over",
       bot_greedy: "Gulzige bot", bot_any: "bot", waiting: "nog bezig", playing: "speelt", ended: "klaar",
       green: "groen", yellow: "geel", blue: "blauw", red: "rood", orange: "oranje", joker: "joker",
       purple: "paars", penguin: ["pinguïn", "pinguïns"], lion: ["leeuw", "leeuwen"],
       crocodile: ["krokodil", "krokodillen"], elephant: ["olifant", "olifanten"],
       flamingo: ["flamingo", "flamingo's"], number_joker: "? als", colour_joker: "X als",
       chameleon_mark: "Kameleon: kruis een uitroepteken aan", chameleon_too: "en de kameleon neemt",
       cells_word: ["vakje", "vakjes"], sp_heart: "hart", sp_bomb: "bom", sp_stars: "sterren", sp_row: "rij",
       sp_block: "blok", special_die: "speciale steen", plus_bomb: "+ bom", passes: "past",
       takes_back: "neemt terug", left: "is weg; een bot speelt voor hen", skipped: "is weg: overgeslagen",
       band: "niveau", s_colours: "Kl.", s_columns: "Kol.", s_jokers: "!", s_stars: "★",
       s_rows: "Rijen", s_hearts: "♥", s_boxes: "□", s_buckets: "Em.", s_visitors: "Bez.", s_food: "Voer",
       s_total: "Totaal", turn_of: "beurt", crosses: "kruist", you: "jij", moves_n: "zetten"},
  de: {p_first: "zuerst", p_later: "später", p_buckets: "Eimer", hearts: "Herzen", boxes: "Kästchen",
       food: "Futter", chameleons: "Chamäleons", bonus: "Bonus", jokers_left: "Ausrufezeichen übrig",
       bot_greedy: "Gieriger Bot", bot_any: "Bot", waiting: "ist noch dran", playing: "spielt", ended: "fertig",
       green: "grün", yellow: "gelb", blue: "blau", red: "rot", orange: "orange", joker: "Joker",
       purple: "lila", penguin: ["Pinguin", "Pinguine"], lion: ["Löwe", "Löwen"],
       crocodile: ["Krokodil", "Krokodile"], elephant: ["Elefant", "Elefanten"],
       flamingo: ["Flamingo", "Flamingos"], number_joker: "? als", colour_joker: "X als",
       chameleon_mark: "Chamäleon: kreuze ein Ausrufezeichen an", chameleon_too: "und das Chamäleon nimmt",
       cells_word: ["Feld", "Felder"], sp_heart: "Herz", sp_bomb: "Bombe", sp_stars: "Sterne", sp_row: "Reihe",
       sp_block: "Block", special_die: "Spezialwürfel", plus_bomb: "+ Bombe", passes: "passt",
       takes_back: "nimmt zurück", left: "ist weg; ein Bot spielt für sie", skipped: "ist weg: übersprungen",
       band: "Wertung", s_colours: "Fb.", s_columns: "Sp.", s_jokers: "!", s_stars: "★",
       s_rows: "Reihen", s_hearts: "♥", s_boxes: "□", s_buckets: "Eim.", s_visitors: "Bes.", s_food: "Futter",
       s_total: "Gesamt", turn_of: "Zug", crosses: "kreuzt", you: "du", moves_n: "Züge"},
  fr: {p_first: "premier", p_later: "ensuite", p_buckets: "seaux", hearts: "Cœurs", boxes: "Cases",
       food: "Nourriture", chameleons: "Caméléons", bonus: "Bonus", jokers_left: "Points d'exclamation restants",
       bot_greedy: "Robot gourmand", bot_any: "robot", waiting: "joue encore", playing: "joue", ended: "fini",
       green: "vert", yellow: "jaune", blue: "bleu", red: "rouge", orange: "orange", joker: "joker",
       purple: "violet", penguin: ["manchot", "manchots"], lion: ["lion", "lions"],
       crocodile: ["crocodile", "crocodiles"], elephant: ["éléphant", "éléphants"],
       flamingo: ["flamant", "flamants"], number_joker: "? pour", colour_joker: "X pour",
       chameleon_mark: "Caméléon : cochez un point d'exclamation", chameleon_too: "et le caméléon prend",
       cells_word: ["case", "cases"], sp_heart: "cœur", sp_bomb: "bombe", sp_stars: "étoiles", sp_row: "ligne",
       sp_block: "bloc", special_die: "dé spécial", plus_bomb: "+ bombe", passes: "passe",
       takes_back: "reprend", left: "est parti ; un robot joue pour lui", skipped: "est absent : passé",
       band: "niveau", s_colours: "Coul.", s_columns: "Col.", s_jokers: "!", s_stars: "★",
       s_rows: "Lignes", s_hearts: "♥", s_boxes: "□", s_buckets: "Seaux", s_visitors: "Vis.", s_food: "Nourr.",
       s_total: "Total", turn_of: "tour", crosses: "coche", you: "vous", moves_n: "coups"},
};
for (const lang of Object.keys(MORE)) Object.assign(WORDS[lang], MORE[lang]);
WORDS.en.in_a_row = "";

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
function botName(bot) { return WORDS[page.lang][`bot_${bot}`] || `${bot} ${t("bot_any")}`; }
function personName(sheet) { return sheet.bot ? `${sheet.name} · ${botName(sheet.bot)}` : sheet.name; }
function plural(key, n) { const w = t(key); return Array.isArray(w) ? w[n === 1 ? 0 : 1] : w; }

// A listed move in the page's language, from the codes the server sends.
function moveText(c) {
  const cells = c.cells.join(" ");
  if (c.kind === "KidsMove") {
    if (c.colour === "+") {
      return t("chameleon_mark") + (c.chameleon ? ` ${t("chameleon_too")} ${c.cells.length} ${plural("cells_word", c.cells.length)}: ${cells}` : "");
    }
    return `${c.count} ${colourWord(c.colour, c.count)}: ${cells}`;
  }
  if (c.special) {
    return `${t("special_die")} ${t("sp_" + c.special)}${cells ? ": " + cells : ""}`;
  }
  if (c.kind === "Move") {
    let text = `${colourWord(c.colour)} ${c.number}: ${cells}`;
    const jokers = [];
    if (c.colour_joker) jokers.push(`${t("colour_joker")} ${colourWord(c.colour)}`);
    if (c.number_joker) jokers.push(`${t("number_joker")} ${c.number}`);
    if (jokers.length) text += ` (${jokers.join(", ")})`;
    if (c.bombs) text += ` ${t("plus_bomb")}`;
    return text;
  }
  return c.text;
}

// The rules' English move words in a feed line, in the page's language.
function localMoveWords(text) {
  if (page.lang === "en" || !text) return text;
  let out = text.replace(/purple \(an exclamation mark\)/g, t("chameleon_mark"))
    .replace(/\bspecial\b/g, t("special_die")).replace(/\bbomb\b/g, t("sp_bomb"))
    .replace(/\bchameleon\b/g, t("chameleons"));
  for (const colour of page.sheet.colours) {
    const word = t(colour.name);
    out = out.replace(new RegExp(`\\b${colour.name}\\b`, "g"), Array.isArray(word) ? word[0] : word);
  }
  return out;
}

// -- layout -----------------------------------------------------------------------------
const LABEL = 30;      // the row numbers' and point rows' labels (px)
const RULE = 26;       // Keer op Keer 2's row points (px)
const SIDE = 226;      // landscape: the least room for the dice and buttons (px)
function landscape() { return innerWidth > innerHeight && innerHeight <= 560; }
function fit() {
  const sheet = page.sheet;
  if (!sheet) return;
  const rules = sheet.row_rules.length ? RULE : 0;
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
    cell = Math.min((document.documentElement.clientWidth - LABEL - rules - 12) / sheet.width, 56);
  }
  cell = Math.floor(cell * 10) / 10;
  const root = document.documentElement.style;
  root.setProperty("--cell", `${cell}px`);
  root.setProperty("--label", `${LABEL}px`);
  root.setProperty("--rule", `${rules}px`);
  root.setProperty("--columns", String(sheet.width));
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
  document.body.classList.toggle("zoom", page.zoom);
  document.body.classList.toggle("symbols", page.symbols);
  document.body.dataset.edition = sheet.edition;
  document.body.dataset.seat = String(s.seat);
  document.body.dataset.phase = s.phase;
  document.body.dataset.roll = String(s.roll_number);
  document.body.dataset.over = s.over ? "1" : "0";
  document.body.dataset.version = String(s.version);
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
  else if (!s.roll) text += `${s.players[s.active]} ${t("throwing")}`;
  else text += `${t("wait")} ${s.waiting.map((i) => s.players[i]).join(", ")}`;
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

function drawGrid() {
  const sheet = page.sheet, s = page.state, grid = $("grid");
  const seat = shownSeat();
  const player = seat >= 0 ? s.sheets[seat] : null;
  const paper = player ? player.paper : {columns: {}, colours: {}, rows: {}, hearts_under: {}};
  const crossed = cellsOf(player && player.crossed);
  const thisRoll = cellsOf(player && (s.roll ? player.this_roll : player.last_roll));
  const bombs = new Set(s.bomb || []);
  const legal = legalCells();
  const extra = sheet.row_rules.length ? 1 : 0;
  grid.classList.toggle("with-rules", Boolean(extra));
  grid.classList.toggle("choosing", legal.size > 0);
  grid.replaceChildren();
  if (sheet.visitors.length) {
    grid.append(el("span", {class: "corner"}));
    sheet.visitors.forEach((names, i) => {
      const v = icon(`visitor:${i}`, "visitor" + claimClass(paper.columns[sheet.columns[i]]));
      v.title = names[page.lang] || names.en;
      v.setAttribute("aria-label", v.title);
      grid.append(v);
    });
  }
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
                                   "aria-label": `${cell.name} ${colourWord(cell.colour)}`});
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
      if (kids()) button.append(icon(`animal:${colour.name}`, "pictogram"));
      if (cell.star) button.append(el("span", {class: "star"}, "★"));
      if (cell.box) button.append(icon("box", "box"));
      button.append(el("span", {class: "symbol"}, SYMBOLS[colour.symbol % SYMBOLS.length]));
      if (crossed.has(cell.name)) { button.classList.add("crossed"); button.append(el("span", {class: "mark"}, "✕")); }
      if (thisRoll.has(cell.name)) button.classList.add("this-roll");
      if (page.picked.has(cell.name)) button.classList.add("picked");
      if (legal.has(cell.name)) button.setAttribute("data-legal", "1");
      if (bombs.has(cell.name)) button.classList.add("bomb-option");
      button.addEventListener("click", () => tapCell(cell.name));
      grid.append(button);
    }
    if (extra) {
      const rule = sheet.row_rules[y];
      const claim = paper.rows[String(y)];
      const box = el("span", {class: "row-rule" + claimClass(claim), title: rule.item || ""});
      box.append(el("span", {class: "row-points"}, String(rule.points)));
      if (rule.item) box.append(icon(rule.item, "row-item"));
      grid.append(box);
    }
  }
  for (const row of sheet.point_rows) {
    grid.append(el("span", {class: "number-label point-label"}, t("p_" + row.kind)));
    row.values.forEach((v, i) => {
      const letter = sheet.columns[i];
      const claim = paper.columns[letter];
      const box = el("span", {class: `points ${row.kind}` + (
        row.kind === "later" ? (claim === "later" ? " claim-circled" : "")
          : (claim === "first" ? " claim-circled" : claim ? " claim-struck" : ""))});
      if (row.kind === "buckets") {
        if (v) for (let k = 0; k < v; k++) box.append(icon("bucket"));
        else box.textContent = "0";
      } else box.textContent = String(v);
      grid.append(box);
    });
    if (extra) grid.append(el("span"));
  }
  if (sheet.column_hearts) {
    grid.append(el("span", {class: "number-label point-label"}, "♥"));
    sheet.columns.forEach((letter) => {
      const h = icon("heart_open", "heart-under");
      const n = paper.hearts_under[letter];
      if (n !== undefined) h.append(el("b", {}, String(n)));
      grid.append(h);
    });
    if (extra) grid.append(el("span"));
  }
  $("viewing").hidden = page.viewing === null;
  if (page.viewing !== null) $("viewing-name").textContent = `${t("viewing")} ${s.players[page.viewing]}`;
}

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
  const marks = el("div", {class: "marks", title: t("jokers_left")});
  marks.append(el("span", {class: "paper-label"}, kids() ? t("chameleons") : "!"));
  for (let i = 0; i < sheet.exclamation_marks; i++) {
    const m = el("span", {class: "mark-box" + (i < paper.marks_used ? " used" : "")});
    if (kids() && sheet.chameleon_every && (i + 1) % sheet.chameleon_every === 0) m.append(icon("chameleon"));
    else m.textContent = "!";
    marks.append(m);
  }
  box.append(marks);
  // Colours: bonus values (first circled, later, taken struck); Kids: the food boxes.
  const colours = el("div", {class: "bonus"});
  colours.append(el("span", {class: "paper-label"}, kids() ? t("food") : t("bonus")));
  for (const colour of sheet.colours) {
    const claim = paper.colours[colour.key];
    const item = el("span", {class: "bonus-item" + claimClass(claim), title: colourWord(colour.key)});
    const swatch = el("span", {class: "swatch"});
    swatch.style.background = colour.rgb;
    if (kids()) swatch.append(icon(`animal:${colour.name}`));
    item.append(swatch);
    if (kids()) {
      for (let k = 0; k < sheet.food_boxes; k++) {
        item.append(el("span", {class: "food" + (claim === "first" || claim === "later" ? " fed" : "")},
                       claim === "first" || claim === "later" ? "✓" : ""));
      }
    } else if (sheet.colour_bonus) {
      item.append(el("span", {class: "bonus-first" + (claim === "first" ? " claim-circled" : claim ? " claim-struck" : "")},
                     String(sheet.colour_bonus.first)));
      item.append(el("span", {class: "bonus-later" + (claim === "later" ? " claim-circled" : "")},
                     String(sheet.colour_bonus.later)));
    }
    colours.append(item);
  }
  box.append(colours);
  if (sheet.heart_track) {
    const hearts = el("div", {class: "track"});
    hearts.append(el("span", {class: "paper-label"}, t("hearts")));
    for (let i = 0; i < sheet.heart_track; i++) hearts.append(icon(i < paper.hearts ? "heart" : "heart_open", "track-icon"));
    box.append(hearts);
  }
  if (sheet.box_count) {
    const boxes = el("div", {class: "track"});
    boxes.append(el("span", {class: "paper-label"}, t("boxes")));
    for (let i = 0; i < sheet.box_count; i++) {
      const b = icon("box", "track-icon" + (i < paper.boxes_gained ? " gained" : "") + (i < paper.boxes_used ? " spent" : ""));
      boxes.append(b);
    }
    box.append(boxes);
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
    name.addEventListener("click", () => { page.viewing = i === mySeat() ? null : i; draw(); });
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
  const kind = event.kind;
  if (["column", "colour", "row"].includes(kind)) {
    const how = event.first ? t("first") : t("too");
    const item = kind === "colour" ? localMoveWords(event.item) : event.item;
    return `${event.player} ${t("completed")} ${t(kind)} ${item} ${how}`;
  }
  if (kind === "choice") {
    if (event.item === "pass") return `${event.player} ${t("passes")}`;
    return `${event.player} ${t("crosses")} ${localMoveWords(event.item)}`;
  }
  if (kind === "undo") return `${event.player} ${t("takes_back")}`;
  if (kind === "seat") return `${event.player} ${event.item === "skipped" ? t("skipped") : t("left")}`;
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
    return `${sheet.name}: ${sheet.score.total} ${t(page.sheet.unit)}` + (s.band ? `; ${t("band")} ${s.band}` : "");
  }
  const totals = s.winners.map((name) => {
    const sheet = s.sheets[s.players.indexOf(name)];
    return `${name} (${sheet.score.total} ${t(page.sheet.unit)})`;
  });
  return `${t("winner")}: ${totals.join(", ")}`;
}

function drawResult() {
  const s = page.state;
  $("result").hidden = !s.over;
  if (!s.over) return;
  $("result-title").textContent = t("over");
  const over = page.feed.filter((e) => e.kind === "over").pop();
  $("result-line").textContent = `${over ? feedText(over) : s.end_reason}. ${resultText()}`;
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
    li.append(el("strong", {}, seat.bot ? `${seat.name} · ${botName(seat.bot)}` : seat.name));
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
  addEventListener("resize", () => { if (page.state) draw(); });
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
