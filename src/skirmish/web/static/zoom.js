// Zoom and pan of a server-drawn battlefield: the mouse wheel zooms about the pointer, a
// drag pans, two fingers pinch and pan on a phone, and the buttons zoom in, out and back.
// Only the SVG's viewBox changes: every position is still the server's, in inches, and a
// click is still turned into table inches by the SVG itself (getScreenCTM).
"use strict";
window.skirmishZoom = (function () {
  let view = null;      // [x, y, width, height] kept across redraws of the board
  let full = null;
  let dragged = false;
  const pointers = new Map();
  let last = null;      // the previous gesture: centre and spread of the pointers

  function svg() { return document.querySelector("#board-holder svg"); }

  function set(box) {
    const s = svg();
    if (!s || !full) return;
    const [, , fw, fh] = full;
    const w = Math.min(fw, Math.max(fw / 8, box[2]));
    const h = w * fh / fw;
    const x = Math.min(full[0] + fw - w, Math.max(full[0], box[0]));
    const y = Math.min(full[1] + fh - h, Math.max(full[1], box[1]));
    view = [x, y, w, h];
    s.setAttribute("viewBox", view.join(" "));
    // Zoomed in, a finger pans the table and two pinch it; at the whole table a finger
    // scrolls the page, as everywhere else on a phone.
    s.style.touchAction = w < fw - 1e-9 ? "none" : "pan-x pan-y";
    const holder = document.getElementById("board-holder");
    holder.dataset.zoom = (fw / w).toFixed(2);
  }

  // The table point under a point of the screen.
  function at(clientX, clientY) {
    const s = svg();
    const p = s.createSVGPoint();
    p.x = clientX; p.y = clientY;
    return p.matrixTransform(s.getScreenCTM().inverse());
  }

  function zoomAbout(factor, clientX, clientY) {
    const s = svg();
    if (!s || !view) return;
    const r = s.getBoundingClientRect();
    const cx = clientX === undefined ? r.left + r.width / 2 : clientX;
    const cy = clientY === undefined ? r.top + r.height / 2 : clientY;
    const p = at(cx, cy);
    const w = view[2] / factor, h = view[3] / factor;
    set([p.x - (p.x - view[0]) / factor, p.y - (p.y - view[1]) / factor, w, h]);
  }

  function panBy(dxScreen, dyScreen) {
    const s = svg();
    const r = s.getBoundingClientRect();
    const scale = Math.max(view[2] / r.width, view[3] / r.height);
    set([view[0] - dxScreen * scale, view[1] - dyScreen * scale, view[2], view[3]]);
  }

  function gesture() {
    const ps = [...pointers.values()];
    const x = ps.reduce((a, p) => a + p.x, 0) / ps.length;
    const y = ps.reduce((a, p) => a + p.y, 0) / ps.length;
    const spread = ps.length > 1 ? Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y) : 0;
    return { x, y, spread, count: ps.length };
  }

  function attach() {
    const holder = document.getElementById("board-holder");
    holder.addEventListener("wheel", (e) => {
      if (!svg()) return;
      e.preventDefault();
      zoomAbout(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX, e.clientY);
    }, { passive: false });
    holder.addEventListener("pointerdown", (e) => {
      if (!svg() || e.button > 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      last = gesture();
      dragged = false;
    });
    holder.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = gesture();
      if (!last || now.count !== last.count) { last = now; return; }
      const moved = Math.hypot(now.x - last.x, now.y - last.y);
      if (!dragged && moved < 6 && Math.abs(now.spread - last.spread) < 6) return;
      if (now.count > 1 && last.spread > 0) zoomAbout(now.spread / last.spread, now.x, now.y);
      if (view && view[2] < full[2] - 1e-9) panBy(now.x - last.x, now.y - last.y);
      dragged = true;
      last = now;
    });
    const up = (e) => { pointers.delete(e.pointerId); last = pointers.size ? gesture() : null; };
    holder.addEventListener("pointerup", up);
    holder.addEventListener("pointercancel", up);
    // A drag or pinch is not a click on the battlefield.
    holder.addEventListener("click", (e) => { if (dragged) { e.stopPropagation(); e.preventDefault(); dragged = false; } }, true);
    const buttons = { "zoom-in": () => zoomAbout(1.5), "zoom-out": () => zoomAbout(1 / 1.5), "zoom-reset": () => set(full.slice()) };
    for (const [id, work] of Object.entries(buttons)) {
      const b = document.getElementById(id);
      if (b) b.addEventListener("click", () => { if (svg()) work(); });
    }
  }

  // After each redraw of the board: keep the zoom the person chose.
  function apply() {
    const s = svg();
    if (!s) return;
    full = s.getAttribute("viewBox").split(/\s+/).map(Number);
    set(view || full.slice());
  }

  attach();
  return { apply, zoomAbout, set };
})();
