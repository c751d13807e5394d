/* The Gargon viewer: replays the games whose data page.py put in this page, step by step.
   Plain JavaScript, no framework, no network.  Every text of a record (names, tags, comments)
   reaches the page through textContent only.  The data format is described in
   gargon_notation/web/data.py and docs/viewer.md. */
"use strict";
(function () {
  const INDEX = JSON.parse(document.getElementById("gargon-index").textContent);
  const PALETTE = INDEX.palette;
  const INKS = INDEX.inks;
  const PER_SEAT = ["h", "f", "y", "w", "q"];
  const OWN = ["e", "n", "x", "t"];
  const AREAS = {
    3: ["bottom", "tl", "tr"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "tl", "tr", "right"],
  };
  const TURN = {
    "play-or-pass": "to play or pass",
    choose: "to choose a colour",
    draw: "to draw a replacement",
  };
  const GLYPHS = INDEX.glyphs;
  const loaded = new Map();
  const now = { game: null, view: null, step: 0 };
  let hashTimer = 0; /* the address follows the step once stepping pauses (rewriting it is slow) */
  let sayTimer = 0; /* what a step did is said (#said) once stepping pauses */
  let started = false; /* the first page drawn: the focus is left where the browser put it */
  let held = null; /* a key held down on a card: the key, and the card's place (focusPlace) */
  const $ = (id) => document.getElementById(id);

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-")) node.dataset[camel(key.slice(5))] = String(value);
      else node.setAttribute(key, String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === "") continue;
      node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
    }
    return node;
  }

  function camel(name) {
    return name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
  }

  function cardsOf(text) {
    return text ? text.split(" ") : [];
  }

  /* ---------------------------------------------------------------- data ---------- */

  function game(number) {
    if (!loaded.has(number)) {
      const entry = INDEX.games.find((g) => g.number === number);
      if (!entry) return null;
      const script = entry.id ? document.getElementById(entry.id) : null;
      const data = script ? JSON.parse(script.textContent) : null;
      loaded.set(number, { entry, data, views: new Map() });
    }
    return loaded.get(number);
  }

  function frames(g, key) {
    if (!g.views.has(key)) {
      const view = g.data.views.find((v) => v.key === key);
      const whole = [];
      let current = {};
      for (const delta of view.frames) {
        const next = {};
        for (const [k, v] of Object.entries(current)) if (!OWN.includes(k)) next[k] = v;
        for (const [k, v] of Object.entries(delta)) {
          next[k] = PER_SEAT.includes(k) && next[k] ? Object.assign({}, next[k], v) : v;
        }
        whole.push(next);
        current = next;
      }
      g.views.set(key, whole);
    }
    return g.views.get(key);
  }

  /* --------------------------------------------------------------- cards ---------- */

  function describe(text, frame, viewer) {
    const look = PALETTE[text[0]] || PALETTE.X;
    const value = text.slice(1);
    if (value !== "?") return `${look.name} ${value}`;
    const what = text[0] === "X" ? "a card of unknown colour" : `a ${look.name} card, value hidden`;
    const can = frame && frame.p ? frame.p[text] : undefined;
    if (can === undefined) return `${what}, face down`;
    return `${what}; it can still be ${can} (as ${viewer} knows)`;
  }

  function card(text, options) {
    const opts = options || {};
    const letter = text[0];
    const look = PALETTE[letter] || PALETTE.X;
    const value = text.slice(1);
    const back = value === "?";
    const classes = ["card", "c-" + (PALETTE[letter] ? letter : "X")];
    if (back) classes.push("back");
    if (opts.down) classes.push("down");
    if (opts.mini) classes.push("mini");
    if (opts.inline) classes.push("inline");
    const label = describe(text, opts.frame, opts.viewer) + (opts.down && !back ? ", face down" : "");
    /* Named by its title alone (the tooltip of a mouse): with an aria-label as well, the
       title became its description, and a screen reader said the label twice. */
    const node = el("span", { class: classes.join(" "), "data-card": text, title: label, role: "img" },
      el("span", { class: "sym", "aria-hidden": "true", text: look.symbol }),
      opts.mini && back ? "" : el("span", { "aria-hidden": "true", text: opts.mini ? value : text }));
    if (back && opts.focus) {
      node.tabIndex = 0;
      node.addEventListener("focus", () => inform(label));
      node.addEventListener("click", () => inform(label));
    }
    return node;
  }

  function cardRow(text, options) {
    return el("span", { class: "cards" }, cardsOf(text).map((t) => card(t, options)));
  }

  function name(g, seat) {
    return el("strong", { style: `color:${INKS[seat % INKS.length]}`, text: g.data.names[seat] });
  }

  /* ------------------------------------------------------------ sentences ---------- */

  function line(g, e) {
    const n = (seat) => name(g, seat);
    const c = (text) => cardsOf(text).map((t) => [card(t, { inline: true }), " "]);
    switch (e[0]) {
      case "round": {
        const skipped = e[3].length ? [" (no cards, skipped: ", e[3].map((s) => g.data.names[s]).join(", "), ")"] : [];
        return [`Round ${e[1]} begins; `, n(e[2]), " starts", ...skipped];
      }
      case "play": {
        const hidden = cardsOf(e[2]).every((t) => t.endsWith("?"));
        return hidden
          ? [n(e[1]), ` lays ${cardsOf(e[2]).length} card(s) face down (pattern ${e[3]}): `, c(e[2])]
          : [n(e[1]), ` plays `, c(e[2]), `face down (pattern ${e[3]})`];
      }
      case "pass":
        return e[2].length
          ? [n(e[1]), ` passes, drawing from pile${e[2].length > 1 ? "s" : ""} ${e[2].join(", ")}`]
          : [n(e[1]), " passes; the piles are empty"];
      case "draw":
        return [n(e[1]), e[4] ? ` draws a replacement from pile ${e[2]}: ` : ` draws from pile ${e[2]}: `, c(e[3])];
      case "emptied":
        return [`Pile ${e[1]} is empty: this round is the last`];
      case "choose":
        return [n(e[1]), ` chooses ${PALETTE[e[2]].name} (${e[2]})`];
      case "battle":
        return battle(g, e, n, c);
      case "forgot":
        return [n(e[1]), " forgets to draw"];
      case "nodraw":
        return [n(e[1]), " cannot draw: the piles are empty"];
      case "roundend":
        return e[2] === null ? [`Round ${e[1]} is over. The game is over.`] : [`Round ${e[1]} is over`];
      case "end": {
        const who = e[1].map((s) => g.data.names[s]).join(" and ");
        return [`The game is over: ${who} ${e[1].length > 1 ? "share the win" : "wins"} with ${e[2][e[1][0]]} points`];
      }
      default:
        return [JSON.stringify(e)];
    }
  }

  function battle(g, e, n, c) {
    const [, colour, kind, , fought, winner, won, , losers] = e;
    const head = el("span", { class: "badge" }, el("span", { "aria-hidden": "true", text: `${PALETTE[colour].symbol} ${colour}` }),
      el("span", { class: "unseen", text: `${PALETTE[colour].name} battle:` }));
    if (kind === "zeros") return [head, " ", c(fought.map((f) => f[1]).join(" ")), "cancel out: both discarded, nobody draws"];
    const parts = [head, " ", n(winner), " wins ", c(won)];
    if (kind === "alone") parts.push("alone");
    else if (kind === "last-card") parts.push("(last card)");
    else {
      parts.push("over ");
      fought.filter((f) => f[0] !== winner).forEach((f, k) => {
        if (k) parts.push(", ");
        parts.push(card(f[1], { inline: true }), " (", n(f[0]), ")");
      });
    }
    if (losers.length) parts.push("; to draw: ", losers.map((s) => g.data.names[s]).join(", "));
    return parts;
  }

  /* --------------------------------------------------------------- render ---------- */

  function seatPanel(g, f, seat, step, viewer, area) {
    const panel = el("section", {
      class: `seat area-${area}` + (f.a && f.a[1] === seat ? " acting" : ""),
      "data-seat": seat, style: `--seat-ink:${INKS[seat % INKS.length]}`,
      "aria-label": g.data.names[seat],
    });
    const title = el("h2", {}, el("span", { text: g.data.names[seat] }));
    if (f.s === seat) title.append(el("span", { class: "badge", text: "start" }));
    if (f.a && f.a[1] === seat) title.append(el("span", { class: "badge turn", text: TURN[f.a[0]] || f.a[0] }));
    if (f.o.includes(seat) && !(f.a && f.a[1] === seat)) title.append(el("span", { class: "badge", text: "owes a draw" }));
    const totals = g.data.totals[step];
    if (totals) title.append(el("span", { class: "points", "data-zone": "points", "data-points": totals[seat], text: `${totals[seat]} pts` }));
    panel.append(title);
    const hand = f.h[seat];
    panel.append(el("div", { class: "zone" },
      el("span", { class: "zlabel", text: `Hand (${cardsOf(hand).length})` }),
      el("span", { class: "cards", "data-zone": "hand" },
        cardsOf(hand).map((t) => card(t, { frame: f, viewer, focus: true })))));
    const played = f.y[seat];
    let label = "In front";
    let state = "";
    if (played === null) state = "not yet";
    else if (played === "pass") state = "passed";
    else if (f.z) label = "Played, face down";
    else if (!f.f[seat]) state = "all fought";
    panel.append(el("div", { class: "zone" },
      el("span", { class: "zlabel", text: label }),
      el("span", { class: "cards", "data-zone": "front" },
        cardsOf(f.f[seat]).map((t) => card(t, { frame: f, viewer, focus: true, down: f.z === 1 })),
        state ? el("span", { class: "state", text: state }) : "")));
    const won = f.w[seat];
    panel.append(el("div", { class: "zone" },
      el("span", { class: "zlabel", text: `Won (${cardsOf(won).length})` }),
      el("span", { class: "cards", "data-zone": "won" }, cardsOf(won).map((t) => card(t, { inline: true, frame: f, viewer })))));
    return panel;
  }

  function center(g, f, viewer) {
    const box = el("section", { id: "center", "aria-label": "Piles and this step" });
    /* A pile is one thing to a screen reader, its heading (its cards, hidden from it, were
       read one by one): how many cards, and those the table shows, in a few words. */
    for (const pile of [0, 1]) {
      const cards = cardsOf(f.q[pile]);
      box.append(el("div", { class: "pile" },
        heading(`Pile ${pile + 1}: ${cards.length} card${cards.length === 1 ? "" : "s"}`, pileWords(cards, "from the top")),
        el("span", { class: "cards", "data-zone": `pile${pile + 1}`, "data-count": cards.length, "aria-hidden": "true" },
          cards.map((t) => card(t, { mini: true, down: true, frame: f, viewer })))));
    }
    const discard = cardsOf(f.d);
    const many = discard.length === 1 ? " card" : " cards";
    box.append(el("div", { class: "pile" },
      heading(`Discarded: ${discard.length}`, discard.length ? many + pileWords(discard, "in the order discarded") : ""),
      el("span", { class: "cards", "data-zone": "discard", "aria-hidden": "true" }, discard.map((t) => card(t, { mini: true })))));
    if (f.k) box.append(el("p", { class: "muted", text: `Pattern led this round: ${f.k}` }));
    box.append(el("div", { id: "log" }, log(g, f)));
    return box;
  }

  /* A pile's heading: `shown`, and for a screen reader `shown` and `more`, in one text
     (an unseen part of its own was read after a space: `27 cards , values hidden`). */
  function heading(shown, more) {
    if (!more) return el("h2", { text: shown });
    return el("h2", {}, el("span", { "aria-hidden": "true", text: shown }), el("span", { class: "unseen", text: shown + more }));
  }

  /* The rest of a pile's heading, for a screen reader: `, values hidden; from the top:
     green, red` (`green 1, red 5` for values known; `green (hidden)` among them). */
  function pileWords(cards, order) {
    if (!cards.length) return "";
    const hidden = cards.filter((t) => t.endsWith("?")).length;
    const names = cards.map((t) => {
      const look = PALETTE[t[0]] || PALETTE.X;
      if (!t.endsWith("?")) return `${look.name} ${t.slice(1)}`;
      return hidden === cards.length ? look.name : `${look.name} (hidden)`;
    });
    return `${hidden === cards.length ? ", values hidden" : ""}; ${order}: ${names.join(", ")}`;
  }

  function log(g, f) {
    const parts = [];
    if (f.t) parts.push(el("p", {}, "Written: ", el("span", { class: "written", text: f.t })));
    if (f.e && f.e.length) parts.push(el("ul", { "data-zone": "events" }, f.e.map((e) => el("li", {}, line(g, e)))));
    for (const [kind, text] of f.n || []) {
      const shown = kind === "glyph" ? `${text} (${GLYPHS[text] || "glyph"})` : text;
      parts.push(el("div", { class: "note", "data-zone": "note" }, el("span", { class: "kind", text: `${kind}:` }), " ", el("span", { text: shown })));
    }
    for (const p of f.x || []) parts.push(problem(p));
    return parts;
  }

  function problem(p) {
    const where = p.line ? `line ${p.line}:${p.column}` : "";
    return el("div", { class: "problem", role: "alert", "data-zone": "problem", "data-code": p.code },
      el("span", { class: "code", text: `[${p.code}]` }), " ", where ? el("span", { text: where + ": " }) : "",
      p.written ? el("span", { class: "written", text: `'${p.written}': ` }) : "",
      el("span", { text: p.message }),
      p.repair ? el("span", { class: "muted", text: ` (${p.repair})` }) : "",
      p.follows ? el("span", { class: "muted", text: ` (follows from the problem at ${p.follows})` }) : "");
  }

  function scoreTable(g) {
    const s = g.data.score;
    const box = $("score");
    box.replaceChildren();
    if (!s) return;
    box.append(el("h2", { text: s.title }));
    const head = el("tr", {}, el("th", { scope: "col", text: "Player" }),
      INDEX.colours.map((c) => el("th", { scope: "col", title: PALETTE[c].name }, `${PALETTE[c].symbol} ${c}`)),
      el("th", { scope: "col", text: "Total" }));
    const rows = s.players.map((p) => {
      const winner = s.winners.includes(p.seat);
      const cells = p.colours.map(([cards, amulets, multiplier, bonus, points], k) => {
        if (!cards) return el("td", { "data-colour": INDEX.colours[k], text: "-" });
        const product = multiplier !== 1 ? `${amulets}x${multiplier}=${amulets * multiplier}` : `${amulets}`;
        return el("td", { "data-colour": INDEX.colours[k], "data-points": points },
          el("span", { class: "pts", text: points }),
          el("span", { class: "won", text: p.won[k].join(" ") }),
          el("span", { class: "detail", text: product }),
          el("span", { class: "bonus", text: bonus ? `+${bonus}` : "" }));
      });
      return el("tr", { "data-seat": p.seat, class: winner ? "winner" : "" },
        el("th", { scope: "row" }, el("span", { class: "pts" }, name(g, p.seat), winner ? " * (winner)" : ""),
          ["won", "amulets", "bonus"].map((label) => el("span", { class: "detail", text: label }))),
        cells,
        el("td", { "data-total": p.total }, el("span", { class: "pts", text: p.total }),
          el("span", { class: "won", text: "" }), el("span", { class: "detail", text: p.amulets }),
          el("span", { class: "bonus", text: p.bonus ? `+${p.bonus}` : "0" })));
    });
    box.append(el("div", { class: "scroll" }, el("table", { class: "score", id: "score-table" },
      el("caption", { class: "muted" }, s.legend.map((line) => el("span", { class: "line", text: line }))),
      el("thead", {}, head), el("tbody", {}, rows))));
  }

  function tags(g) {
    const box = $("tags");
    box.replaceChildren(el("h2", { text: "Tags" }),
      el("table", { class: "tags" }, el("tbody", {}, g.data.tags.map(([k, v]) => el("tr", {}, el("th", { scope: "row", text: k }), el("td", { text: v }))))));
    if (g.data.unchecked.length) {
      box.append(el("h2", { text: "Not checked" }), el("ul", {}, g.data.unchecked.map((u) => el("li", { text: u }))));
    }
  }

  function viewer(g, key) {
    const view = g.data.views.find((v) => v.key === key);
    return view && view.seat !== null ? g.data.names[view.seat] : "the record";
  }

  /* The values a hidden card can still have, under the table, for the eye only: the card
     focused says them by its name, so a live region here said them twice, and at each step
     taken with a key held down (a polite region queues what it says); written as the step is
     drawn, and only when they change. */
  function inform(text) {
    const info = $("possible-info");
    if (info.textContent !== text) info.textContent = text;
  }

  /* The text a screen reader gives a node: a card by its label, its drawing left out. */
  function spoken(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true") return "";
    if (node.getAttribute("role") === "img") return ` ${node.getAttribute("title")} `;
    const inner = Array.from(node.childNodes, spoken).join("");
    return ["P", "LI", "DIV", "UL"].includes(node.tagName) ? ` ${inner}. ` : inner;
  }

  /* Where the focus is in the table, to be found again once the table is drawn anew: the
     seat (or pile), the zone and the place of the card among the focusable ones there. */
  function focusPlace() {
    const active = document.activeElement;
    if (!active || active === $("table") || !$("table").contains(active)) return null;
    const seat = active.closest(".seat");
    const zone = active.closest("[data-zone]");
    const place = { seat: seat ? seat.dataset.seat : null, zone: zone ? zone.dataset.zone : null, index: 0 };
    if (zone) place.index = Array.from(zone.querySelectorAll("[tabindex]")).indexOf(active);
    return place;
  }

  function refocus(place) {
    (placed(place) || stepButton()).focus({ preventScroll: true });
  }

  /* The card at `place` in the table drawn anew, or the seat's first (none: null). */
  function placed(place) {
    const seat = place.seat === null ? $("table") : $("table").querySelector(`.seat[data-seat="${place.seat}"]`);
    const zone = seat && place.zone ? seat.querySelector(`[data-zone="${place.zone}"]`) : null;
    const inZone = zone ? Array.from(zone.querySelectorAll("[tabindex]")) : [];
    return inZone[Math.min(place.index, inZone.length - 1)] || (seat && seat.querySelector(".card[tabindex]")) || null;
  }

  /* A key held down on a card: each step drew the table anew and focused the card in the
     same place, a new element, which a screen reader said at every step.  While the key is
     held the focus waits on the table itself (said once, by its name), the card it will
     come back to marked, its values shown under the table; it comes back when the key is
     let go (holdEnd). */
  function holdOn(place) {
    const table = $("table");
    const card = placed(place);
    if (card) card.classList.add("held");
    inform(card && card.classList.contains("back") ? card.title : "");
    if (document.activeElement !== table) table.focus({ preventScroll: true });
  }

  function holdEnd() {
    if (!held) return;
    const place = held.place;
    held = null;
    const mark = $("table").querySelector(".held");
    if (mark) mark.classList.remove("held");
    if ($("table").contains(document.activeElement)) refocus(place);
  }

  /* The step button the focus goes to when the one it was on is disabled. */
  function stepButton(was) {
    const order = was === "first" || was === "prev" ? ["next", "last", "prev", "first"] : ["prev", "first", "next", "last"];
    const id = order.find((b) => !$(b).disabled);
    return id ? $(id) : $("slider");
  }

  function render() {
    const g = game(now.game);
    const place = held ? null : focusPlace();
    const button = document.activeElement && document.activeElement.closest ? document.activeElement.closest("#controls button") : null;
    const fs = frames(g, now.view);
    const f = fs[now.step];
    const last = fs.length - 1;
    const view = g.data.views.find((v) => v.key === now.view);
    const n = g.data.names.length;
    const base = view.seat === null ? 0 : view.seat;
    const areas = AREAS[n] || AREAS[5];
    const who = viewer(g, now.view);
    const table = $("table");
    table.replaceChildren();
    for (let k = 0; k < n; k++) {
      const seat = (base + k) % n;
      table.append(seatPanel(g, f, seat, now.step, who, areas[k] || "bottom"));
    }
    table.append(center(g, f, who));
    const where = $("where");
    where.textContent = `Step ${now.step} of ${last} · round ${f.r}` + (f.a ? "" : " · game over");
    where.dataset.step = now.step;
    where.dataset.round = f.r;
    where.dataset.view = now.view;
    where.dataset.game = now.game;
    $("slider").value = now.step;
    $("slider").setAttribute("aria-valuetext", where.textContent.replace(/ · /g, ", "));
    $("first").disabled = $("prev").disabled = now.step === 0;
    $("last").disabled = $("next").disabled = now.step === last;
    $("round").value = String(f.r);
    $("score").classList.toggle("hidden", now.step !== last);
    $("score-hint").classList.toggle("hidden", now.step === last || !g.data.score);
    const broken = fs.findIndex((x) => x.x && x.x.length);
    const banner = $("banner");
    if (!g.data.valid && broken >= 0 && now.step >= broken) {
      const text = `Invalid record: ${g.data.problemCount} problem(s); the first was found at step ${broken}. From there on the table is the replay's best effort.`;
      if (banner.textContent !== text) banner.textContent = text; /* an alert is said when it changes */
      banner.classList.remove("hidden");
    } else banner.classList.add("hidden");
    if (held) holdOn(held.place);
    else if (place) refocus(place); /* the card focused was drawn anew: the focus goes to its like */
    else if (button && button.disabled) stepButton(button.id).focus();
    const active = document.activeElement;
    if (!held && (!active || !active.classList || !active.classList.contains("back") || !$("table").contains(active))) inform("");
    clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, 150);
    clearTimeout(sayTimer);
    sayTimer = setTimeout(say, 250); /* the words found then: none for each step while a key is held */
  }

  /* What the step shown did, in words, for the live region #said. */
  function say() {
    const log = $("log");
    if (!log) return; /* another game opened meanwhile, with no table */
    const said = `${$("where").textContent.replace(/ · /g, ", ")}. ${spoken(log)}`;
    $("said").textContent = said.replace(/\s+/g, " ").replace(/ ([.,:;)])/g, "$1").replace(/\.(\s*\.)+/g, ".").trim();
  }

  function go(step) {
    const fs = frames(game(now.game), now.view);
    now.step = Math.max(0, Math.min(fs.length - 1, step));
    render();
  }

  /* ---------------------------------------------------------------- pages ---------- */

  function openGame(number, key, step) {
    const g = game(number);
    const fresh = now.game !== number;
    now.game = number;
    $("index").classList.add("hidden");
    $("game").classList.remove("hidden");
    $("to-index").classList.toggle("hidden", INDEX.games.length < 2);
    document.title = `${g.entry.title} · Gargon viewer`;
    $("title").textContent = g.entry.title;
    $("subtitle").textContent = g.entry.players.join(", ") + (g.entry.date ? ` · ${g.entry.date}` : "");
    if (started && fresh) $("title").focus(); /* opened from the index: read on from its title */
    const playable = g.data && g.data.steps !== undefined && g.data.views.length && g.data.views[0].frames.length;
    for (const id of ["controls", "keys", "table", "score", "score-hint"]) $(id).classList.toggle("hidden", !playable);
    $("problems").replaceChildren();
    if (!g.data) {
      $("tags").replaceChildren();
      $("problems").append(problem(g.entry.problem));
      return;
    }
    tags(g);
    if (!playable) {
      $("problems").append(el("p", { text: "This game cannot be replayed:" }), ...g.data.problems.map(problem));
      return;
    }
    const views = $("view");
    views.replaceChildren(...g.data.views.map((v) => el("option", { value: v.key, text: v.label })));
    views.disabled = g.data.views.length < 2;
    now.view = g.data.views.some((v) => v.key === key) ? key : g.data.views[0].key;
    views.value = now.view;
    const fs = frames(g, now.view);
    const rounds = $("round");
    const seen = new Set();
    rounds.replaceChildren();
    fs.forEach((f, k) => {
      if (!seen.has(f.r)) {
        seen.add(f.r);
        rounds.append(el("option", { value: f.r, "data-step": k, text: `Round ${f.r}` }));
      }
    });
    $("slider").max = fs.length - 1;
    scoreTable(g);
    now.step = Math.max(0, Math.min(fs.length - 1, step));
    render();
  }

  function openIndex() {
    const from = now.game;
    now.game = null;
    $("game").classList.add("hidden");
    $("index").classList.remove("hidden");
    document.title = "Gargon games";
    $("title").textContent = INDEX.title;
    $("subtitle").textContent = `${INDEX.games.length} games`;
    const rows = INDEX.games.map((entry) => el("tr", { "data-game": entry.number },
      el("th", { scope: "row" }, el("a", { href: `#game=${entry.number}`, text: entry.label || `Game ${entry.number}` })),
      el("td", { "data-label": "Event", text: entry.event }),
      el("td", { "data-label": "Date", text: entry.date }),
      el("td", { "data-label": "Players", text: entry.players.join(", ") }),
      el("td", { "data-label": "Result", text: entry.result })));
    $("index-body").replaceChildren(...rows);
    /* Back from a game: the focus on its line of the index, not on the hidden link. */
    const link = from === null ? null : $("index-body").querySelector(`tr[data-game="${from}"] a`);
    if (link) link.focus();
    else if (started) $("title").focus();
    writeHash();
  }

  function writeHash() {
    const parts = [];
    if (now.game !== null && INDEX.games.length > 1) parts.push(`game=${now.game}`);
    if (now.game !== null) {
      parts.push(`step=${now.step}`);
      const g = game(now.game);
      if (g.data && g.data.views.length > 1 && now.view !== g.data.views[0].key) parts.push(`view=${now.view}`);
    }
    const hash = parts.length ? "#" + parts.join("&") : "";
    if (location.hash === hash || (!hash && !location.hash)) return;
    try {
      history.replaceState(null, "", hash || location.pathname + location.search);
    } catch (error) {
      /* a sandboxed frame (a notebook) may not rewrite its address: stepping still works */
    }
  }

  function route() {
    const params = new URLSearchParams(location.hash.slice(1));
    const single = INDEX.games.length === 1;
    const number = params.has("game") ? Number(params.get("game")) : single ? INDEX.games[0].number : null;
    const step = Number(params.get("step") || 0) || 0;
    if (number === null || !game(number)) {
      openIndex();
      return;
    }
    const key = params.get("view") || (now.game === number ? now.view : null);
    if (now.game === number && key === now.view && game(number).data) {
      go(step);
      return;
    }
    openGame(number, key, step);
  }

  /* ------------------------------------------------------------- controls ---------- */

  function roundStart(delta) {
    const fs = frames(game(now.game), now.view);
    const r = fs[now.step].r + delta;
    const k = fs.findIndex((f) => f.r === r);
    if (k >= 0) go(k);
    else go(delta < 0 ? 0 : fs.length - 1);
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(now.step - 1));
  $("next").addEventListener("click", () => go(now.step + 1));
  $("last").addEventListener("click", () => go(Number.MAX_SAFE_INTEGER));
  $("slider").addEventListener("input", (event) => go(Number(event.target.value)));
  $("round").addEventListener("change", (event) => {
    const option = event.target.selectedOptions[0];
    if (option) go(Number(option.dataset.step));
  });
  $("view").addEventListener("change", (event) => {
    const fs = frames(game(now.game), event.target.value);
    now.view = event.target.value;
    $("said").textContent = ""; /* the last view's words: not this one's, until it speaks */
    now.step = Math.min(now.step, fs.length - 1);
    render();
  });
  document.addEventListener("keydown", (event) => {
    if (now.game === null || event.altKey || event.ctrlKey || event.metaKey) return;
    if ($("controls").classList.contains("hidden")) return; /* a game that cannot be replayed */
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const keys = {
      ArrowRight: () => go(now.step + 1),
      ArrowLeft: () => go(now.step - 1),
      Home: () => go(0),
      End: () => go(Number.MAX_SAFE_INTEGER),
      PageDown: () => roundStart(1),
      PageUp: () => roundStart(-1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      if (event.repeat && !held) {
        const place = focusPlace();
        if (place) held = { key: event.key, place };
      }
      action();
    }
  });
  document.addEventListener("keyup", (event) => {
    if (held && event.key === held.key) holdEnd();
  });
  window.addEventListener("blur", holdEnd);
  /* The controls stay at the top of the screen while they take at most a third of it: with
     large text on a phone they took 61% of it (116% turned sideways), hiding the table.
     While they stay, a focused card scrolled into view is not put under them. */
  function pin() {
    const controls = $("controls");
    const loose = controls.offsetHeight > window.innerHeight / 3;
    controls.classList.toggle("unpinned", loose);
    document.documentElement.style.scrollPaddingTop = loose ? "" : `${controls.offsetHeight + 8}px`;
  }
  window.addEventListener("resize", pin);
  if (window.ResizeObserver) new ResizeObserver(pin).observe($("controls"));
  window.addEventListener("hashchange", route);
  route();
  started = true;
  document.documentElement.dataset.ready = "1";
  performance.mark("gargon-ready");
})();
