// proven serve: the one script of every play page. It knows no game: the server draws the
// position (an SVG whose targets carry data-move, or text), lists the legal moves, and judges
// every move. This script sends words, animates what the engine reports, and keeps the moves in
// the URL so a reload restores the position.
(() => {
  "use strict";
  const body = document.body;
  const api = body.dataset.api;
  const keys = JSON.parse(body.dataset.keys || "{}");
  const $ = (id) => document.getElementById(id);
  let state = JSON.parse($("state").textContent);
  let moves = (new URLSearchParams(location.search).get("moves") || "").split(";").filter((m) => m);

  function feedback(text, bad) {
    $("feedback").textContent = text || "";
    $("feedback").classList.toggle("bad", !!bad);
  }

  function draw() {
    const board = $("board");
    if (state.svg) {
      board.innerHTML = state.svg;
    } else {
      board.innerHTML = "";
      const pre = document.createElement("pre");
      pre.className = "text";
      pre.textContent = state.text;
      board.appendChild(pre);
    }
    const status = $("status");
    status.textContent = state.summary;
    status.className = "status " + state.phase;
    body.dataset.phase = state.phase;
    // A kind of move the picture offers (its first word: "tap", "mark") is played on the
    // picture; every other legal move gets a button (tilts, a bomb's actions).
    const verb = (move) => move.split(" ")[0];
    const drawn = new Set([...board.querySelectorAll("[data-move]")].map((e) => verb(e.dataset.move)));
    const buttons = $("buttons");
    buttons.innerHTML = "";
    for (const move of state.legal) {
      if (drawn.has(verb(move))) continue;
      const b = document.createElement("button");
      b.textContent = move;
      b.dataset.move = move;
      buttons.appendChild(b);
    }
    $("undo").disabled = !state.undo || state.moves_made === 0;
    $("restart").disabled = !state.undo || state.moves_made === 0;
    $("rules").querySelector("pre").textContent = state.rules;
    $("hint").hidden = !state.hints;
    $("hint").disabled = state.phase !== "playing";
    showResult();
  }

  // Once the item is won or lost: the verdict, the engine's own summary, and what to do next.
  // A win is kept in this browser (progress.js) with its number of moves.
  function showResult() {
    const result = $("result");
    result.hidden = state.phase === "playing";
    if (result.hidden) return;
    const won = state.phase === "won";
    const par = body.dataset.par ? +body.dataset.par : null;
    const perfect = won && par !== null && state.moves_made <= par;
    $("result-title").textContent = won ? (perfect ? "Perfect!" : "Solved!") : "Lost";
    $("result-text").textContent = state.summary;
    $("result-again").textContent = won ? "Play again" : "Try again";
    $("result-next").hidden = !won || !$("result-next").getAttribute("href");
    if (won && body.dataset.progress) provenProgress.won(body.dataset.progress, body.dataset.item, state.moves_made);
  }

  // Rolls each marble along the path the engine reported (tilt), before the new position.
  function animate(last) {
    const group = document.querySelector("#board g.board");
    const marbles = last && last.changes && last.changes.marbles;
    if (!group || !marbles) return Promise.resolve();
    const cell = +group.dataset.cell, x0 = +group.dataset.x, y0 = +group.dataset.y;
    const runs = [];
    let longest = 0;
    for (const m of marbles) {
      const circle = group.querySelector(`[data-at="${m.path[0].cell}"]`);
      if (circle && m.path.length > 1) { runs.push({ circle, path: m.path }); longest = Math.max(longest, m.path.length - 1); }
    }
    if (!runs.length) return Promise.resolve();
    const perCell = 45, start = performance.now();
    return new Promise((done) => {
      function frame(now) {
        const t = Math.max(0, Math.min((now - start) / perCell, longest));  // a frame may predate start
        for (const { circle, path } of runs) {
          const steps = path.length - 1, k = Math.min(Math.floor(t), steps - 1), f = Math.min(t - k, 1);
          const a = path[Math.min(k, steps)], b = path[Math.min(k + 1, steps)];
          circle.setAttribute("cx", x0 + (a.col + (b.col - a.col) * f + 0.5) * cell);
          circle.setAttribute("cy", y0 + (a.row + (b.row - a.row) * f + 0.5) * cell);
        }
        if (t < longest) requestAnimationFrame(frame); else done();
      }
      requestAnimationFrame(frame);
    });
  }

  // Moves are sent one at a time, in the order played: a key pressed during an animation waits
  // its turn instead of being lost. body[data-pending] counts the moves not yet drawn.
  let queue = Promise.resolve();
  let pending = 0;
  function enqueue(task) {
    body.dataset.pending = ++pending;
    queue = queue.then(task)
      .catch((error) => feedback("the server could not be reached: " + error, true))
      .finally(() => { body.dataset.pending = --pending; });
  }
  const send = (move) => enqueue(() => sendNow(move));

  async function sendNow(move) {
    const url = api + "&moves=" + encodeURIComponent(moves.join(";")) + "&move=" + encodeURIComponent(move);
    const response = await fetch(url);
    const text = await response.text();
    if (!response.ok) { feedback(text.trim(), true); return; }
    const next = JSON.parse(text);
    moves.push(move);
    const here = new URL(location.href);
    here.searchParams.set("moves", moves.join(";"));
    history.replaceState(null, "", here);
    await animate(next.last);
    state = next;
    draw();
    feedback(next.last ? next.last.text : "");
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-move]");
    if (target) { event.preventDefault(); send(target.dataset.move); }
  });
  // A hint is asked, not played: it takes no move and goes in no URL.
  $("hint").addEventListener("click", () => enqueue(async () => {
    const response = await fetch(api + "&moves=" + encodeURIComponent(moves.join(";")) + "&hint=1");
    const text = await response.text();
    if (!response.ok) { feedback(text.trim(), true); return; }
    feedback("Hint: " + JSON.parse(text).hint);
  }));
  $("undo").addEventListener("click", () => send("undo"));
  $("restart").addEventListener("click", () => send("restart"));
  // Again from the start: the session's restart where the game allows one, else the item's page
  // without its moves (a bomb takes no restart, but it can be dealt again).
  $("result-again").addEventListener("click", () => {
    if (state.undo) { send("restart"); return; }
    const fresh = new URL(location.href);
    fresh.searchParams.delete("moves");
    location.href = fresh.toString();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    const move = keys[event.key];
    if (move) { event.preventDefault(); send(move); }
  });
  // Swipes: the direction of a drag across the board, as its arrow key would.
  let touch = null;
  $("board").addEventListener("touchstart", (e) => { touch = e.touches[0]; }, { passive: true });
  $("board").addEventListener("touchend", (e) => {
    if (!touch) return;
    const end = e.changedTouches[0], dx = end.clientX - touch.clientX, dy = end.clientY - touch.clientY;
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "ArrowRight" : "ArrowLeft") : (dy > 0 ? "ArrowDown" : "ArrowUp");
    if (keys[key]) send(keys[key]);
  });
  draw();
})();
