// What the battle and replay pages both draw from the server's answer: elements, the
// fighters' and objects' tables, the log (newest first, each line with its rule).
"use strict";
window.skirmishPieces = (function () {
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function table(rows) {
    if (!rows.length) return el("p", { class: "hint" }, "");
    const t = el("table");
    const head = el("tr");
    for (const key of Object.keys(rows[0])) head.appendChild(el("th", {}, key));
    t.appendChild(head);
    for (const row of rows) {
      const tr = el("tr", { "data-name": row.fighter || row.object || "" });
      for (const value of Object.values(row)) tr.appendChild(el("td", {}, value));
      t.appendChild(tr);
    }
    return t;
  }

  let shownLog = [];
  let shownFighters = [];

  // The choices of a filter: "all", then each value seen, keeping the one picked.
  function choices(id, values) {
    const select = document.getElementById(id);
    const picked = select.value;
    const all = [...new Set(values)].sort();
    // Each shown as words ("face up", "player 1"); the value stays the log's own.
    select.replaceChildren(el("option", { value: "" }, "all"), ...all.map((v) => el("option", { value: v }, v.replace(/_/g, " "))));
    select.value = all.includes(picked) ? picked : "";
  }

  function kindOf(e) { return e.event || e.kind || ""; }

  function mentions(e, name) {
    const data = e.data || {};
    if (data.fighter === name || data.target === name || data.attacker === name) return true;
    return new RegExp("(^|[^A-Za-z])" + name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([^A-Za-z]|$)").test(e.text);
  }

  // The log, newest first, filtered by kind, fighter and rule (a rule and its sub-rules).
  function showLog() {
    const kind = document.getElementById("log-kind").value;
    const fighter = document.getElementById("log-fighter").value;
    const rule = document.getElementById("log-rule").value.trim();
    const kept = shownLog.map((e, n) => [e, shownLog.length - n]).filter(([e]) =>
      (!kind || kindOf(e) === kind) && (!fighter || mentions(e, fighter)) &&
      (!rule || e.rule === rule || String(e.rule).startsWith(rule + ".") || (rule.endsWith(".") && String(e.rule).startsWith(rule))));
    const list = document.getElementById("log");
    list.replaceChildren(...kept.map(([e, number]) => {
      const li = el("li", { value: String(number), "data-kind": kindOf(e), "data-rule": e.rule });
      if (e.seen_by !== undefined && e.seen_by !== null) {
        li.classList.add("private");
        li.title = "only your seat sees this line";
      }
      li.appendChild(el("span", { class: "rule" }, e.rule));
      li.appendChild(document.createTextNode(e.text));
      return li;
    }));
    document.getElementById("log-count").textContent = kept.length === shownLog.length ?
      shownLog.length + " lines" : kept.length + " of " + shownLog.length + " lines";
  }

  function record(s) {
    document.getElementById("board-holder").innerHTML = s.board;
    if (window.skirmishZoom) window.skirmishZoom.apply();
    document.getElementById("fighters").replaceChildren(table(s.fighters));
    document.getElementById("objects").replaceChildren(table(s.objects));
    shownLog = s.log;
    shownFighters = s.fighters.map((f) => f.fighter);
    choices("log-kind", s.log.map(kindOf));
    choices("log-fighter", shownFighters);
    showLog();
  }

  for (const id of ["log-kind", "log-fighter", "log-rule"]) {
    const box = document.getElementById(id);
    if (box) box.addEventListener(id === "log-rule" ? "input" : "change", showLog);
  }

  return { el, table, record };
})();
