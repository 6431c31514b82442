// The replay page: a slider over the battle's steps; each step's public facts come from
// the server. "Play on from here" asks the server for a new battle from that step.
"use strict";
(function () {
  const root = document.getElementById("replay");
  const base = "/magewinds/battles/" + root.dataset.battle + "/" + root.dataset.token;
  const slider = document.getElementById("slider");
  let asked = 0;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(s) {
    document.getElementById("step").textContent = s.steps;
    root.dataset.steps = String(s.steps);
    const now = s.now;
    document.getElementById("now").textContent = s.result ? "over: " + s.result :
      "round " + s.round + ", " + s.phase + " phase · " + now.rule + ": " +
      (now.chance || ("player " + now.decides + " decides"));
    document.getElementById("board-holder").innerHTML = s.board;
    const rows = s.fighters;
    const t = el("table");
    if (rows.length) {
      const head = el("tr");
      for (const key of Object.keys(rows[0])) head.appendChild(el("th", {}, key));
      t.appendChild(head);
      for (const row of rows) {
        const tr = el("tr");
        for (const value of Object.values(row)) tr.appendChild(el("td", {}, value));
        t.appendChild(tr);
      }
    }
    document.getElementById("fighters").replaceChildren(t);
    document.getElementById("log").replaceChildren(...s.log.map((e) => {
      const li = el("li");
      li.appendChild(el("span", { class: "rule" }, e.rule));
      li.appendChild(document.createTextNode(e.text));
      return li;
    }));
  }

  async function go(step) {
    const mine = ++asked;
    slider.value = String(step);
    const answer = await fetch(base + "/replay/" + step, { headers: { Accept: "application/json" } });
    const data = await answer.json();
    if (mine !== asked) return;
    const box = document.getElementById("refusal");
    box.hidden = answer.ok;
    if (!answer.ok) { box.textContent = data.error; return; }
    show(data);
  }

  slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
  document.getElementById("back").addEventListener("click", () => go(Math.max(0, parseInt(slider.value, 10) - 1)));
  document.getElementById("forward").addEventListener("click",
    () => go(Math.min(parseInt(slider.max, 10), parseInt(slider.value, 10) + 1)));
  const playOn = document.getElementById("playon");
  if (playOn) playOn.addEventListener("click", async () => {
    const answer = await fetch(base + "/playon", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ steps: parseInt(slider.value, 10), players: document.getElementById("players").value }),
    });
    const data = await answer.json();
    const box = document.getElementById("refusal");
    box.hidden = answer.ok;
    if (!answer.ok) { box.textContent = data.error; return; }
    window.location.href = data.page;
  });
  show(JSON.parse(document.getElementById("state").textContent));
})();
