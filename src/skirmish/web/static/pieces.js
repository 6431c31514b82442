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

  function record(s) {
    document.getElementById("board-holder").innerHTML = s.board;
    document.getElementById("fighters").replaceChildren(table(s.fighters));
    document.getElementById("objects").replaceChildren(table(s.objects));
    document.getElementById("log").replaceChildren(...s.log.map((e) => {
      const li = el("li");
      li.appendChild(el("span", { class: "rule" }, e.rule));
      li.appendChild(document.createTextNode(e.text));
      return li;
    }));
  }

  return { el, table, record };
})();
