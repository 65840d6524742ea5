// solotable's table page: draws what the server sends (the board is markup the server built from
// the observation, every text in it escaped there) and sends action notations back with the
// table version they were made on. No rule lives here. Texts from the server go in by
// textContent; only the board's markup, built and escaped by the server, goes in as HTML.
"use strict";
(function () {
  const page = JSON.parse(document.body.dataset.page);
  const words = page.words;
  const tableId = page.table;
  const lang = page.lang;
  const storeKey = "solotable:seat:" + tableId;
  const params = new URLSearchParams(location.search);
  // the seat this browser plays: its token in the browser's storage, else the seats its cookie
  // holds (the server knows them: Continue works from a cleared storage or another tab). A seat's
  // link never replaces the seat held here without asking (see start()).
  const fromLink = params.get("seat");
  let token = null;
  try { token = localStorage.getItem(storeKey); } catch (e) { token = null; }
  if (fromLink) {
    params.delete("seat");
    const rest = params.toString();
    try { history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "")); } catch (e) { /* ignore */ }
  }
  function keepToken(value) {
    token = value;
    try { localStorage.setItem(storeKey, value); } catch (e) { /* private mode: the cookie holds the seat */ }
  }
  const invites = {};      // the invitation links made on this page, by seat
  const $ = (id) => document.getElementById(id);
  let current = null;       // the last payload of the live table
  let shown = null;         // the payload on screen (a rewound one while rewinding)
  let busy = false;
  let pendingWarn = null;
  let shownList = [];       // the actions in the list of choices (the keys 1-9 play them)

  function headers(json, withToken) {
    const h = {};
    const tok = withToken === undefined ? token : withToken;
    if (tok) h["X-Seat-Token"] = tok;
    if (json) h["Content-Type"] = "application/json";
    return h;
  }

  async function api(path, body, withToken) {
    const url = "/api/t/" + encodeURIComponent(tableId) + path + (path.includes("?") ? "&" : "?") + "lang=" + lang;
    const opts = body === undefined ? { headers: headers(false, withToken) }
      : { method: "POST", headers: headers(true, withToken), body: JSON.stringify(body) };
    let res;
    try {
      res = await fetch(url, opts);
    } catch (e) {   // no answer at all (the server restarting, the network gone): status 0
      return { ok: false, status: 0, data: { error: words["web.offline"] } };
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = { error: res.statusText || String(res.status) }; }
    if (!data || typeof data !== "object") data = { error: String(res.status) };
    if (res.status >= 500 || res.status === 429) data.error = data.error || words["web.offline"];
    return { ok: res.ok, status: res.status, data: data };
  }

  function notice(text, kind) {
    const box = $("notice");
    box.textContent = text || "";
    box.className = kind ? "notice " + kind : "notice";
  }

  // a request that failed: its message, and a way to try again where trying again can help
  // (no answer, a server error, a busy server); the table stays usable meanwhile
  function failed(r, again) {
    const text = r.status === 0 ? words["web.offline"] : words["web.error_prefix"].replace("{message}", r.data.error || r.status);
    if (!again || !(r.status === 0 || r.status >= 500 || r.status === 429)) { notice(text, "error"); return; }
    const box = $("notice");
    box.replaceChildren();
    box.className = "notice error";
    const p = document.createElement("p");
    p.textContent = text;
    box.append(p, button(words["web.retry"], () => { notice(""); again(); }, { id: "retry" }));
  }

  async function refresh(at) {
    const r = await api(at === undefined || at === null ? "" : "?at=" + at);
    if (!r.ok) {
      failed(r, () => refresh(at));
      if (!current && r.status === 404) {   // no seat here: say so where the board would be
        const p = document.createElement("p");
        p.className = "error"; p.id = "no-seat"; p.textContent = r.data.error;
        $("board").replaceChildren(p);
      }
      return false;
    }
    if (at === undefined || at === null) current = r.data;
    draw(r.data);
    return true;
  }

  function button(text, onClick, attrs) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", onClick);
    if (attrs) for (const k in attrs) b.setAttribute(k, attrs[k]);
    return b;
  }

  function draw(p) {
    shown = p;
    if (p.title) { document.querySelector("h1").textContent = p.title; document.title = p.title; }
    $("board").innerHTML = p.board;  // built and escaped by the server (boards.py)
    const listed = boardActions(p);   // the actions offered on the board's pieces are left out of the list
    markChanges(p);
    $("turn").textContent = p.at !== null ? words["web.rewinding"].replace("{step}", p.at).replace("{steps}", p.steps) : p.turn;
    document.body.classList.toggle("your-turn", !!p.your_turn);
    document.body.classList.toggle("rewound", p.at !== null);
    const actions = $("actions");
    actions.replaceChildren();
    if (p.at !== null) {
      actions.appendChild(button(words["web.back_to_now"], () => refresh(), { id: "back-now", class: "primary" }));
    } else if (p.over) {
      const res = document.createElement("p");
      res.className = "result";
      res.textContent = p.result;
      actions.appendChild(res);
      const a = document.createElement("a");
      a.textContent = words["web.download"];
      a.href = "#";
      a.id = "download";
      a.addEventListener("click", downloadRecord);
      actions.appendChild(a);
      // the finished table's Review page (the seat opens it, as it opens the table)
      const review = document.createElement("a");
      review.textContent = words["web.review"];
      review.href = "/t/" + encodeURIComponent(tableId) + "/review?lang=" + lang + (token ? "&seat=" + encodeURIComponent(token) : "");
      review.id = "review-link";
      actions.appendChild(review);
    } else {
      if (p.chance_prompt) {
        const q = document.createElement("p");
        q.textContent = p.chance_prompt + (p.chance_typed ? " " + words["web.chance_typed"] : "");
        actions.appendChild(q);
      }
      if (!p.actions.length && !p.chance_typed) {
        const none = document.createElement("p");
        none.textContent = words["web.no_choices"];
        actions.appendChild(none);
      }
      if (listed.length < p.actions.length) {
        const tip = document.createElement("p");
        tip.className = "small board-hint"; tip.id = "board-hint";
        tip.textContent = words["web.board_hint"];
        actions.appendChild(tip);
      }
      const list = document.createElement("ol");
      list.className = "choice-list";
      listed.forEach((a, i) => {
        const li = document.createElement("li");
        const b = button("", () => choose(a), { "data-n": a.n, class: "choice" });
        const num = document.createElement("span");
        num.className = "key";
        num.textContent = String(i + 1);   // the keys 1-9 play the first nine
        const label = document.createElement("span");
        label.textContent = a.label;
        const code = document.createElement("code");
        code.textContent = a.n;
        b.append(num, label, code);
        if (a.warn.length) { const w = document.createElement("span"); w.className = "warn-mark"; w.textContent = "⚠"; b.appendChild(w); }
        li.appendChild(b);
        list.appendChild(li);
      });
      actions.appendChild(list);
    }
    $("typed-form").hidden = p.at !== null || p.over || !p.your_turn;
    $("undo").disabled = !p.can_undo || busy;
    $("hint").disabled = !p.your_turn || p.chance_prompt !== "" || p.at !== null;
    drawSeats(p);
    drawLog(p);
    announce(p);
  }

  // -- the log, announced politely: a screen reader hears the steps new since the last drawing
  // (#log-live, aria-live="polite"), never the whole log again
  let heard = null;   // the last step announced (null: nothing drawn yet)
  function announce(p) {
    if (p.at !== null) return;   // rewinding: nothing new happened
    const last = p.log.length ? p.log[p.log.length - 1].step : 0;
    if (heard === null || last < heard) { heard = last; return; }   // the page's first drawing, an undo
    const fresh = p.log.filter((e) => e.step > heard && (e.label || e.events.length));
    heard = last;
    if (!fresh.length) return;
    const box = $("log-live");
    box.replaceChildren();
    fresh.forEach((entry) => {
      const line = document.createElement("p");
      const who = entry.mover !== null && entry.mover !== undefined && p.seats.length > 1 ? "P" + (entry.mover + 1) + ": " : "";
      line.textContent = [entry.label ? who + entry.label : ""].concat(entry.events).filter((x) => x).join(" ");
      box.appendChild(line);
    });
  }

  // -- chance seen as it happens ------------------------------------------------------------------
  // The page compares the board it drew last with the one the server sends (no rule here: only
  // what the drawing shows). A die whose face changed or that appeared rolls and lands; a card or
  // tile turned face up (or newly laid) turns over; a number that went up or down says by how much
  // (▲ +2, ▼ −3) and flashes. The motion plays only under prefers-reduced-motion: no-preference
  // (style.css); the marks (✦, the difference, a word for screen readers) stay until the player's
  // next decision, so that what the last step changed, the rolls after it included, can be read.
  const PIECES = ".die, .card, .slot, .tile, .stat, .token";
  const KINDS = ["die", "card", "slot", "tile", "stat", "token"];
  const FACE_DOWN = ["face-down", "back", "unexplored"];
  const MARK_CLASSES = ["chg", "chg-now", "chg-roll", "chg-flip", "chg-gain", "chg-loss", "chg-new", "chg-changed"];
  let lastSnap = null;      // the live board's pieces as last drawn: key -> what they showed
  let lastVersion = null;
  let marks = new Map();    // key -> {kind, delta}: changes marked since the player's last decision
  // kept for a reload of the page (not a decision): by version, in this tab's storage
  const marksKey = "solotable:marks:" + tableId;
  function saveMarks(version) {
    try { sessionStorage.setItem(marksKey, JSON.stringify({ version: version, marks: Array.from(marks.entries()) })); }
    catch (e) { /* no storage: the marks last as long as the page */ }
  }
  function savedMarks(version) {
    try {
      const saved = JSON.parse(sessionStorage.getItem(marksKey) || "null");
      if (saved && saved.version === version) return new Map(saved.marks);
    } catch (e) { /* none */ }
    return new Map();
  }
  let quietNext = false;    // the next drawing marks nothing (an undo)

  function ownText(node) {
    const copy = node.cloneNode(true);
    copy.querySelectorAll(PIECES + ", .chg-badge, .chg-delta, .sr-only").forEach((n) => n.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function headingOf(node) {
    const h = node.querySelector(":scope > h3, :scope > h4");
    if (!h) return "";
    const first = h.firstChild;
    return (first && first.nodeType === 3 ? first.nodeValue : h.textContent).trim();
  }

  function scopeOf(node) {
    for (let a = node.parentElement; a && a.id !== "board"; a = a.parentElement) {
      if (a.dataset.info) return "i:" + a.dataset.info;
      if (a.dataset.el) return "e:" + a.dataset.el.split(/\s+/)[0];
      const h = headingOf(a);
      if (h) return "h:" + h;
    }
    return "";
  }

  function snapshot() {
    const snap = new Map();
    const counts = {};
    $("board").querySelectorAll(PIECES).forEach((node) => {
      const kind = KINDS.find((k) => node.classList.contains(k));
      if (!kind) return;
      let key;
      if (node.dataset.info) key = "i:" + node.dataset.info;
      else if (kind !== "stat" && node.dataset.el) key = "e:" + node.dataset.el.split(/\s+/)[0];
      else {
        const scope = scopeOf(node);
        const label = kind === "stat" ? node.querySelector(".stat-label") : null;
        if (label) key = scope + "|stat|" + label.textContent.trim();
        else {
          const c = scope + "|" + kind;
          counts[c] = (counts[c] || 0) + 1;
          key = c + "#" + counts[c];
        }
      }
      const classes = Array.from(node.classList).filter((c) => !["actionable", "picked", "target"].includes(c) && !MARK_CLASSES.includes(c));
      const value = kind === "stat" ? ((node.querySelector("b") || node).textContent.trim()) : "";
      const num = kind === "stat" ? Number((value.match(/-?\d+/) || [NaN])[0]) : NaN;
      const sig = kind === "die" || kind === "tile" ? (node.getAttribute("aria-label") || "") + "|" + classes.join(" ")
        : kind === "stat" ? value : classes.join(" ") + "|" + ownText(node);
      snap.set(key, { node: node, kind: kind, sig: sig, num: num, down: FACE_DOWN.some((c) => classes.includes(c)) });
    });
    return snap;
  }

  function changeOf(before, now) {
    if (!before) {
      if (now.kind === "die") return { kind: "roll" };
      if (now.kind === "stat") return null;   // a figure on a new card: the card is marked
      return { kind: now.down ? "new" : "flip" };
    }
    if (before.sig === now.sig) return null;
    if (now.kind === "die") return { kind: "roll" };
    if (now.kind === "stat") {
      if (Number.isFinite(before.num) && Number.isFinite(now.num) && before.num !== now.num) {
        return { kind: now.num > before.num ? "gain" : "loss", delta: now.num - before.num };
      }
      return { kind: "changed" };
    }
    if (before.down && !now.down) return { kind: "flip" };
    return { kind: "changed" };
  }

  function markChanges(p) {
    if (p.at !== null) return;   // a rewound table: shown as it was, unmarked
    const snap = snapshot();
    const fresh = new Set();
    if (lastSnap && lastVersion !== p.version && !quietNext) {
      snap.forEach((now, key) => {
        const change = changeOf(lastSnap.get(key), now);
        if (!change) return;
        const old = marks.get(key);
        if (old && old.delta !== undefined && change.delta !== undefined) change.delta += old.delta;   // a second change since the decision
        if (change.delta === 0) { marks.delete(key); return; }
        marks.set(key, change);
        fresh.add(key);
      });
    }
    if (!lastSnap) marks = savedMarks(p.version);   // the page's first drawing: a reload keeps the marks
    quietNext = false;
    lastSnap = snap;
    lastVersion = p.version;
    saveMarks(p.version);
    snap.forEach((now, key) => {
      const change = marks.get(key);
      if (!change) return;
      const node = now.node;
      node.classList.add("chg", "chg-" + change.kind);
      if (fresh.has(key)) node.classList.add("chg-now");
      if (change.delta !== undefined) {
        const d = document.createElement("span");
        d.className = "chg-delta";
        d.textContent = change.delta > 0 ? "▲+" + change.delta : "▼−" + (-change.delta);
        node.appendChild(d);
      } else if (now.kind !== "token") {   // a token (a hero's P1) is too small for a mark: ringed
        const b = document.createElement("span");
        b.className = "chg-badge";
        b.setAttribute("aria-hidden", "true");
        b.textContent = "✦";
        node.prepend(b);
      }
      // for a screen reader: the piece's name says it changed
      const said = words["web.changed"];
      if (node.hasAttribute("aria-label")) node.setAttribute("aria-label", node.getAttribute("aria-label") + " (" + said + ")");
      else {
        const sr = document.createElement("span");
        sr.className = "sr-only";
        sr.textContent = " (" + said + ")";
        node.appendChild(sr);
      }
    });
  }

  // the player decides: the marks of the last step go
  function clearMarks() {
    marks = new Map();
    saveMarks(null);
    $("board").querySelectorAll(".chg").forEach((n) => {
      n.classList.remove(...MARK_CLASSES);
      n.querySelectorAll(":scope > .chg-badge, :scope > .chg-delta").forEach((x) => x.remove());
    });
  }

  function drawSeats(p) {
    const box = $("seats");
    box.replaceChildren();
    const ul = document.createElement("ul");
    p.seats.forEach((name, i) => {
      const li = document.createElement("li");
      li.textContent = "P" + (i + 1) + " " + (i === p.seat ? words["web.you"].replace("{name}", name) : name);
      ul.appendChild(li);
    });
    box.appendChild(ul);
    const form = document.createElement("form");
    form.className = "name-form";
    const input = document.createElement("input");
    input.maxLength = 40; input.name = "seatname"; input.id = "seat-name";
    input.setAttribute("aria-label", words["web.your_name"]);
    input.placeholder = words["web.your_name"];
    const go = document.createElement("button");
    go.type = "submit"; go.textContent = words["web.set_name"];
    form.append(input, go);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (!current) return;
      const r = await api("/name", { name: input.value, version: current.version });
      if (!r.ok) { failed(r, null); if (r.status !== 0) await refresh(); return; }
      current = r.data; draw(r.data);
    });
    box.appendChild(form);
    if (p.seats.length > 1) {
      const live = document.createElement("p");
      live.className = "small"; live.textContent = words["web.live"];
      box.appendChild(live);
    }
    (p.invites || []).forEach((inv) => {
      const wrap = document.createElement("div");
      wrap.className = "invite";
      if (inv.held && !invites[inv.seat]) {
        const held = document.createElement("p");
        held.className = "small";
        held.textContent = words["web.seat_taken"].replace("{seat}", inv.seat);
        wrap.appendChild(held);
      }
      if (invites[inv.seat]) {
        const label = document.createElement("p");
        label.textContent = words["web.invite"].replace("{seat}", inv.seat);
        const link = document.createElement("input");
        link.readOnly = true; link.className = "invite-link"; link.value = location.origin + invites[inv.seat];
        link.setAttribute("aria-label", label.textContent);
        const copy = button(words["web.copy"], async () => {
          try { await navigator.clipboard.writeText(link.value); copy.textContent = words["web.copied"]; }
          catch (e) { link.select(); }
        });
        wrap.append(label, link, copy);
      }
      // a fresh link revokes the one given before (a lost or leaked invitation)
      wrap.appendChild(button(words["web.new_invite"].replace("{seat}", inv.seat), () => newInvite(inv.seat),
        { id: "invite-" + inv.seat, class: "new-invite" }));
      box.appendChild(wrap);
    });
  }

  async function newInvite(seat) {
    if (!current || busy) return;
    busy = true;
    let r;
    try { r = await api("/invite", { seat: seat, version: current.version }); } finally { busy = false; }
    if (!r.ok) { failed(r, () => newInvite(seat)); if (r.status === 409) await refresh(); return; }
    invites[seat] = r.data.invite_link;
    current = r.data; draw(r.data);
  }

  function drawLog(p) {
    const log = $("log");
    log.replaceChildren();
    p.log.slice().reverse().forEach((entry) => {
      if (!entry.label && !entry.events.length) return;   // a roll that said nothing
      const li = document.createElement("li");
      li.value = entry.step;
      if (entry.label) {
        const b = document.createElement("b");
        b.textContent = (entry.mover !== null && entry.mover !== undefined && p.seats.length > 1 ? "P" + (entry.mover + 1) + ": " : "") + entry.label;
        li.appendChild(b);
      }
      entry.events.forEach((text) => {
        const s = document.createElement("span");
        s.className = "event"; s.textContent = text;
        li.appendChild(s);
      });
      if (entry.step < p.steps || p.at !== null) {
        const r = button("↶", () => refresh(entry.step), { class: "rewind", title: words["web.rewind_to"].replace("{step}", entry.step),
          "aria-label": words["web.rewind_to"].replace("{step}", entry.step) });
        li.appendChild(r);
      }
      if (p.at !== null && entry.step === p.at) li.className = "here";
      log.appendChild(li);
    });
  }

  async function choose(a) {
    if (busy || !current || shown.at !== null) return;
    if (a.warn.length && pendingWarn !== a.n) {
      pendingWarn = a.n;
      const box = $("notice");
      box.replaceChildren();
      box.className = "notice warn";
      const p = document.createElement("p");
      p.textContent = words["web.warning"] + " " + a.warn.join(" ");
      box.append(p, button(words["web.confirm"], () => choose(a), { id: "confirm" }),
        button(words["web.cancel"], () => { pendingWarn = null; notice(""); }));
      return;
    }
    pendingWarn = null;
    await send(a.n);
  }

  async function send(notation, version) {
    if (busy || !current) return false;
    const seen = version === undefined ? current.version : version;
    busy = true;
    notice("");
    $("hint-out").textContent = "";
    clearMarks();   // a decision: what the last step changed is no longer marked
    let r;
    try { r = await api("/move", { action: notation, version: seen }); } finally { busy = false; }
    if (!r.ok) {
      // trying again sends the same move on the same version: if the first one did arrive, the
      // server answers 409 and the table is drawn again, so a move is never played twice
      failed(r, () => send(notation, seen));
      if (r.status === 409) await refresh();
      return false;
    }
    current = r.data;
    draw(r.data);
    return true;
  }

  async function undo() {
    if (!current || busy) return;
    busy = true;
    let r;
    try { r = await api("/undo", { version: current.version }); } finally { busy = false; }
    if (!r.ok) { failed(r, undo); if (r.status !== 0) await refresh(); return; }
    notice("");
    clearMarks();
    quietNext = true;   // taking a move back marks nothing
    current = r.data; draw(r.data);
  }

  async function hint() {
    if (!current || !current.your_turn) return;
    const out = $("hint-out");
    out.replaceChildren();
    const spin = document.createElement("span");
    spin.className = "spinner"; spin.setAttribute("role", "progressbar");
    const txt = document.createElement("span");
    txt.textContent = words["web.hint_thinking"];
    out.append(spin, txt);
    out.setAttribute("aria-busy", "true");
    const asked = current.version;
    const r = await api("/hint", { seconds: 1.5 });
    out.setAttribute("aria-busy", "false");
    out.replaceChildren();
    if (!r.ok) { out.textContent = r.status === 0 ? words["web.offline"] : r.data.error; return; }
    if (!current || current.version !== asked) return;   // the table moved on meanwhile
    // each line as the server wrote it: the move, its chance of winning and its 95% interval
    const p = document.createElement("p");
    p.textContent = r.data.ranked.length ? words["web.hint_best"].replace("{line}", () => hintLine(r.data.ranked[0])) : r.data.text;
    p.id = "hint-text";
    out.appendChild(p);
    if (r.data.others) {
      const head = document.createElement("p");
      head.textContent = r.data.others;
      const ul = document.createElement("ul");
      ul.id = "hint-others";
      r.data.ranked.slice(1).forEach((h) => {
        const li = document.createElement("li");
        li.textContent = hintLine(h);
        ul.appendChild(li);
      });
      out.append(head, ul);
    }
    if (r.data.note) {
      const note = document.createElement("p");
      note.className = "small"; note.id = "hint-note"; note.textContent = r.data.note;
      out.appendChild(note);
    }
  }

  // a hinted move as the player sees it: its number in the list beside the board (the list is
  // shorter than the legal actions: those on the board's pieces are not in it), else ▸ on the board
  function hintLine(h) {
    const i = shownList.findIndex((a) => a.n === h.n);
    const key = i >= 0 ? "web.hint_line" : "web.hint_line_board";
    return words[key].replace("{number}", () => String(i + 1)).replace("{label}", () => h.label).replace("{figure}", () => h.figure);
  }

  // "Info": the game's own entries (Game.info_entries) for the table on screen, as the
  // terminal's `i` shows them: each entry's title and its text
  function info() {
    if (!shown) return;
    const entries = shown.entries || [];
    const body = [];
    entries.forEach((e) => {
      const sec = document.createElement("section");
      sec.className = "info-entry";
      sec.dataset.key = e.key;
      const h = document.createElement("h3");
      h.textContent = e.title;
      const text = document.createElement("p");
      text.textContent = e.text;
      sec.append(h, text);
      body.push(sec);
    });
    if (!body.length) {
      const none = document.createElement("p");
      none.id = "info-none";
      none.textContent = words["web.info_none"];
      body.push(none);
    }
    openDialog(words["web.info_title"], body);
  }

  async function rules() {
    let data;
    try {
      const res = await fetch("/api/rules/" + encodeURIComponent(current ? current.game : "") + "?lang=" + lang);
      data = await res.json();
    } catch (e) { data = { error: words["web.offline"] }; }
    openDialog(data.title || "", data.html ? { html: data.html } : data.text || data.error || "");
  }

  function openDialog(title, body) {
    $("dialog-title").textContent = title;
    const box = $("dialog-body");
    box.classList.toggle("rendered", !!(body && body.html));
    if (Array.isArray(body)) box.replaceChildren(...body);   // elements built with textContent
    else if (body && body.html) box.innerHTML = body.html;   // the rules, rendered and escaped by the server
    else box.textContent = body;
    const d = $("dialog");
    if (typeof d.showModal === "function") { if (!d.open) d.showModal(); } else d.setAttribute("open", "");
  }

  async function downloadRecord(ev) {
    ev.preventDefault();
    let r;
    try {
      r = await fetch("/api/t/" + encodeURIComponent(tableId) + "/record?lang=" + lang, { headers: headers(false) });
    } catch (e) { failed({ ok: false, status: 0, data: {} }, () => downloadRecord(ev)); return; }
    if (!r.ok) { let d = {}; try { d = await r.json(); } catch (e) { /* not JSON */ } failed({ ok: false, status: r.status, data: d }, null); return; }
    const blob = await r.blob();
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = (current ? current.game : "game") + "-record.json";
    a.click();
  }

  $("board").addEventListener("click", (ev) => {
    const piece = ev.target.closest(".actionable");
    if (piece) { ev.preventDefault(); actOn(piece); return; }
    const el = ev.target.closest("[data-info]");
    if (!el || !shown) return;
    const info = shown.infos[el.dataset.info];
    if (info) openDialog(info.title, shown.texts[info.text]);
  });
  // -- acting on the board ----------------------------------------------------------------------
  // The server sends each board element's key and the notations of the legal actions that concern
  // it (the game's own declaration, Game.board_actions: no rule here); the board's pieces carry
  // their keys in data-el (several, space-separated). A piece with one action plays it; with
  // several it opens a small menu of them in words and stays chosen, so that a second piece
  // narrows to the actions concerning both (Deep Space D-6: a die, then a threat or a station).
  // The list of choices keeps the free actions and those of any element the board does not draw.
  let picked = null;        // the piece chosen first
  const pieceActs = new WeakMap();   // piece -> notations offered on it

  function boardActions(p) {
    picked = null;
    closeMenu(false);
    const byKey = {};
    (p.elements || []).forEach((e) => { byKey[e.key] = e; });
    const byN = {};
    p.actions.forEach((a) => { byN[a.n] = a; });
    const onBoard = new Set();
    $("board").querySelectorAll("[data-el]").forEach((node) => {
      const acts = [];
      node.dataset.el.split(/\s+/).forEach((k) => {
        const e = byKey[k];
        if (e) e.actions.forEach((n) => { if (byN[n] && !acts.includes(n)) acts.push(n); });
      });
      if (!acts.length) return;
      acts.sort((x, y) => p.actions.indexOf(byN[x]) - p.actions.indexOf(byN[y]));   // legal order
      acts.forEach((n) => onBoard.add(n));
      pieceActs.set(node, acts);
      node.classList.add("actionable");
      if (node.tagName !== "BUTTON") {
        node.tabIndex = 0;
        node.setAttribute("role", "button");
      }
      const name = pieceName(node);
      if (acts.length === 1) {
        node.removeAttribute("aria-haspopup");
        node.setAttribute("aria-label", name + " — " + byN[acts[0]].label);
      } else {
        node.setAttribute("aria-haspopup", "menu");
        node.setAttribute("aria-label", name);
      }
    });
    shownList = p.actions.filter((a) => !onBoard.has(a.n));
    return shownList;
  }

  function pieceName(node) {
    if (!node.dataset.name) {
      const title = node.querySelector(".card-title, .tile-words");   // a card's name, a tile's words
      node.dataset.name = ((title && title.textContent) || node.getAttribute("aria-label") || node.textContent || "").trim().replace(/\s+/g, " ");
    }
    return node.dataset.name;
  }

  function actionByN(n) { return shown ? shown.actions.find((a) => a.n === n) : undefined; }

  function actOn(node) {
    if (busy || !shown || shown.at !== null) return;
    let acts = pieceActs.get(node) || [];
    if (picked && picked !== node) {
      const first = pieceActs.get(picked) || [];
      const both = acts.filter((n) => first.includes(n));
      if (both.length) acts = both;
    }
    if (!acts.length) return;
    if (acts.length === 1) {
      const a = actionByN(acts[0]);
      setPicked(null);
      closeMenu(false);
      if (a) choose(a);
      return;
    }
    setPicked(node);
    openMenu(node, acts);
  }

  // the piece chosen first, and the pieces its actions also concern (◎)
  function setPicked(node) {
    $("board").querySelectorAll(".picked, .target").forEach((n) => {
      n.classList.remove("picked", "target");
      n.removeAttribute("aria-pressed");
    });
    picked = node;
    if (!node) return;
    node.classList.add("picked");
    node.setAttribute("aria-pressed", "true");
    const mine = pieceActs.get(node) || [];
    $("board").querySelectorAll(".actionable").forEach((n) => {
      if (n !== node && (pieceActs.get(n) || []).some((x) => mine.includes(x))) n.classList.add("target");
    });
  }

  function closeMenu(refocus) {
    const old = $("board-menu");
    if (!old) return;
    const from = old.dataset.from ? document.querySelector('[data-menu-from="' + old.dataset.from + '"]') : null;
    old.remove();
    if (refocus && from) from.focus();
  }

  let menuCount = 0;
  function openMenu(node, acts) {
    closeMenu(false);
    const menu = document.createElement("div");
    menu.id = "board-menu";
    menu.className = "board-menu";
    menu.setAttribute("role", "menu");
    const name = pieceName(node);
    menu.setAttribute("aria-label", words["web.board_menu"].replace("{name}", name));
    menuCount += 1;
    node.dataset.menuFrom = String(menuCount);
    menu.dataset.from = String(menuCount);
    const head = document.createElement("p");
    head.className = "board-menu-head";
    const others = Array.from($("board").querySelectorAll(".target")).length;
    head.textContent = others ? words["web.board_pick"].replace("{name}", name) : words["web.board_menu"].replace("{name}", name);
    menu.appendChild(head);
    const items = [];
    acts.forEach((n) => {
      const a = actionByN(n);
      if (!a) return;
      const b = button(a.label + (a.warn.length ? " ⚠" : ""), () => { closeMenu(false); setPicked(null); choose(a); },
        { role: "menuitem", "data-n": a.n, class: "menu-action" });
      items.push(b);
    });
    if (node.dataset.info && shown && shown.infos[node.dataset.info]) {
      const info = shown.infos[node.dataset.info];
      items.push(button(words["web.board_about"], () => { closeMenu(false); openDialog(info.title, shown.texts[info.text]); },
        { role: "menuitem", class: "menu-about" }));
    }
    items.push(button(words["web.cancel"], () => { setPicked(null); closeMenu(true); }, { role: "menuitem", class: "menu-cancel" }));
    items.forEach((b) => menu.appendChild(b));
    menu.addEventListener("keydown", (ev) => {
      const i = items.indexOf(document.activeElement);
      if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); setPicked(null); closeMenu(true); }
      else if (ev.key === "ArrowDown") { ev.preventDefault(); items[(i + 1) % items.length].focus(); }
      else if (ev.key === "ArrowUp") { ev.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
      else if (ev.key === "Tab") { ev.preventDefault(); closeMenu(true); }
      ev.stopPropagation();   // the page's keys (1-9, u, h...) do not act while the menu is open
    });
    // next to the piece it is about (on a phone: just under it)
    const r = node.getBoundingClientRect();
    menu.style.top = (window.scrollY + r.bottom + 4) + "px";
    menu.style.left = Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - 300)) + "px";
    document.querySelector("main").appendChild(menu);   // within the page's landmarks
    if (items.length) items[0].focus();
  }

  $("board").addEventListener("keydown", (ev) => {
    const piece = ev.target.closest ? ev.target.closest(".actionable") : null;
    if (!piece || piece.tagName === "BUTTON") return;   // a button acts on Enter and Space itself
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); actOn(piece); }
  });
  document.addEventListener("click", (ev) => {
    const menu = $("board-menu");
    if (menu && !menu.contains(ev.target) && !ev.target.closest(".actionable")) { setPicked(null); closeMenu(false); }
  });
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("rules").addEventListener("click", rules);
  $("info").addEventListener("click", info);
  $("typed-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = $("typed");
    if (input.value.trim() && current) { if (await send(input.value)) input.value = ""; }
  });
  document.addEventListener("keydown", (ev) => {
    const tagName = (ev.target.tagName || "").toLowerCase();
    if (tagName === "input" || tagName === "textarea" || tagName === "select" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if ($("dialog").open) return;
    if (ev.key >= "1" && ev.key <= "9" && shown && shown.at === null) {
      const a = shownList[Number(ev.key) - 1];
      if (a) { ev.preventDefault(); choose(a); }
    } else if (ev.key === "u") { undo(); }
    else if (ev.key === "h") { hint(); }
    else if (ev.key === "r") { rules(); }
    else if (ev.key === "i") { info(); }
    else if (ev.key === "l") { const s = $("lang-switch"); if (s) location.href = s.href; }
  });

  // the live stream's state, shown beside the seats: up, or down (reconnecting)
  function liveStatus(state) {
    let el = $("live-status");
    if (!el) {
      el = document.createElement("p");
      el.id = "live-status";
      el.setAttribute("role", "status");
      $("seat-box").appendChild(el);
    }
    el.dataset.state = state;
    el.className = state === "down" ? "live-down" : "small";
    el.textContent = state === "down" ? words["web.live_down"] : "";
  }

  let stream = null;
  let streamWait = 1000;
  function listen() {
    if (!window.EventSource) return;
    const query = token ? "?seat=" + encodeURIComponent(token) : "";
    const es = new EventSource("/api/t/" + encodeURIComponent(tableId) + "/events" + query);
    stream = es;
    let wasDown = false;
    es.onopen = () => {
      streamWait = 1000;
      liveStatus("up");
      // back after a break: moves made meanwhile are fetched at once
      if (wasDown && !busy && (!shown || shown.at === null)) refresh();
      wasDown = false;
    };
    es.onmessage = (ev) => {
      let v = null;
      try { v = JSON.parse(ev.data).version; } catch (e) { return; }
      if (v !== null && (!current || v !== current.version) && !busy && (!shown || shown.at === null)) refresh();
    };
    es.onerror = () => {
      wasDown = true;
      liveStatus("down");
      if (es.readyState === EventSource.CLOSED) {
        // the browser gave up (an error answer, the server gone): try again later, more slowly
        es.close();
        setTimeout(() => { if (stream === es) listen(); }, streamWait);
        streamWait = Math.min(streamWait * 2, 30000);
      }
    };
  }

  // opened with a seat's link: play it, unless this browser plays another seat of this table,
  // in which case the player chooses (the host who opens the partner's invitation keeps theirs)
  function askSeat(mine, other) {
    const box = $("notice");
    box.replaceChildren();
    box.className = "notice warn";
    const q = document.createElement("p");
    q.textContent = words["web.seat_conflict"].replace("{other}", other + 1).replace("{mine}", mine + 1);
    box.append(q,
      button(words["web.keep_seat"].replace("{mine}", mine + 1), () => { notice(""); }, { id: "keep-seat" }),
      button(words["web.take_seat"].replace("{other}", other + 1), async () => {
        notice(""); keepToken(fromLink);
        if (await refresh()) restartStream();
      }, { id: "take-seat" }));
  }

  function restartStream() { if (stream) { const old = stream; stream = null; old.close(); } listen(); }

  async function start() {
    if (!fromLink || fromLink === token) { await refresh(); return; }
    const theirs = await api("", undefined, fromLink);
    if (!theirs.ok) { await refresh(); if (!current) failed(theirs, start); return; }
    const mine = await api("", undefined, token || "");
    if (mine.ok && mine.data.seat !== theirs.data.seat) {
      current = mine.data; draw(mine.data);
      askSeat(mine.data.seat, theirs.data.seat);
      return;
    }
    keepToken(fromLink);   // a seat not held here yet, or a fresh link to the same seat
    current = theirs.data; draw(theirs.data);
  }

  start().then(listen);
})();
