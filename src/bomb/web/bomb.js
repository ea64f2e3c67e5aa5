// The Defuser's page (/bomb/play): draws the bomb the server describes and turns clicks into the
// modules' own words ("cut wire 2"). It keeps the run log, each action with the moment it was made,
// and sends all of it to /api/bomb/run: the engine replays it (the same apply and tick as the
// proofs) and answers with what the bomb shows now. Nothing here knows a rule; the clock and the
// countdowns only run on between answers, from the numbers the last answer gave.
"use strict";
(() => {
  const boot = JSON.parse(document.getElementById("bomb-boot").textContent);
  const log = boot.log; // the run log without its claim: its actions grow as you play
  let view = boot.view; // the server's last answer (bomb/live.hpp)
  const ACTION_MS = 250; // every action takes a quarter of a second (bomb/run.hpp)
  const TAP_MS = 400; // a big-button press shorter than this is a tap, longer a hold
  let t0 = null; // performance.now() when the Defuser pressed Start
  let lastAt = null; // at_ms of the last action
  let inFlight = false;
  let again = false;
  let refresh = null;
  let ended = false;
  let flashUntil = 0;
  let flashModule = 0;

  const $ = (id) => document.getElementById(id);
  const NS = "http://www.w3.org/2000/svg";
  function el(tag, attrs, ...children) {
    const node = tag.startsWith("svg:") ? document.createElementNS(NS, tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.setAttribute("class", v);
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat(Infinity)) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  const nowMs = () => (t0 === null ? 0 : Math.floor(performance.now() - t0));
  const nextActionAt = () => (lastAt === null ? 0 : lastAt + ACTION_MS);
  // The time a page shows: real time, but never past the end of the run.
  const shownAt = () => (ended ? view.ended_at_ms || view.now_ms : nowMs());

  // The bomb clock at real time t: timer_ms - floor((t - since) * (4 + strikes) / 4), as module.hpp.
  function clockMs(t) {
    const c = view.clock;
    return c.timer_ms - Math.floor(((t - c.since_ms) * (4 + c.strikes)) / 4);
  }
  function clockText(ms) {
    const s = Math.floor(Math.max(0, ms) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  // --- talking to the engine -------------------------------------------------------------------

  function act(module, words, at) {
    if (ended || t0 === null) return;
    const stamp = Math.max(at === undefined ? nowMs() : at, nextActionAt());
    lastAt = stamp;
    log.actions.push({ at_ms: stamp, module, action: words });
    sync();
  }

  async function sync() {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    clearTimeout(refresh);
    const body = Object.assign({}, log, { now_ms: Math.max(nowMs(), nextActionAt()) });
    const before = view;
    try {
      const r = await fetch("/api/bomb/run", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status === 429 || r.status === 503) {
        // Refused for now, not for good: the bomb goes on; ask again when the server says.
        const seconds = Number(r.headers.get("Retry-After")) || 1;
        feedback(`The server is busy; asking again in ${seconds} s.`, true);
        again = false;
        inFlight = false;
        refresh = setTimeout(sync, seconds * 1000);
        return;
      } else if (!r.ok) {
        feedback(`The server refused the run: ${text}`, true);
        ended = true;
      } else {
        view = JSON.parse(text);
        if (view.strikes > before.strikes) strikeFlash(body);
        render();
      }
    } catch (e) {
      feedback(`The server did not answer (${e.message}); trying again.`, true);
    }
    inFlight = false;
    if (again && !ended) {
      again = false;
      sync();
    } else if (!ended) {
      schedule();
    }
  }

  // Ask again when something happens by itself (a needy module wakes or strikes, the timer runs
  // out), and at least once a second.
  function schedule() {
    let wait = 1000;
    if (view.next_event_ms !== null) wait = Math.min(wait, view.next_event_ms - nowMs() + 5);
    refresh = setTimeout(sync, Math.max(20, wait));
  }

  function strikeFlash(body) {
    const last = body.actions[body.actions.length - 1];
    flashModule = view.last === "strike" && last && last.at_ms >= body.now_ms - ACTION_MS ? last.module : 0;
    flashUntil = performance.now() + 600;
    feedback(`STRIKE ${view.strikes} of ${view.strike_limit}`, true);
  }

  function feedback(text, bad) {
    const f = $("feedback");
    f.textContent = text;
    f.className = bad ? "feedback bad" : "feedback";
  }

  // --- presses that last: the big button and the lever -----------------------------------------

  let pressing = null; // {module, kind, downAt, timer, held}
  function pressStart(module, kind) {
    if (pressing || ended || t0 === null) return;
    pressing = { module, kind, downAt: nowMs(), timer: null, held: false };
    if (kind === "lever") {
      pressing.held = true;
      act(module, "hold");
      return;
    }
    const p = pressing;
    p.timer = setTimeout(() => {
      p.timer = null;
      p.held = true;
      act(module, "hold", p.downAt);
    }, TAP_MS);
  }
  function pressEnd() {
    const p = pressing;
    if (!p) return;
    pressing = null;
    if (p.timer !== null) {
      clearTimeout(p.timer);
      act(p.module, "tap", p.downAt);
    } else if (p.held) {
      act(p.module, "release");
    }
  }
  window.addEventListener("pointerup", pressEnd);
  window.addEventListener("pointercancel", pressEnd);
  window.addEventListener("keyup", (e) => {
    if ((e.key === " " || e.key === "Enter") && pressing) pressEnd();
  });
  function pressable(node, m, kind, words) {
    const module = m.module;
    node.disabled = !m.actions.some((a) => a.possible); // the bomb ended
    node.setAttribute("data-press", kind);
    node.setAttribute("aria-label", words);
    node.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      pressStart(module, kind);
    });
    node.addEventListener("keydown", (e) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        pressStart(module, kind);
      }
    });
    node.addEventListener("click", (e) => e.preventDefault());
    return node;
  }

  // --- module faces, from each module's state (docs/bomb.md "Dealt bomb") ---------------------

  // A button that says `words` to module `m` (disabled when the module cannot take it now).
  function actButton(m, words, label, attrs) {
    const possible = (m.actions.find((a) => a.words === words) || {}).possible;
    return el(
      "button",
      Object.assign({ "data-words": words, "aria-label": words, disabled: !possible, onclick: () => act(m.module, words) }, attrs || {}),
      label,
    );
  }

  const COLOURS = { red: "#d33", blue: "#36c", yellow: "#e6c21a", green: "#2a9d4b", white: "#eee", black: "#111" };

  function wiresFace(m) {
    return el("div", { class: "wires" },
      m.state.wires.map((colour, i) =>
        el("div", { class: "wire-row" }, el("span", { class: "num" }, String(i + 1)),
          actButton(m, `cut wire ${i + 1}`, "", { class: "wire", style: `background:${COLOURS[colour]}`, title: colour }))));
  }

  function tangledFace(m) {
    return el("div", { class: "tangled" },
      m.state.wires.map((w, i) => {
        const stripes = [w.red_stripe ? COLOURS.red : null, w.blue_stripe ? COLOURS.blue : null].filter(Boolean);
        const bg = stripes.length === 0 ? "#eee"
          : `repeating-linear-gradient(180deg, #eee 0 6px, ${stripes[0]} 6px 12px${stripes[1] ? `, #eee 12px 18px, ${stripes[1]} 18px 24px` : ""})`;
        const name = [w.red_stripe && "red stripe", w.blue_stripe && "blue stripe"].filter(Boolean).join(", ") || "no stripe";
        return el("div", { class: "tangled-wire" },
          el("span", { class: w.led ? "led on" : "led", title: w.led ? "LED lit" : "LED dark" }),
          actButton(m, `cut wire ${i + 1}`, "", { class: w.cut ? "twire cut" : "twire", style: `background:${bg}`, title: name }),
          el("span", { class: "star" }, w.star ? "★" : " "),
          el("span", { class: "num" }, String(i + 1)));
      }));
  }

  function bigButtonFace(m) {
    const s = m.state;
    const button = el("button", { class: `big-button ${s.held ? "held" : ""}`, style: `background:${COLOURS[s.colour]}`,
      "data-colour": s.colour }, s.label);
    pressable(button, m, "button", "press the button");
    return el("div", { class: "big" }, button,
      el("span", { class: "strip", style: s.strip ? `background:${COLOURS[s.strip]}` : "", title: s.strip ? `strip ${s.strip}` : "strip dark" }));
  }

  function keypadFace(m) {
    return el("div", { class: "keypad" },
      m.state.keys.map((k, i) => {
        const b = actButton(m, `press key ${i + 1}`, "", { class: k.down ? "key down" : "key", title: k.glyph });
        // The glyph as the manual draws it (the server's own SVG, never text from a player).
        b.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true">${m.pictures[i]}</svg>`;
        b.append(el("small", {}, k.glyph));
        return b;
      }));
  }

  // Colour Echo's pads flash the sequence so far, over and over: 500 ms on, 250 off, then a pause.
  function echoFace(m) {
    const pads = ["red", "blue", "green", "yellow"];
    return el("div", { class: "echo", "data-flashing": m.state.flashing.join(" ") },
      el("div", { class: "pads" }, pads.map((p) =>
        actButton(m, `press ${p}`, "", { class: `pad pad-${p}`, "data-pad": p, style: `background:${COLOURS[p]}` }))),
      el("small", {}, `stage ${m.state.stage} of ${m.state.stages}`));
  }

  function wordGridFace(m) {
    const rows = ["top", "middle", "bottom"];
    return el("div", { class: "word-grid" },
      el("div", { class: "display" }, m.state.display),
      el("div", { class: "grid2" }, m.state.buttons.map((row, r) => row.map((word, c) =>
        actButton(m, `press ${rows[r]} ${c === 0 ? "left" : "right"}`, word)))),
      el("small", {}, `round ${m.state.round} of ${m.state.rounds}`));
  }

  function recallFace(m) {
    return el("div", { class: "recall" },
      el("div", { class: "display" }, String(m.state.display)),
      el("div", { class: "row" }, m.state.labels.map((label, i) => actButton(m, `press position ${i + 1}`, String(label)))),
      el("small", {}, `stage ${m.state.stage} of ${m.state.stages}`));
  }

  // Cells as (column,row) from (1,1) at the top left, numbered along the edges as in the manual.
  function labyrinthFace(m) {
    const n = 6, cell = 30, pad = 18, size = pad + n * cell + 4;
    const svg = el("svg:svg", { viewBox: `0 0 ${size} ${size}`, class: "maze", role: "img",
      "aria-label": `light at (${m.state.light.column},${m.state.light.row}), goal at (${m.state.goal.column},${m.state.goal.row})` });
    const at = (p) => [pad + (p.column - 1) * cell + cell / 2, pad + (p.row - 1) * cell + cell / 2];
    for (let i = 0; i < n; i++) {
      svg.append(el("svg:text", { x: pad + i * cell + cell / 2, y: 12, class: "edge" }, String(i + 1)));
      svg.append(el("svg:text", { x: 8, y: pad + i * cell + cell / 2 + 4, class: "edge" }, String(i + 1)));
      for (let j = 0; j < n; j++) svg.append(el("svg:circle", { cx: pad + i * cell + cell / 2, cy: pad + j * cell + cell / 2, r: 2, class: "dot" }));
    }
    for (const mk of m.state.markers) {
      const [x, y] = at(mk);
      svg.append(el("svg:circle", { cx: x, cy: y, r: 11, class: "marker" }));
    }
    const [gx, gy] = at(m.state.goal);
    svg.append(el("svg:polygon", { points: `${gx},${gy - 9} ${gx + 9},${gy + 7} ${gx - 9},${gy + 7}`, class: "goal" }));
    const [lx, ly] = at(m.state.light);
    svg.append(el("svg:rect", { x: lx - 6, y: ly - 6, width: 12, height: 12, class: "light" }));
    // With the maze focused (click it or Tab to it), the arrow keys move too.
    const keys = { ArrowUp: "move up", ArrowRight: "move right", ArrowDown: "move down", ArrowLeft: "move left" };
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("data-focus", "maze");
    svg.addEventListener("keydown", (e) => {
      if (!keys[e.key]) return;
      e.preventDefault();
      act(m.module, keys[e.key]);
    });
    svg.addEventListener("click", () => svg.focus());
    return el("div", { class: "labyrinth" }, svg,
      el("div", { class: "arrows" },
        actButton(m, "move up", "▲", { class: "up" }), actButton(m, "move left", "◀", { class: "left" }),
        actButton(m, "move right", "▶", { class: "right" }), actButton(m, "move down", "▼", { class: "down" })));
  }

  function passcodeFace(m) {
    return el("div", { class: "passcode" },
      el("div", { class: "row" }, m.state.wheels.map((w, i) =>
        el("div", { class: "wheel" }, el("span", { class: "letter" }, w.shown_letter),
          actButton(m, `turn wheel ${i + 1}`, "▼", { title: `turn wheel ${i + 1} one letter on` })))),
      actButton(m, "submit", "submit"));
  }

  // The Blinker's light blinks its word in code: a short flash 250 ms, a long one 750 ms, 250 ms
  // between flashes, 750 ms between letters, 2 s before the word starts again.
  function blinkerFace(m) {
    const mhz = (m.state.dial_khz / 1000).toFixed(3);
    return el("div", { class: "blinker", "data-code": m.state.blinking.join(" ") },
      el("span", { class: "lamp" }),
      el("div", { class: "row" }, actButton(m, "turn dial down", "◀"), el("span", { class: "dial" }, `${mhz} MHz`),
        actButton(m, "turn dial up", "▶")),
      actButton(m, "submit", "submit"));
  }

  // Posts 1-3 from the top on the left, letters A-C on the right; each wire is cut at its post.
  function panelsFace(m) {
    const h = 34, w = 150;
    const svg = el("svg:svg", { viewBox: `0 0 ${w} ${3 * h}`, class: "panel", "aria-hidden": "true" });
    for (let p = 0; p < 3; p++) {
      svg.append(el("svg:circle", { cx: 10, cy: h / 2 + p * h, r: 5, class: "post" }));
      svg.append(el("svg:text", { x: w - 8, y: h / 2 + p * h + 5, class: "edge" }, "ABC"[p]));
    }
    for (const wire of m.state.wires) {
      const y1 = h / 2 + (wire.post - 1) * h, y2 = h / 2 + "ABC".indexOf(wire.letter) * h;
      svg.append(el("svg:line", { x1: 10, y1, x2: w - 20, y2, stroke: COLOURS[wire.colour], "stroke-width": 5,
        "stroke-dasharray": wire.cut ? "8 14" : null, class: "pwire" }));
    }
    const cuts = el("div", { class: "cuts" });
    for (let p = 1; p <= 3; p++) {
      const wire = m.state.wires.find((x) => x.post === p);
      cuts.append(wire ? actButton(m, `cut wire ${p}`, `✂ ${p}`, { title: `${wire.colour} wire from post ${p} to ${wire.letter}` })
        : el("span", { class: "nowire" }, String(p)));
    }
    return el("div", { class: "panels" }, el("div", { class: "row" }, cuts, svg),
      el("small", {}, `panel ${m.state.panel} of ${m.state.panels}`), actButton(m, "next panel", "next panel ▼"));
  }

  function countdown(m) {
    return el("span", { class: "countdown", "data-module": m.module });
  }

  function ventFace(m) {
    return el("div", { class: "vent" }, countdown(m),
      el("div", { class: "display" }, m.state.asleep ? "" : m.state.prompt),
      el("div", { class: "row" }, actButton(m, "answer yes", "YES"), actButton(m, "answer no", "NO")));
  }

  // Lit lights large and filled, dark ones small and hollow, as the manual draws them.
  function dialFace(m) {
    const svg = el("svg:svg", { viewBox: "0 0 72 24", class: "lights", "aria-hidden": "true" });
    const rows = m.state.lights || [[], []];
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 6; c++) {
        const on = rows[r][c] === true;
        svg.append(el("svg:circle", { cx: 6 + c * 12, cy: 6 + r * 12, r: on ? 4.5 : 2.5, class: on ? "lit" : "dark" }));
      }
    const angle = { up: 0, right: 90, down: 180, left: 270 }[m.state.dial];
    const dial = el("svg:svg", { viewBox: "0 0 40 40", class: "dial-knob", "aria-hidden": "true" },
      el("svg:circle", { cx: 20, cy: 20, r: 16 }),
      el("svg:line", { x1: 20, y1: 20, x2: 20, y2: 6, transform: `rotate(${angle} 20 20)` }));
    const turn = actButton(m, "turn dial", "", { class: "knob", title: `dial points ${m.state.dial}; a quarter turn clockwise` });
    turn.append(dial);
    return el("div", { class: "dial-alignment" }, countdown(m), svg, turn, el("small", {}, `dial points ${m.state.dial}`));
  }

  function leverFace(m) {
    const lever = el("button", { class: `lever ${m.state.held ? "held" : ""}` }, m.state.held ? "draining…" : "hold to drain");
    pressable(lever, m, "lever", "hold the lever");
    return el("div", { class: "discharge" },
      el("div", { class: "meter" }, el("div", { class: "fill", "data-module": m.module })), lever);
  }

  const FACES = {
    wires: wiresFace, "tangled-wires": tangledFace, "big-button": bigButtonFace, "glyph-keypad": keypadFace,
    "color-echo": echoFace, "word-grid": wordGridFace, recall: recallFace, labyrinth: labyrinthFace,
    passcode: passcodeFace, blinker: blinkerFace, "wire-panels": panelsFace, "pressure-vent": ventFace,
    "dial-alignment": dialFace, "discharge-lever": leverFace,
  };

  // A module the page has no face for still plays: its actions as buttons, its text as it is.
  function plainFace(m) {
    return el("div", {}, el("p", {}, m.shows), el("div", { class: "row" }, m.actions.map((a) => actButton(m, a.words, a.words))));
  }

  // --- drawing the bomb ------------------------------------------------------------------------

  function casing() {
    const e = view.edgework;
    const batteries = e.battery_holders.reduce((a, b) => a + b, 0);
    const widgets = [
      el("span", { class: "serial", title: "serial number" }, e.serial),
      el("span", { class: "widget" }, `${batteries} batter${batteries === 1 ? "y" : "ies"} in ${e.battery_holders.length} holder${e.battery_holders.length === 1 ? "" : "s"}`),
      ...e.indicators.map((i) => el("span", { class: `indicator ${i.lit ? "lit" : ""}` }, `${i.lit ? "●" : "○"} ${i.label}`)),
      ...e.port_plates.map((p) => el("span", { class: "widget" }, `ports [${p.join(" ") || "empty plate"}]`)),
    ];
    const strikes = [];
    for (let i = 0; i < view.strike_limit; i++) strikes.push(el("span", { class: i < view.strikes ? "strike on" : "strike" }, "✕"));
    return [
      el("div", { class: "timer-box" }, el("span", { id: "timer", class: "timer" }, clockText(clockMs(shownAt()))),
        el("span", { id: "strikes", class: "strikes", "aria-label": `${view.strikes} of ${view.strike_limit} strikes` }, strikes)),
      el("div", { class: "edgework" }, widgets),
      el("div", { class: "seal" }, `manual ${view.rule_seed} · fingerprint ${view.fingerprint} · bomb ${view.bomb_seed} · ${view.setup}`),
    ];
  }

  // Which control has the keyboard focus, as a key that survives a redraw.
  function focusKey() {
    const node = document.activeElement;
    const section = node && node.closest ? node.closest(".module") : null;
    if (!section) return null;
    const what = node.getAttribute("data-words") || node.getAttribute("data-press") || node.getAttribute("data-focus");
    return what ? { section: section.id, what } : null;
  }

  let drawn = ""; // the modules as last drawn: an answer that changes none of them redraws none
  function render() {
    $("casing").replaceChildren(...casing());
    const modulesText = JSON.stringify(view.modules.map((m) => [m.state, m.solved, m.actions]));
    if (modulesText !== drawn) drawModules();
    drawn = modulesText;
    if (view.end !== "ticking") finish();
    tick();
  }

  function drawModules() {
    const focused = focusKey();
    const modules = view.modules.map((m) => {
      const face = m.solved ? el("p", { class: "solved-text" }, "solved") : (FACES[m.id] || plainFace)(m);
      return el("section", { class: `module ${m.kind} ${m.solved ? "solved" : ""}`, id: `module-${m.module}`, "data-id": m.id },
        el("h2", {}, el("span", { class: "status-light" }), `${m.module} · ${m.name}${m.kind === "needy" ? " (needy)" : ""}`),
        face);
    });
    $("modules").replaceChildren(...modules);
    if (focused) {
      const again = [...document.querySelectorAll(`#${focused.section} [data-words], #${focused.section} [data-press], #${focused.section} [data-focus]`)]
        .find((n) => [n.getAttribute("data-words"), n.getAttribute("data-press"), n.getAttribute("data-focus")].includes(focused.what));
      if (again) again.focus();
    }
  }

  // Between answers, the clock, the countdowns, the meter and the flashing lights run on here.
  function tick() {
    const t = shownAt();
    const timer = $("timer");
    if (timer) timer.textContent = clockText(clockMs(t));
    const since = t - view.now_ms;
    for (const m of view.modules) {
      if (!m.live) continue;
      const node = document.querySelector(`#module-${m.module} .countdown`);
      if (node) node.textContent = m.live.countdown_ms === null ? "asleep" : String(Math.ceil(Math.max(0, m.live.countdown_ms - since) / 1000));
      const fill = document.querySelector(`#module-${m.module} .fill`);
      if (fill) {
        const rate = m.state.held ? -m.live.drain_rate : 1;
        const charge = Math.min(m.live.full_ms, Math.max(0, m.live.charge_ms + rate * Math.max(0, since)));
        fill.style.width = `${(100 * charge) / m.live.full_ms}%`;
        fill.parentNode.setAttribute("title", `${Math.floor((100 * charge) / m.live.full_ms)}%`);
      }
    }
    const wall = performance.now();
    for (const echo of document.querySelectorAll(".echo")) {
      const seq = echo.dataset.flashing.split(" ");
      const phase = wall % (seq.length * 750 + 1500);
      const k = Math.floor(phase / 750);
      const on = k < seq.length && phase % 750 < 500 ? seq[k] : null;
      for (const pad of echo.querySelectorAll(".pad")) pad.classList.toggle("flash", pad.dataset.pad === on);
    }
    for (const blinker of document.querySelectorAll(".blinker")) blinker.querySelector(".lamp").classList.toggle("on", lampOn(blinker.dataset.code, wall));
    for (const section of document.querySelectorAll(".module"))
      section.classList.toggle("struck", wall < flashUntil && (flashModule === 0 || section.id === `module-${flashModule}`));
  }

  function lampOn(code, wall) {
    const spans = []; // [on?, ms]
    code.split(" ").forEach((letter, li) => {
      if (li > 0) spans.push([false, 750]);
      [...letter].forEach((symbol, si) => {
        if (si > 0) spans.push([false, 250]);
        spans.push([true, symbol === "-" ? 750 : 250]);
      });
    });
    spans.push([false, 2000]);
    const total = spans.reduce((a, s) => a + s[1], 0);
    let phase = wall % total;
    for (const [on, ms] of spans) {
      if (phase < ms) return on;
      phase -= ms;
    }
    return false;
  }

  // --- the end ---------------------------------------------------------------------------------

  function finish() {
    if ($("result").dataset.shown) return;
    ended = true;
    clearTimeout(refresh);
    const result = $("result");
    result.dataset.shown = "1";
    result.hidden = false;
    const seconds = (view.ended_at_ms / 1000).toFixed(2);
    const claim = Object.assign({}, log, { end: view.end, ended_at_ms: view.ended_at_ms, strikes: view.strikes });
    const download = el("a", { download: `bomb-${view.bomb_seed}-manual-${view.rule_seed}.json`,
      href: `data:application/json,${encodeURIComponent(JSON.stringify(claim, null, 1))}` }, "Download the run log");
    const again = el("a", { href: "/bomb/play" }, "Deal another bomb");
    if (view.end !== "defused") {
      const why = view.end === "exploded: timer" ? "the timer ran out" : "the strike limit was reached";
      result.className = "result lost";
      result.replaceChildren(el("h2", {}, "EXPLODED"), el("p", {}, `${why} after ${seconds} s, with ${view.strikes} strike(s).`),
        el("p", {}, download, " · ", again));
      return;
    }
    result.className = "result won";
    const name = el("input", { id: "player", maxlength: "40", placeholder: "your name", value: localStorage.getItem("proven-player") || "" });
    const answer = el("p", { id: "submitted", role: "status" });
    const submit = el("button", { id: "submit-run", onclick: async () => {
      const player = name.value.trim();
      if (player) localStorage.setItem("proven-player", player);
      submit.disabled = true;
      const r = await fetch("/bomb/runs", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(Object.assign({}, claim, player ? { player } : {})) });
      answer.textContent = (await r.text()).trim();
      answer.className = r.status === 201 ? "good" : "bad";
      if (r.status !== 201) submit.disabled = false;
    } }, "Submit to the leaderboard");
    result.replaceChildren(el("h2", {}, "DEFUSED"),
      el("p", {}, `in ${seconds} s with ${view.strikes} strike(s), ${log.actions.length} actions.`),
      el("p", {}, name, " ", submit), answer,
      el("p", {}, el("a", { href: `/bomb/leaderboard/${view.rule_seed}` }, "Leaderboard"), " · ", download, " · ", again));
  }

  // For scripts driving the page (tests/browser/defuse_in_browser.py) and curious players: the
  // page's own clock and log. Nothing here can change the run: only the engine's replay counts.
  window.provenBomb = { nowMs, idle: () => !inFlight && !again, log: () => log, view: () => view };

  // --- start -----------------------------------------------------------------------------------

  $("casing").replaceChildren(...casing());
  $("start").addEventListener("click", () => {
    t0 = performance.now();
    $("start-box").hidden = true;
    $("modules").hidden = false;
    render();
    sync();
    setInterval(tick, 100);
  });
})();
