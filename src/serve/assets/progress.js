// proven serve: progress kept in this browser (localStorage, no account), shared by play.js,
// which records a won item, and the level lists, which show it. Stored as
// localStorage["proven.progress"] = {"prism:pack=campaign": {"30": 6, ...}}: per document, the
// best number of moves each won item took.
const provenProgress = (() => {
  "use strict";
  const KEY = "proven.progress";
  function all() {
    try {
      const value = JSON.parse(localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (e) {
      return {};  // storage off, or not ours: nothing is kept
    }
  }
  function save(value) {
    try { localStorage.setItem(KEY, JSON.stringify(value)); } catch (e) { /* storage off: nothing kept */ }
  }
  return {
    of: (doc) => all()[doc] || {},
    won(doc, item, moves) {
      const value = all();
      const mine = value[doc] || {};
      if (!(item in mine) || moves < mine[item]) mine[item] = moves;
      value[doc] = mine;
      save(value);
    },
    forget(doc) {
      const value = all();
      delete value[doc];
      save(value);
    },
  };
})();

// A level list: each solved level marked with its best, a link to the first unsolved one, and a
// button to forget this document's progress.
(() => {
  "use strict";
  const doc = document.body.dataset.progress;
  const panel = document.getElementById("progress");
  if (!doc || !panel || !document.body.dataset.itemWord) return;
  const word = document.body.dataset.itemWord;
  function show() {
    const solved = provenProgress.of(doc);
    const levels = [...document.querySelectorAll("a.level[data-item]")];
    let count = 0, first = null;
    for (const level of levels) {
      const best = solved[level.dataset.item];
      const par = level.dataset.par ? +level.dataset.par : null;
      level.classList.toggle("solved", best !== undefined);
      level.classList.toggle("perfect", best !== undefined && par !== null && best <= par);
      let badge = level.querySelector(".best");
      if (best === undefined) {
        if (badge) badge.remove();
        if (!first) first = level;
        continue;
      }
      count += 1;
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "best";
        level.appendChild(badge);
      }
      badge.textContent = par !== null && best <= par ? `solved in ${best}, in par` : `solved in ${best}`;
    }
    panel.hidden = count === 0;
    document.getElementById("progress-text").textContent = `You have solved ${count} of ${levels.length} ${word}s.`;
    const next = document.getElementById("continue");
    next.hidden = !first;
    if (first) {
      next.href = first.getAttribute("href");
      next.textContent = `Continue: ${word} ${first.dataset.item}`;
    }
  }
  document.getElementById("forget").addEventListener("click", () => {
    if (!confirm("Forget which levels you solved here?")) return;
    provenProgress.forget(doc);
    show();
  });
  show();
})();
