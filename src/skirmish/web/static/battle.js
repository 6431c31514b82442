// The battle page: shows what the server says this seat sees, sends the seat's actions.
// No rule is here: every action, refusal and position check is the server's (the engine's).
"use strict";
(function () {
  const root = document.getElementById("battle");
  const base = "/magewinds/battles/" + root.dataset.battle + "/" + root.dataset.token;
  let state = JSON.parse(document.getElementById("state").textContent);
  let pointGroup = null;
  let payGroup = null;
  let picked = [];
  let aimedAt = null;

  const { el, record } = window.skirmishPieces;

  function refuse(text) {
    const box = document.getElementById("refusal");
    box.textContent = text || "";
    box.hidden = !text;
  }

  async function send(path, body) {
    if (body !== undefined) { refuse(""); document.getElementById("said").textContent = ""; }
    const answer = await fetch(base + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) {
      refuse(data.error || ("refused (" + answer.status + ")"));
      if (answer.status === 409) refresh(false);
      return null;
    }
    return data;
  }

  async function refresh(clear) {
    const data = await send("/state");
    if (data) show(data, clear);
  }

  function nowText(s) {
    const now = s.now;
    if (s.result) return "The battle is over: " + s.result;
    if (now.chance) return now.rule + ": " + now.chance;
    if (now.prompt) return now.rule + ": " + now.prompt;
    if (now.decides) return now.rule + ": player " + now.decides + " decides" +
      (s.seat === now.decides ? "" : " (waiting)");
    return "";
  }

  function card(text) {
    const suit = text.slice(-1);
    return el("span", { class: "card" + ("HD".includes(suit) ? " red" : ""), "data-card": text }, text);
  }

  // A card of the hand as a toggle while a payment is being picked.
  function handCard(text, paying) {
    if (!paying) return card(text);
    const chosen = picked.includes(text);
    const button = el("button", { type: "button", class: "card pick" + ("HD".includes(text.slice(-1)) ? " red" : ""),
                                  "data-card": text, "aria-pressed": String(chosen) }, text);
    button.addEventListener("click", () => {
      picked = chosen ? picked.filter((c) => c !== text) : picked.concat([text]);
      show(state, false);
    });
    return button;
  }

  function fraction(text) {
    const [a, b] = String(text).split("/").map(Number);
    return b ? a / b : a;
  }

  function percent(text) { return (100 * fraction(text)).toFixed(1) + "%"; }

  // The panel of an attack pointed at: the server's los, odds and advice for it.
  async function aim(target) {
    aimedAt = target;
    const query = new URLSearchParams(target).toString();
    const answer = await fetch(base + "/aim?" + query, { headers: { "Accept": "application/json" } });
    const data = await answer.json();
    if (aimedAt !== target) return;
    const panel = document.getElementById("aim");
    panel.hidden = false;
    panel.replaceChildren();
    if (!answer.ok) { panel.appendChild(el("p", { class: "problem" }, data.error)); return; }
    const los = data.los;
    panel.appendChild(el("h2", {}, los.attacker + " \u2192 " + los.target + ": " + los.attack));
    const facts = el("ul", { class: "facts" });
    for (const f of los.facts) {
      const li = el("li");
      li.appendChild(el("span", { class: "rule" }, f.rule + " "));
      li.appendChild(document.createTextNode(f.text));
      facts.appendChild(li);
    }
    panel.appendChild(facts);
    if (los.cover_from.length) panel.appendChild(el("p", { class: "hint", id: "aim-cover" }, "cover from: " + los.cover_from.join(", ")));
    drawAim(los);
    if (data.refused) { panel.appendChild(el("p", { class: "problem" }, data.refused)); return; }
    const t = el("table", { class: "odds", "aria-label": "odds" });
    const head = el("tr");
    for (const h of ["attack", "reaction", "expected damage", "take down", "damage: chance"]) head.appendChild(el("th", {}, h));
    t.appendChild(head);
    for (const c of data.odds.cases) {
      const tr = el("tr", { "data-choice": c.choices.choice || "", "data-reaction": c.choices.reaction });
      tr.appendChild(el("td", {}, c.choices.choice || los.attack));
      tr.appendChild(el("td", {}, c.choices.reaction));
      tr.appendChild(el("td", { "data-exact": c.expected.damage, title: c.expected.damage }, fraction(c.expected.damage).toFixed(3)));
      tr.appendChild(el("td", { "data-exact": c.chances.take_down, title: c.chances.take_down }, percent(c.chances.take_down)));
      // Each damage's chance kept whole, the cell breaking between them to fit the panel.
      const chances = el("td", { class: "chances" });
      Object.entries(c.distribution).forEach(([k, p], n) => {
        if (n) chances.appendChild(document.createTextNode(" \u00b7 "));
        chances.appendChild(el("span", {}, k + ": " + percent(p)));
      });
      tr.appendChild(chances);
      t.appendChild(tr);
    }
    const wrap = el("div", { class: "scroll" });
    wrap.appendChild(t);
    panel.appendChild(wrap);
    const advice = data.advice;
    panel.appendChild(el("p", { class: "advice", "data-value": advice.value },
      "Advisor (equilibrium, expected damage " + fraction(advice.value).toFixed(3) + "):"));
    const mixes = el("ul", { class: "facts mixes" });
    for (const d of advice.decisions) {
      const parts = Object.entries(d.options).map(([option, p]) => option + " " + percent(p.probability));
      mixes.appendChild(el("li", { "data-player": d.player }, d.player + " plays " + parts.join(", ")));
    }
    panel.appendChild(mixes);
  }

  function drawAim(los) {
    const svg = document.querySelector("#board-holder svg");
    if (!svg) return;
    for (const old of svg.querySelectorAll(".aim-line")) old.remove();
    for (const old of svg.querySelectorAll(".covering")) old.classList.remove("covering");
    for (const what of los.cover_from) {
      const name = (what.match(/'([^']+)'/) || [null, what])[1];  // "medium obstacle 'East altar'"
      for (const piece of svg.querySelectorAll("[data-name]")) if (piece.dataset.name === name) piece.classList.add("covering");
    }
    if (!los.from || !los.to) return;
    const length = parseFloat(svg.dataset.length);
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("class", "aim-line");
    line.setAttribute("x1", los.from[0]); line.setAttribute("y1", length - los.from[1]);
    line.setAttribute("x2", los.to[0]); line.setAttribute("y2", length - los.to[1]);
    svg.appendChild(line);
  }

  // The computer seats' latest moves: listed with their reasons, the latest highlighted.
  function showComputerMoves(s) {
    const moves = s.computer_moves || [];
    document.getElementById("computer").hidden = !moves.length;
    const list = document.getElementById("computer-moves");
    list.replaceChildren(...moves.map((m, n) => {
      const li = el("li", { "data-steps": String(m.steps), class: n === 0 ? "latest" : "" });
      li.appendChild(el("strong", {}, "player " + m.seat + " (" + m.kind + "): " + m.action));
      if (m.lines.length) li.appendChild(el("pre", { class: "hint reasons" }, m.lines.join("\n")));
      return li;
    }));
    const svg = document.querySelector("#board-holder svg");
    const latest = moves[0];
    if (!svg || !latest) return;
    for (const piece of svg.querySelectorAll("g.fighter")) {
      if (piece.dataset.name === latest.fighter) piece.classList.add("computer-moved");
      if (piece.dataset.name === latest.target) piece.classList.add("computer-target");
    }
    if (latest.point) {
      const length = parseFloat(svg.dataset.length);
      const mark = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      mark.setAttribute("class", "computer-point");
      mark.setAttribute("cx", latest.point[0]); mark.setAttribute("cy", length - latest.point[1]);
      mark.setAttribute("r", "0.3");
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = "player " + latest.seat + ": " + latest.action;
      mark.appendChild(title);
      svg.appendChild(mark);
    }
  }

  // Attack targets: highlighted, and hovered or tapped to aim at them.
  function markTargets(s) {
    const svg = document.querySelector("#board-holder svg");
    const box = document.getElementById("targets");
    box.replaceChildren();
    if (!svg) return;
    const aimed = new Set();  // a piece aims its first listed attack (the terminal's first)
    for (const target of s.legal.targets) {
      for (const piece of svg.querySelectorAll("g.fighter")) {
        if (piece.dataset.name !== target.target || aimed.has(target.target)) continue;
        aimed.add(target.target);
        piece.classList.add("target");
        piece.addEventListener("mouseenter", () => aim(target));
        piece.addEventListener("click", () => aim(target));
      }
      // In the terminal's order (enemies first), with its note (a friend marked, the odds).
      const button = el("button", { type: "button", class: "aim", "data-target": target.target, "data-attack": target.attack },
        target.target + " (" + target.attack + ")");
      if (target.note) button.appendChild(el("span", { class: "note" }, " " + target.note));
      button.addEventListener("click", () => aim(target));
      button.addEventListener("mouseenter", () => aim(target));
      box.appendChild(button);
    }
    if (s.legal.targets.length) box.prepend(el("p", { class: "hint" }, "Targets: hover or tap one to see its odds"));
    if (!s.legal.targets.length) { document.getElementById("aim").hidden = true; aimedAt = null; }
    else if (aimedAt) aim(aimedAt);
  }

  let show = function (s, clear) {
    // An answer overtaken by a newer one (counts start again when the server restarts).
    if (s.epoch === state.epoch && s.changed < state.changed) return;
    state = s;
    root.dataset.steps = String(s.steps);
    if (clear !== false) refuse("");
    document.getElementById("now").textContent = nowText(s);
    document.getElementById("round").textContent = s.round;
    document.getElementById("phase").textContent = s.phase;
    document.getElementById("steps").textContent = s.steps;
    record(s);
    const mine = s.seat !== null && s.now.decides === s.seat && !s.result;
    document.getElementById("decision").hidden = s.seat === null;
    // The actions, grouped by kind, each with its rule.
    const actions = document.getElementById("actions");
    actions.replaceChildren();
    for (const group of s.legal.groups) {
      const box = el("div", { class: "actions-group", "data-kind": group.kind });
      if (group.heading) box.appendChild(el("h3", {}, group.heading));
      let holder = box;
      group.actions.forEach((action, n) => {
        if (n === 40) {
          const more = el("details");
          more.appendChild(el("summary", {}, (group.actions.length - 40) + " more"));
          box.appendChild(more);
          holder = more;
        }
        const button = el("button", { type: "button", class: "action", title: action.rule,
                                      "data-action": action.text }, action.text);
        if (action.note) button.appendChild(el("span", { class: "note" }, " " + action.note));
        button.addEventListener("click", () => act({ action: action.text }));
        holder.appendChild(button);
      });
      actions.appendChild(box);
    }
    // Actions that take a position: pick one, then click the battlefield.
    const points = document.getElementById("points");
    points.replaceChildren();
    const keys = s.legal.points.map((p) => p.key);
    if (!keys.includes(pointGroup)) pointGroup = keys.length ? keys[0] : null;
    if (keys.length) points.appendChild(el("p", { class: "hint" }, "Or pick one and click the battlefield:"));
    for (const p of s.legal.points) {
      const button = el("button", { type: "button", class: "point-group", title: p.rule,
                                    "aria-pressed": String(p.key === pointGroup) }, p.label);
      button.addEventListener("click", () => { pointGroup = p.key; show(state, false); });
      points.appendChild(button);
    }
    const svg = document.querySelector("#board-holder svg");
    if (svg && pointGroup) {
      svg.classList.add("pointing");
      svg.addEventListener("click", clicked);
      // The positions the rules offer for the picked action (any other legal one may be clicked).
      const length = parseFloat(svg.dataset.length);
      const picked = s.legal.points.find((p) => p.key === pointGroup);
      for (const [x, y] of picked.offered) {
        const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        dot.setAttribute("class", "offered");
        dot.setAttribute("cx", x); dot.setAttribute("cy", length - y); dot.setAttribute("r", "0.18");
        svg.appendChild(dot);
      }
    }
    markTargets(s);
    showComputerMoves(s);
    // Paid actions: pick one, then the cards from the hand, then pay.
    const pays = document.getElementById("payments");
    pays.replaceChildren();
    const payKeys = s.legal.payments.map((p) => p.key);
    if (!payKeys.includes(payGroup)) { payGroup = null; picked = []; }
    picked = picked.filter((c) => s.hand.includes(c));
    if (payKeys.length) pays.appendChild(el("p", { class: "hint" }, "Or pick the cards from your hand:"));
    for (const p of s.legal.payments) {
      const button = el("button", { type: "button", class: "pay-group", title: p.rule,
                                    "aria-pressed": String(p.key === payGroup) }, p.label);
      button.addEventListener("click", () => { payGroup = p.key === payGroup ? null : p.key; picked = []; show(state, false); });
      pays.appendChild(button);
    }
    if (payGroup) {
      const chosen = s.legal.payments.find((p) => p.key === payGroup);
      const paying = chosen.before.endsWith(" paying ");
      const go = el("button", { type: "button", id: "pay", class: "primary" },
        !picked.length ? "Pick cards from your hand" :
          paying ? "Pay " + picked.join("+") : chosen.before + picked.join("+") + chosen.after);
      go.disabled = !picked.length;
      go.addEventListener("click", () => act({ pay: payGroup, cards: picked }));
      pays.appendChild(go);
    }
    document.getElementById("undo").disabled = s.seat === null;
    document.getElementById("hint").disabled = !mine;
    // Cards.
    const hand = document.getElementById("hand");
    hand.replaceChildren(...s.hand.map((c) => handCard(c, payGroup !== null)));
    if (s.seat === null) hand.appendChild(el("span", { class: "hint" }, "(spectators see no hand)"));
    const others = Object.entries(s.other_hands).map(([who, h]) =>
      "player " + who + " holds " + h.cards + (h.known.length ? " (" + h.known.join(" ") + " taken face up)" : ""));
    document.getElementById("cards-line").textContent =
      "face up: " + (s.face_up.join(" ") || "none") + " · deck " + s.deck + " · discard " + s.discard +
      (s.discard_top ? " (top " + s.discard_top + ")" : "") + (others.length ? " · " + others.join("; ") : "");
  };

  function clicked(event) {
    const svg = event.currentTarget;
    const at = svg.createSVGPoint();
    at.x = event.clientX; at.y = event.clientY;
    const p = at.matrixTransform(svg.getScreenCTM().inverse());
    const length = parseFloat(svg.dataset.length);
    act({ group: pointGroup, point: [p.x, length - p.y] });
  }

  async function act(what) {
    const data = await send("/act", Object.assign({ steps: state.steps }, what));
    if (data) { payGroup = null; picked = []; show(data); }
  }

  document.getElementById("undo").addEventListener("click", async () => {
    const data = await send("/undo", { steps: state.steps });
    if (data) { show(data); document.getElementById("said").textContent = data.said; }
  });
  document.getElementById("hint").addEventListener("click", async () => {
    const data = await send("/hint");
    const box = document.getElementById("hint-text");
    if (data) { box.textContent = data.hint.join("\n"); box.hidden = false; }
  });

  // Hot-seat: every human seat at this one device. Between two seats a cover hides the
  // page (and its hand) until the next player says they hold the device.
  const hotseat = new URLSearchParams(location.search).get("hotseat");
  let seatLinks = null;
  function cover(text, button, then) {
    const pass = document.getElementById("pass");
    document.getElementById("pass-title").textContent = text;
    const ready = document.getElementById("pass-ready");
    ready.textContent = button;
    ready.onclick = then;
    pass.hidden = false;
    root.hidden = true;
  }
  function uncover() { document.getElementById("pass").hidden = true; root.hidden = false; }
  // Whether it covered the page for another human seat to take the device.
  async function passOn(s) {
    if (!hotseat || s.result || !s.now.decides || s.now.decides === s.seat) return false;
    if (!seatLinks) {
      const answer = await fetch("/magewinds/battles/" + root.dataset.battle + "/" + hotseat + "/links",
                                 { headers: { "Accept": "application/json" } });
      if (!answer.ok) return false;
      seatLinks = await answer.json();
    }
    if (seatLinks.kinds[s.now.decides - 1] !== "human") return false;
    const next = seatLinks.seats[s.now.decides - 1] + "?hotseat=" + encodeURIComponent(hotseat);
    cover("Pass the device to player " + s.now.decides, "Player " + s.now.decides + " has it: go on",
          () => { location.href = next; });
    return true;
  }
  if (hotseat) {
    // One cover only, decided before either shows: the page is hidden while it is decided,
    // so a click can never land on a cover that is being replaced.
    root.hidden = true;
    const shown = show;
    shown(state);
    show = function (s, clear) { shown(s, clear); passOn(s); };
    passOn(state).then((covered) => {
      if (!covered) cover("Player " + state.seat + "'s seat", "I am player " + state.seat + ": show my hand", uncover);
    });
  } else {
    show(state);
  }

  if (window.EventSource) {
    const source = new EventSource(base + "/events");
    source.addEventListener("changed", (event) => {
      const [epoch, changed] = String(event.data).split(" ");
      if (epoch !== state.epoch || Number(changed) > state.changed) refresh(true);
    });
  } else {
    setInterval(() => refresh(false), 2000);
  }
})();
