// The battlefield editor: pieces dragged, deleted, rotated or added with the mouse.
// The script measures nothing: it sends each change to the server, which changes the
// file, asks the game's own rules again, and sends back the drawing and the answers.
(function () {
  "use strict";
  var editor = document.getElementById("editor");
  if (!editor) return;
  var mode = "move";
  var drag = null;
  var busy = false;
  var status = document.getElementById("status");
  var corners = [];
  var finish = document.getElementById("finish-polygon");
  // The drawing of the last battlefield the server accepted, put back when an edit is refused.
  var accepted = document.getElementById("board-holder").innerHTML;

  function showCorners() {
    var svg = board();
    if (!svg) return;
    var old = svg.querySelector("#corners");
    if (old) old.remove();
    finish.hidden = mode !== "add-polygon" || corners.length < 3;
    if (!corners.length) return;
    var group = document.createElementNS("http://www.w3.org/2000/svg", "g");
    group.id = "corners";
    var line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
    line.setAttribute("points", corners.map(function (c) { return c.sx + "," + c.sy; }).join(" "));
    line.setAttribute("class", "corners");
    group.appendChild(line);
    corners.forEach(function (c) {
      var dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("cx", c.sx); dot.setAttribute("cy", c.sy); dot.setAttribute("r", 0.12);
      dot.setAttribute("class", "corner");
      group.appendChild(dot);
    });
    svg.appendChild(group);
  }

  function checkMove(at) {
    var picks = JSON.parse(editor.dataset.picks || "{}");
    var fighter = picks.reach || picks.attacker;
    var answer = document.getElementById("move-answer");
    if (!fighter) {
      status.textContent = "pick a fighter in --reach (or an attacker) first";
      return;
    }
    fetch("/" + editor.dataset.game + "/battlefield/move", {
      method: "POST",
      headers: { "content-type": "application/json", "accept": "application/json" },
      body: JSON.stringify({ file: editor.dataset.file, fighter: fighter, to: [at.x, at.y], picks: picks })
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    }).then(function (reply) {
      var svg = board();
      var old = svg.querySelector("#move-path");
      if (old) old.remove();
      answer.hidden = false;
      answer.innerHTML = "";
      var heading = document.createElement("h2");
      answer.appendChild(heading);
      if (!reply.ok) {
        heading.textContent = reply.data.error;
        answer.dataset.legal = "";
        return;
      }
      var data = reply.data;
      answer.dataset.legal = String(data.legal);
      heading.textContent = fighter + ": " + (data.legal ? "a legal move" : "not a legal move");
      var list = document.createElement("ul");
      list.className = "facts";
      data.lines.forEach(function (text) {
        var item = document.createElement("li");
        item.textContent = text;
        list.appendChild(item);
      });
      answer.appendChild(list);
      var length = parseFloat(svg.dataset.length);
      var line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
      line.id = "move-path";
      line.setAttribute("class", data.legal ? "move-path legal" : "move-path illegal");
      line.setAttribute("points", data.path.map(function (p) { return p[0] + "," + (length - p[1]); }).join(" "));
      svg.appendChild(line);
    });
  }

  finish.addEventListener("click", function () {
    var points = corners.map(function (c) { return [c.x, c.y]; });
    corners = [];
    showCorners();
    send({ op: "add", shape: "polygon", points: points, height: document.getElementById("add-height").value });
  });

  function board() { return document.getElementById("board"); }

  function tablePoint(event) {
    var svg = board();
    var point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    var local = point.matrixTransform(svg.getScreenCTM().inverse());
    return { x: local.x, y: parseFloat(svg.dataset.length) - local.y, sx: local.x, sy: local.y };
  }

  function send(edit) {
    if (busy) return;
    busy = true;
    status.textContent = "working out…";
    var body = {
      file: editor.dataset.file,
      edit: edit,
      picks: JSON.parse(editor.dataset.picks || "{}"),
      overlay: editor.dataset.overlay === "on"
    };
    fetch("/" + editor.dataset.game + "/battlefield/edit", {
      method: "POST",
      headers: { "content-type": "application/json", "accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    }).then(function (answer) {
      busy = false;
      if (!answer.ok) {
        status.textContent = answer.data.error;
        status.className = "problem";
        // The refused edit undone on the drawing too: the last accepted battlefield again
        // (a dragged piece goes back where the answers say it stands).
        document.getElementById("board-holder").innerHTML = accepted;
        return;
      }
      var data = answer.data;
      status.textContent = ""; status.className = "";
      editor.dataset.file = data.file;
      document.getElementById("board-holder").innerHTML = data.board;
      accepted = data.board;
      document.getElementById("panel").innerHTML = data.panel;
      document.getElementById("legend-holder").innerHTML = data.legend;
      document.getElementById("save").href =
        "/" + editor.dataset.game + "/battlefield/save?file=" + data.file;
      document.getElementById("permalink").href = data.url;
      const start = document.getElementById("start-battle");
      if (start) start.href = "/" + editor.dataset.game + "/battlefield/battle?file=" + data.file;
      document.querySelectorAll('input[name="file"][type="hidden"]').forEach(function (i) { i.value = data.file; });
      document.querySelectorAll('input[name="back"]').forEach(function (i) { i.value = data.url; });
      history.replaceState(null, "", data.url);
      editor.dispatchEvent(new CustomEvent("answered"));
    }).catch(function (error) {
      busy = false;
      status.textContent = "no answer from the server: " + error;
    });
  }

  document.querySelectorAll(".tools [data-mode]").forEach(function (button) {
    button.addEventListener("click", function () {
      mode = button.dataset.mode;
      document.querySelectorAll(".tools [data-mode]").forEach(function (b) {
        b.setAttribute("aria-pressed", b === button ? "true" : "false");
      });
      corners = [];
      showCorners();
      if (mode === "add-polygon") status.textContent = "click the polygon's corners in order";
    });
  });

  function piece(target) { return target.closest ? target.closest("[data-kind]") : null; }

  editor.addEventListener("pointerdown", function (event) {
    var svg = board();
    if (!svg || !svg.contains(event.target)) return;
    var found = piece(event.target);
    var at = tablePoint(event);
    if (mode === "check-move") {
      checkMove(at);
      return;
    }
    if (mode === "add-polygon") {
      corners.push(at);
      showCorners();
      return;
    }
    if (mode.indexOf("add-") === 0) {
      send({
        op: "add", shape: mode.slice(4), to: [at.x, at.y],
        height: document.getElementById("add-height").value,
        profile: document.getElementById("add-profile").value,
        side: document.getElementById("add-side").value
      });
      return;
    }
    if (!found) return;
    var name = found.dataset.name, kind = found.dataset.kind;
    var centre = found.dataset.x === undefined ? null : [parseFloat(found.dataset.x), parseFloat(found.dataset.y)];
    if (mode === "delete") { send({ op: "delete", kind: kind, name: name, at: centre }); return; }
    if (mode === "rotate") { send({ op: "rotate", kind: kind, name: name, degrees: 15 }); return; }
    event.preventDefault();
    drag = { element: found, start: at, kind: kind, name: name, centre: centre };
    found.classList.add("dragging");
    svg.setPointerCapture(event.pointerId);
  });

  editor.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var at = tablePoint(event);
    drag.element.setAttribute("transform", "translate(" + (at.sx - drag.start.sx) + " " + (at.sy - drag.start.sy) + ")");
  });

  editor.addEventListener("pointerup", function (event) {
    if (!drag) return;
    var at = tablePoint(event);
    var by = [at.x - drag.start.x, at.y - drag.start.y];
    var moved = drag;
    drag = null;
    moved.element.classList.remove("dragging");
    if (Math.abs(by[0]) < 0.01 && Math.abs(by[1]) < 0.01) return;
    send({ op: "move", kind: moved.kind, name: moved.name, by: by, at: moved.centre });
  });
})();
