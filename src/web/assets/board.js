"use strict";
// talkclock's board display: draws the view the clock sends (server-sent events from
// /events) and counts on from the instant it arrived, so that nothing drifts: every frame
// is computed from that instant, never by adding ticks. No message for LOST_AFTER ms, or
// the connection failing, and the page says so and stops counting.
(() => {
  const LOST_AFTER = 3000;
  const SIDES = ["white", "black"];
  const state = { view: null, base: 0, heard: 0, lost: true, shown: {}, running: undefined };
  // For tests and for anyone curious: what the page shows and when the side to move changed
  // (wall-clock milliseconds, performance.timeOrigin + performance.now()).
  const hook = { views: 0, pings: 0, ticks: 0, shown: state.shown, runningChangedAt: null, lost: true };
  window.talkclock = hook;
  const $ = (id) => document.getElementById(id);
  const halves = Object.fromEntries(SIDES.map((s) => [s, $(s)]));
  const wallNow = () => performance.timeOrigin + performance.now();

  function prefs() {
    const v = state.view;
    const scheme = localStorage.getItem("talkclock.scheme") || (v ? v.scheme : "yellow_on_black");
    const size = Number(localStorage.getItem("talkclock.size")) || (v ? v.size : 100);
    return { scheme, size: Math.min(100, Math.max(50, size)) };
  }

  function applyPrefs() {
    const { scheme, size } = prefs();
    document.body.className = `scheme-${scheme}` + (state.lost ? " lost" : "");
    for (const r of document.querySelectorAll("input[name=scheme]")) r.checked = r.value === scheme;
    document.querySelector("input[name=size]").value = String(size);
    layout();
  }

  // The digits' height: as large as the half allows for the widest time, times `size`.
  function layout() {
    const { size } = prefs();
    let height = Infinity;
    for (const side of SIDES) {
      const half = halves[side];
      const style = getComputedStyle(half);
      const inner = half.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      height = Math.min(height, inner / TC_DIGITS.widest, half.clientHeight * 0.6);
    }
    state.digitHeight = Math.max(8, Math.floor(height * (size / 100)));
    for (const side of SIDES) state.shown[side] = undefined;
    tick();
  }

  // "9:41" under an hour; "1:05" and small seconds "07" from an hour up. Counting down, a
  // started second shows (0:00 is the flag); counting up, a finished one.
  function format(ms, rate) {
    const s = rate > 0 ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, "0");
    if (h > 0) return [`${h}:${String(m).padStart(2, "0")}`, sec];
    return [`${m}:${sec}`, ""];
  }

  function msNow(side) {
    const v = state.view[side];
    if (state.lost || v.rate === 0) return v.ms;
    const elapsed = Math.max(0, performance.now() - state.base - v.delay_ms);
    return Math.max(0, v.ms + v.rate * elapsed);
  }

  function tick() {
    if (!state.view || !state.digitHeight) return;
    for (const side of SIDES) {
      const [big, small] = format(msNow(side), state.view[side].rate);
      const text = small ? `${big}:${small}` : big;
      if (state.shown[side] === text) continue;
      state.shown[side] = text;
      const half = halves[side];
      TC_DIGITS.draw(half.querySelector(".digits"), big, small, state.digitHeight);
      half.querySelector(".time-text").textContent = text;
    }
  }

  function fill(list, tag, lines, cls) {
    list.replaceChildren(
      ...lines.map((line) => {
        const el = document.createElement(tag);
        el.textContent = cls ? line.text : line;
        if (cls) el.className = `notice notice-${line.kind}`;
        return el;
      }),
    );
  }

  function render(view) {
    document.documentElement.lang = view.lang;
    const w = view.words;
    $("halves").classList.toggle("white-right", view.white_half === "right");
    document.querySelector("#open-settings .label").textContent = w.settings;
    for (const [cls, text] of [
      ["label-settings", w.settings], ["label-scheme", w.scheme], ["label-size", w.size],
      ["label-reset", w.reset], ["label-close", w.close], ["label-scheme-0", w.schemes[0]],
      ["label-scheme-1", w.schemes[1]], ["label-scheme-2", w.schemes[2]],
    ]) {
      for (const el of document.getElementsByClassName(cls)) el.textContent = text;
    }
    for (const side of SIDES) {
      const v = view[side];
      const half = halves[side];
      half.lang = v.lang;
      half.querySelector(".who").textContent = v.name;
      half.querySelector(".mark").textContent = v.on_move ? `▶ ${v.on_move_word}` : "";
      half.classList.toggle("on-move", v.on_move);
      half.classList.toggle("alert", v.alert === "warning" || v.alert === "flag");
      half.dataset.alert = v.alert || "";
      fill(half.querySelector(".details"), "li", v.details, false);
      fill(half.querySelector(".notices"), "p", v.notices, true);
    }
    $("phase").textContent =
      view.phase === "not_started" ? w.not_started : view.phase === "paused" ? w.paused : "";
    if (view.running !== state.running) {
      state.running = view.running;
      hook.runningChangedAt = { side: view.running, at: wallNow(), seq: view.seq };
    }
  }

  function setLost(lost) {
    if (lost === state.lost) return;
    state.lost = lost;
    hook.lost = lost;
    if (lost && state.view) {
      // Freeze what is shown at the last instant the clock was heard.
      for (const side of SIDES) {
        state.view[side].ms = msNow(side);
        state.view[side].rate = 0;
      }
    }
    const words = state.view ? state.view.words : null;
    $("status").textContent = lost ? (words ? words.lost : $("status").textContent) : "";
    document.body.classList.toggle("lost", lost);
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("view", (e) => {
      const view = JSON.parse(e.data);
      const first = !state.view;
      state.base = performance.now();
      state.heard = state.base;
      state.lost = false;
      hook.lost = false;
      state.view = view;
      hook.views += 1;
      hook.seq = view.seq;
      $("status").textContent = "";
      render(view);
      if (first) applyPrefs();
      else document.body.classList.remove("lost");
      for (const side of SIDES) state.shown[side] = undefined;
      tick();
    });
    source.addEventListener("ping", () => {
      hook.pings += 1;
      state.heard = performance.now();
    });
    source.onerror = () => setLost(true);
  }

  setInterval(() => {
    hook.ticks += 1;
    if (performance.now() - state.heard > LOST_AFTER) setLost(true);
    tick();
  }, 50);
  window.addEventListener("resize", layout);

  const dialog = $("settings");
  $("open-settings").addEventListener("click", () => dialog.showModal());
  for (const r of document.querySelectorAll("input[name=scheme]")) {
    r.addEventListener("change", () => {
      localStorage.setItem("talkclock.scheme", r.value);
      applyPrefs();
    });
  }
  document.querySelector("input[name=size]").addEventListener("change", (e) => {
    const n = Number(e.target.value);
    if (n >= 50 && n <= 100) localStorage.setItem("talkclock.size", String(n));
    applyPrefs();
  });
  $("reset").addEventListener("click", () => {
    localStorage.removeItem("talkclock.scheme");
    localStorage.removeItem("talkclock.size");
    applyPrefs();
  });
  connect();
})();
