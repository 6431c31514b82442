// The Dark Realms tile board: a click says which figure and which tile; the server changes
// the board file, reads it back with the game's board reader, and the page reopens on it.
(function () {
  "use strict";
  const editor = document.getElementById("tiles-editor");
  if (!editor) return;
  const status = document.getElementById("status");
  let mode = "move";
  let held = null;

  document.querySelectorAll("[data-mode]").forEach(function (button) {
    button.addEventListener("click", function () {
      mode = button.dataset.mode;
      held = null;
      document.querySelectorAll("[data-mode]").forEach(function (b) {
        b.setAttribute("aria-pressed", String(b === button));
      });
      status.textContent = mode === "move" ? "click a figure, then a tile" : mode === "place" ? "click a tile" : "click a figure";
    });
  });

  function send(edit) {
    status.textContent = "…";
    fetch("/darkrealms/board/edit", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ file: editor.dataset.file, edit: edit, figures: editor.dataset.figures || "" }),
    }).then(function (answer) {
      return answer.json().then(function (data) {
        if (!answer.ok) {
          status.textContent = data.error || data.detail || "refused";
          status.setAttribute("role", "alert");
          return;
        }
        const url = new URL(window.location.href);
        url.searchParams.set("file", data.file);
        window.location.assign(url.toString());
      });
    });
  }

  const switcher = document.getElementById("switch-tiles");
  if (switcher) switcher.addEventListener("change", function () {
    send({ op: "tiles", tiles: switcher.value });
  });

  const board = document.getElementById("tiles");
  if (!board) return;
  board.addEventListener("click", function (event) {
    const figure = event.target.closest("[data-kind=figure]");
    const tile = event.target.closest("[data-tile]");
    if (!tile) return;
    const at = tile.dataset.tile.split(",").map(Number);
    if (mode === "delete" && figure) {
      send({ op: "delete", name: figure.dataset.name });
    } else if (mode === "place" && !figure) {
      send({
        op: "place",
        to: at,
        figure: document.getElementById("place-figure").value,
        side: document.getElementById("place-side").value,
      });
    } else if (mode === "move" && figure) {
      held = figure.dataset.name;
      document.querySelectorAll(".figure.held").forEach(function (f) { f.classList.remove("held"); });
      figure.classList.add("held");
      status.textContent = held + ": click a tile";
    } else if (mode === "move" && held) {
      send({ op: "move", name: held, to: at });
    }
  });
})();
