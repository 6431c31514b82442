// The replay page: a slider over the battle's steps; each step's public facts come from
// the server. "Play on from here" asks the server for a new battle from that step.
"use strict";
(function () {
  const root = document.getElementById("replay");
  const base = "/magewinds/battles/" + root.dataset.battle + "/" + root.dataset.token;
  const slider = document.getElementById("slider");
  let asked = 0;

  const { record } = window.skirmishPieces;

  function show(s) {
    document.getElementById("step").textContent = s.steps;
    root.dataset.steps = String(s.steps);
    const now = s.now;
    document.getElementById("now").textContent = s.result ? "over: " + s.result :
      "round " + s.round + ", " + s.phase + " phase · " + now.rule + ": " +
      (now.chance || ("player " + now.decides + " decides"));
    record(s);
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
