"use strict";
// talkclock's hall dashboard: every board in a table, the alerts newest first, and, after a
// login, commands to a board. The station pushes server-sent events from /events: `hello`
// (the page's words), `update` (the rows and alerts new to this page), `ping`. Each row's
// times count on from the instant its state reached the station (the state's age comes with
// it), computed afresh at every frame, never by adding ticks. Acknowledgements are this
// browser's own (localStorage), not the station's: they say what this arbiter has seen.
(() => {
  const LOST_AFTER = 3000;
  const RESORT_EVERY = 5000;
  const MAX_ACKS = 5000;
  const SIDES = ["white", "black"];
  const $ = (id) => document.getElementById(id);
  const state = {
    hello: null, lang: null, rows: new Map(), alerts: [], acks: new Set(), heard: 0, banner: null,
    lost: true, session: null, sort: "board", sortedAt: 0, started: false,
  };
  // For tests and for anyone curious: counts and what each row shows.
  const hook = { updates: 0, rowUpdates: {}, alerts: 0, pings: 0, lost: true, loggedIn: false, banner: null, sorted: [] };
  window.talkclockDashboard = hook;

  const words = () => state.hello.words[state.lang];
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  // The words in the page's language, or else in the one they come in: [text, lang].
  function pick(texts) {
    if (!texts) return ["", state.lang];
    if (texts[state.lang] !== undefined) return [texts[state.lang], state.lang];
    const [lang, text] = Object.entries(texts)[0] || [state.lang, ""];
    return [text, lang];
  }

  // "9:41" under an hour, "1:05:07" from an hour up; a started second shows (0:00 is the flag).
  function format(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, "0");
    return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
  }

  function clockTime(wallMs) {
    const d = new Date(wallMs);
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  }

  // ---- acknowledgements (this browser's) ----
  const ackStore = () => `talkclock.dashboard.acks.${state.hello.event}`;
  function loadAcks() {
    try {
      state.acks = new Set(JSON.parse(localStorage.getItem(ackStore()) || "[]"));
    } catch (_) {
      state.acks = new Set();
    }
  }
  function saveAcks() {
    try {
      localStorage.setItem(ackStore(), JSON.stringify([...state.acks].slice(-MAX_ACKS)));
    } catch (_) {
      // Private browsing or a full store: the acknowledgements last until the page closes.
    }
  }

  // ---- the page's own words ----
  function applyWords() {
    const w = words();
    document.documentElement.lang = state.lang;
    const title = fill(w.title, { event: state.hello.event });
    document.title = `talkclock: ${title}`;
    $("title").textContent = title;
    $("language-label").textContent = w.language;
    $("caption").textContent = w.caption;
    document.querySelectorAll("#boards thead th").forEach((th, i) => {
      const target = th.querySelector("button") || th;
      target.textContent = w.columns[i];
    });
    $("alerts-title").textContent = w.alerts;
    $("alerts-order").textContent = w.alerts_order;
    $("no-alerts").textContent = w.no_alerts;
    $("login-title").textContent = w.login_title;
    $("password-label").textContent = w.password;
    $("log-in").textContent = w.log_in;
    $("log-out").textContent = w.log_out;
    $("commands-title").textContent = w.commands;
    $("cmd-board-label").textContent = w.columns[0];
    $("cmd-name-label").textContent = w.command;
    $("cmd-name").querySelectorAll("option").forEach((o, i) => { o.textContent = w.command_names[i]; });
    $("cmd-side-label").textContent = w.side;
    $("cmd-side").querySelectorAll("option").forEach((o, i) => { o.textContent = w.sides[i]; });
    $("cmd-time-label").textContent = w.time;
    $("cmd-moves-label").textContent = w.move_number;
    $("cmd-send").textContent = w.send;
    for (const b of document.querySelectorAll("#languages button")) {
      b.setAttribute("aria-pressed", String(b.dataset.lang === state.lang));
    }
    if (state.lost) $("connection").textContent = w.lost;
    drawBanner();
    showSession();
    for (const row of state.rows.values()) drawRow(row);
    redrawAlerts();
    tick();
  }

  function languageSwitch() {
    const box = $("languages");
    box.querySelectorAll("button").forEach((b) => b.remove());
    if (state.hello.langs.length < 2) return;
    for (const code of state.hello.langs) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.lang = code;
      b.lang = code;
      b.textContent = state.hello.words[code].language_name;
      b.addEventListener("click", () => {
        state.lang = code;
        try { localStorage.setItem("talkclock.dashboard.lang", code); } catch (_) { /* kept for now */ }
        applyWords();
      });
      box.append(b);
    }
    box.hidden = false;
  }

  // ---- the table ----
  function cell(tr, tag, cls) {
    const el = document.createElement(tag);
    el.className = cls;
    tr.append(el);
    return el;
  }

  function ensureRow(board) {
    let row = state.rows.get(board);
    if (row) return row;
    const tr = document.createElement("tr");
    tr.dataset.board = String(board);
    const th = cell(tr, "th", "board");
    th.scope = "row";
    th.textContent = String(board);
    row = {
      board, view: null, base: 0, heardBase: null, tr,
      cells: {
        whiteName: cell(tr, "td", "name white-name"), whiteTime: cell(tr, "td", "time white-time"),
        blackName: cell(tr, "td", "name black-name"), blackTime: cell(tr, "td", "time black-time"),
        move: cell(tr, "td", "move"), game: cell(tr, "td", "game"), alert: cell(tr, "td", "alert"),
        link: cell(tr, "td", "link"), heard: cell(tr, "td", "heard"),
        selftest: cell(tr, "td", "selftest"),
      },
      shown: {},
    };
    state.rows.set(board, row);
    $("rows").append(tr);
    state.sortedAt = 0;
    return row;
  }

  // A side's time now: the running side's counts down from the state's instant.
  function msNow(row, side) {
    const s = row.view.shown;
    const ms = s[`${side}_ms`];
    if (state.lost || s.phase !== "running" || s.running !== side) return ms;
    return Math.max(0, ms - (performance.now() - row.base));
  }

  function setText(row, key, text) {
    if (row.shown[key] === text) return;
    row.shown[key] = text;
    row.cells[key].textContent = text;
  }

  function setWords(row, key, texts) {
    const [text, lang] = pick(texts);
    row.cells[key].lang = lang;
    setText(row, key, text);
  }

  function drawRow(row) {
    const w = words();
    const v = row.view;
    const s = v && v.shown;
    row.shown = {};
    setText(row, "whiteName", s && s.names[0] ? s.names[0] : "—");
    setText(row, "blackName", s && s.names[1] ? s.names[1] : "—");
    setText(row, "move", s && s.running && s.phase === "running" ? w.sides[SIDES.indexOf(s.running)] : "—");
    if (s) setWords(row, "game", s.game_texts);
    else setText(row, "game", "—");
    setWords(row, "alert", v && v.alert ? v.alert.texts : null);
    if (!row.shown.alert) setText(row, "alert", "—");
    row.tr.dataset.alert = v && v.alert ? v.alert.kind : "";
    const link = !v || (v.heard_age_ms === null && !s) ? w.never
      : v.silent ? w.silent : v.online === false ? w.offline : w.online;
    setText(row, "link", link);
    // The hardware self-test: passed this round, failed (how many problems), an earlier
    // round's, none.
    const st = v && v.selftest ? v.selftest : { selftest: "none" };
    const kinds = ["passed", "failed", "earlier", "none"];
    const which = Math.max(0, kinds.indexOf(st.selftest));
    setText(row, "selftest", fill(w.selftest[which], { n: st.problems }));
    row.tr.dataset.selftest = st.selftest;
    row.tr.classList.toggle("silent", Boolean(v && (v.silent || v.online === false)));
    for (const side of SIDES) {
      row.cells[`${side}Time`].classList.toggle("on-move", Boolean(s && s.running === side && s.phase === "running"));
    }
    drawTimes(row);
  }

  function drawTimes(row) {
    const v = row.view;
    if (v && v.shown) {
      setText(row, "whiteTime", format(msNow(row, "white")));
      setText(row, "blackTime", format(msNow(row, "black")));
    } else {
      setText(row, "whiteTime", "—");
      setText(row, "blackTime", "—");
    }
    if (v && row.heardBase !== null) {
      const w = words();
      const age = Math.max(0, Math.floor((performance.now() - row.heardBase) / 1000));
      const text = age < 120 ? fill(w.seconds_ago, { n: age }) : fill(w.minutes_ago, { n: Math.floor(age / 60) });
      setText(row, "heard", text);
    } else {
      setText(row, "heard", "—");
    }
  }

  // By board, or by a side's time as shown (whole seconds; equal times by board).
  function sortKey(row) {
    if (state.sort === "board") return row.board;
    if (!row.view || !row.view.shown) return Infinity;
    return Math.max(0, Math.ceil(msNow(row, state.sort) / 1000));
  }

  function sortRows(force) {
    const now = performance.now();
    if (!force && now - state.sortedAt < RESORT_EVERY) return;
    state.sortedAt = now;
    const rows = [...state.rows.values()];
    // Each key once, at one instant: a comparator that read the running clocks afresh could
    // disagree with itself.
    const keys = new Map(rows.map((r) => [r, sortKey(r)]));
    rows.sort((a, b) => keys.get(a) - keys.get(b) || a.board - b.board);
    hook.sorted = rows.map((r) => [r.board, keys.get(r)]);
    hook.sortedAt = now;
    const body = $("rows");
    const same = rows.every((r, i) => body.children[i] === r.tr);
    if (!same) body.append(...rows.map((r) => r.tr));
  }

  function setSort(key) {
    state.sort = key;
    for (const th of document.querySelectorAll("#boards thead th[data-sort]")) {
      if (th.dataset.sort === key) th.setAttribute("aria-sort", "ascending");
      else th.removeAttribute("aria-sort");
    }
    sortRows(true);
  }

  // ---- alerts ----
  function alertItem(a) {
    const w = words();
    const li = document.createElement("li");
    li.className = `alert kind-${a.kind}`;
    li.dataset.key = a.key;
    const when = document.createElement("span");
    when.className = "when";
    when.textContent = clockTime(a.wall_ms);
    const board = document.createElement("span");
    board.className = "which";
    board.textContent = fill(w.board, { n: a.board });
    const [text, lang] = pick(a.texts);
    const what = document.createElement("span");
    what.className = "what";
    what.lang = lang;
    what.textContent = text;
    li.append(when, " ", board, ": ", what, " ");
    if (state.acks.has(a.key)) {
      li.classList.add("acked");
      const mark = document.createElement("span");
      mark.className = "acked-mark";
      mark.textContent = `(${w.acknowledged})`;
      li.append(mark);
    } else {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ack";
      b.append(w.acknowledge);
      const more = document.createElement("span");
      more.className = "sr";
      more.textContent = ` — ${fill(w.board, { n: a.board })}, ${clockTime(a.wall_ms)}`;
      b.append(more);
      b.addEventListener("click", () => acknowledge(a.key, li));
      li.append(b);
    }
    return li;
  }

  function redrawAlerts() {
    const list = $("alerts");
    list.replaceChildren(...state.alerts.slice().reverse().map(alertItem));
    countUnacked();
  }

  function countUnacked() {
    const n = state.alerts.filter((a) => !state.acks.has(a.key)).length;
    $("unacked").textContent = n > 0 ? fill(words().unacknowledged, { n }) : "";
    $("no-alerts").hidden = state.alerts.length > 0;
    hook.unacknowledged = n;
  }

  function acknowledge(key, li) {
    state.acks.add(key);
    saveAcks();
    // Focus goes on to the next alert still to acknowledge (older, then newer), else the list.
    const buttons = [...document.querySelectorAll("#alerts button.ack")];
    const at = buttons.indexOf(li.querySelector("button.ack"));
    const next = buttons[at + 1] || buttons[at - 1];
    const a = state.alerts.find((x) => x.key === key);
    if (a) li.replaceWith(alertItem(a));
    countUnacked();
    if (next && next.isConnected) next.focus();
    else $("alerts-title").focus();
  }

  function announce(a) {
    const [text, lang] = pick(a.texts);
    const p = document.createElement("p");
    p.lang = lang;
    p.textContent = `${fill(words().board, { n: a.board })}: ${text}`;
    const log = $("announcer");
    log.append(p);
    while (log.children.length > 20) log.firstElementChild.remove();
  }

  // ---- the station's events ----
  // The boards silent now, as one line (the alerts' log has already said each change).
  function drawBanner() {
    const banner = $("banner");
    const [text, lang] = pick(state.banner);
    banner.textContent = text;
    banner.lang = lang;
    banner.hidden = !state.banner;
    hook.banner = state.banner ? text : null;
  }

  function onUpdate(update) {
    const now = performance.now();
    if (update.banner !== undefined) {
      state.banner = update.banner.texts;
      drawBanner();
    }
    for (const v of update.rows) {
      const row = ensureRow(v.board);
      row.view = v;
      row.base = now - (v.state_age_ms || 0);
      row.heardBase = v.heard_age_ms === null ? null : now - v.heard_age_ms;
      hook.rowUpdates[v.board] = (hook.rowUpdates[v.board] || 0) + 1;
      drawRow(row);
    }
    if (update.alerts.length > 0) {
      const list = $("alerts");
      for (const a of update.alerts) {
        state.alerts.push(a);
        list.prepend(alertItem(a));
        if (state.started) announce(a);
      }
      while (state.alerts.length > 500) {
        const old = state.alerts.shift();
        const li = list.querySelector(`li[data-key="${CSS.escape(old.key)}"]`);
        if (li) li.remove();
      }
      hook.alerts = state.alerts.length;
      countUnacked();
    }
    state.started = true;
    hook.updates += 1;
    sortRows(false);
  }

  function setLost(lost) {
    if (lost === state.lost) return;
    if (lost) {
      // Freeze every clock at the last instant the station was heard.
      for (const row of state.rows.values()) {
        if (row.view && row.view.shown) {
          for (const side of SIDES) row.view.shown[`${side}_ms`] = msNow(row, side);
        }
      }
    }
    state.lost = lost;
    hook.lost = lost;
    $("connection").textContent = lost && state.hello ? words().lost : "";
    document.body.classList.toggle("lost", lost);
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("hello", (e) => {
      const first = !state.hello;
      state.hello = JSON.parse(e.data);
      if (first) {
        let lang = null;
        try { lang = localStorage.getItem("talkclock.dashboard.lang"); } catch (_) { lang = null; }
        state.lang = state.hello.langs.includes(lang) ? lang : state.hello.langs[0];
        loadAcks();
        languageSwitch();
      }
      // A new connection sends every row and alert again.
      state.rows.forEach((row) => row.tr.remove());
      state.rows.clear();
      state.alerts = [];
      state.banner = null;
      state.started = false;
      $("alerts").replaceChildren();
      state.heard = performance.now();
      setLost(false);
      applyWords();
      refreshSession();
    });
    source.addEventListener("update", (e) => {
      state.heard = performance.now();
      setLost(false);
      onUpdate(JSON.parse(e.data));
    });
    source.addEventListener("ping", () => {
      hook.pings += 1;
      state.heard = performance.now();
      setLost(false);
    });
    source.onerror = () => setLost(true);
  }

  function tick() {
    if (!state.hello) return;
    if (performance.now() - state.heard > LOST_AFTER) setLost(true);
    for (const row of state.rows.values()) drawTimes(row);
    if (state.sort !== "board") sortRows(false);
  }

  // ---- login and commands ----
  async function refreshSession() {
    try {
      const r = await fetch("/session", { credentials: "same-origin", cache: "no-store" });
      state.session = await r.json();
    } catch (_) {
      state.session = null;
    }
    showSession();
  }

  function showSession() {
    if (!state.hello) return;
    const w = words();
    const s = state.session;
    const login = Boolean(state.hello.login);
    const loggedIn = Boolean(s && s.logged_in);
    hook.loggedIn = loggedIn;
    $("account-note").textContent = !login ? w.read_only : loggedIn ? w.logged_in : w.logged_out;
    $("login").hidden = !login || loggedIn;
    $("log-out").hidden = !loggedIn;
    $("commands").hidden = !loggedIn;
  }

  $("login").addEventListener("submit", async (e) => {
    e.preventDefault();
    const field = $("password");
    const body = new URLSearchParams({ password: field.value });
    $("login-status").textContent = "";
    try {
      const r = await fetch("/login", { method: "POST", body, credentials: "same-origin" });
      field.value = "";
      if (!r.ok) {
        const w = words();
        const reply = await r.json().catch(() => ({}));
        $("login-status").textContent =
          r.status === 429 ? fill(w.login_locked, { n: reply.retry_after_s || 1 })
          : r.status === 503 ? w.login_busy
          : w.wrong_password;
      }
    } catch (_) {
      $("login-status").textContent = words().lost;
    }
    await refreshSession();
    if (hook.loggedIn) $("cmd-board").focus();
  });

  $("log-out").addEventListener("click", async () => {
    const csrf = state.session && state.session.csrf;
    try {
      await fetch("/logout", { method: "POST", headers: { "X-CSRF-Token": csrf || "" }, credentials: "same-origin" });
    } catch (_) { /* the session is forgotten below either way */ }
    await refreshSession();
    $("login-status").textContent = "";
    $("password").focus();
  });

  function showFields() {
    const name = $("cmd-name").value;
    $("cmd-side-field").hidden = !["adjust", "set", "no-moves", "rollback"].includes(name);
    $("cmd-time-field").hidden = !["adjust", "set"].includes(name);
    $("cmd-time").required = !$("cmd-time-field").hidden;
    $("cmd-moves-field").hidden = name !== "rollback";
    $("cmd-moves").required = name === "rollback";
  }
  $("cmd-name").addEventListener("change", () => {
    // A rollback goes back to Black's move by default: White is to move after it.
    if ($("cmd-name").value === "rollback") $("cmd-side").value = "black";
    showFields();
  });
  showFields();

  function requestOf(name, side, time, moves) {
    switch (name) {
      case "rollback": return { cmd: "rollback", moves, side };
      case "pause": case "resume": return { cmd: name };
      case "adjust": return { cmd: "adjust", side, delta: time };
      case "set": return { cmd: "set", side, time };
      case "no-moves": return { cmd: "ruling", ruling: "no-moves", side };
      default: return { cmd: "ruling", ruling: name };
    }
  }

  $("command-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const w = words();
    const board = Number($("cmd-board").value);
    const time = $("cmd-time").value.trim().replace(/\u2212/g, "-");
    const moves = Number($("cmd-moves").value);
    const request = requestOf($("cmd-name").value, $("cmd-side").value, time, moves);
    const status = $("command-status");
    status.textContent = "…";
    let text;
    try {
      const r = await fetch("/command", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": (state.session && state.session.csrf) || "" },
        body: JSON.stringify({ board, request }),
      });
      const reply = await r.json().catch(() => ({ ok: false, error: String(r.status) }));
      if (r.status === 401) {
        text = w.session_ended;
        await refreshSession();
      } else if (r.status === 504) {
        text = fill(w.no_answer, { n: board });
      } else if (r.ok && reply.ok) {
        text = fill(w.done, { n: board });
      } else {
        text = fill(w.refused, { n: board, error: reply.error || r.status });
      }
    } catch (_) {
      text = w.lost;
    }
    status.textContent = text;
  });

  for (const b of document.querySelectorAll("#boards button.sort")) {
    b.addEventListener("click", () => setSort(b.dataset.sort));
  }
  setInterval(tick, 200);
  connect();
})();
