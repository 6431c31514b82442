// The battle page: shows what the server says this seat sees, sends the seat's actions.
// No rule is here: every action, refusal and position check is the server's (the engine's).
"use strict";
(function () {
  const root = document.getElementById("battle");
  const base = "/magewinds/battles/" + root.dataset.battle + "/" + root.dataset.token;
  let state = JSON.parse(document.getElementById("state").textContent);
  let pointGroup = null;

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

  function show(s, clear) {
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
      box.appendChild(el("h3", {}, group.kind.replace(/_/g, " ")));
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
    document.getElementById("undo").disabled = s.seat === null;
    document.getElementById("hint").disabled = !mine;
    // Cards.
    const hand = document.getElementById("hand");
    hand.replaceChildren(...s.hand.map(card));
    if (s.seat === null) hand.appendChild(el("span", { class: "hint" }, "(spectators see no hand)"));
    const others = Object.entries(s.other_hands).map(([who, h]) =>
      "player " + who + " holds " + h.cards + (h.known.length ? " (" + h.known.join(" ") + " taken face up)" : ""));
    document.getElementById("cards-line").textContent =
      "face up: " + (s.face_up.join(" ") || "none") + " · deck " + s.deck + " · discard " + s.discard +
      (s.discard_top ? " (top " + s.discard_top + ")" : "") + (others.length ? " · " + others.join("; ") : "");
  }

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
    if (data) show(data);
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

  show(state);
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
