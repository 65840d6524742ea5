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
      const list = document.createElement("ol");
      list.className = "choice-list";
      p.actions.forEach((a, i) => {
        const li = document.createElement("li");
        const b = button("", () => choose(a), { "data-n": a.n, class: "choice" });
        const num = document.createElement("span");
        num.className = "key";
        num.textContent = i < 9 ? String(i + 1) : "";
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
    p.textContent = r.data.text;
    p.id = "hint-text";
    out.appendChild(p);
    if (r.data.others) {
      const head = document.createElement("p");
      head.textContent = r.data.others;
      const ul = document.createElement("ul");
      ul.id = "hint-others";
      r.data.ranked.slice(1).forEach((h) => {
        const li = document.createElement("li");
        li.textContent = h.line;
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
    openDialog(data.title || "", data.text || data.error || "");
  }

  function openDialog(title, body) {
    $("dialog-title").textContent = title;
    if (Array.isArray(body)) $("dialog-body").replaceChildren(...body);   // elements built with textContent
    else $("dialog-body").textContent = body;
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
    const el = ev.target.closest("[data-info]");
    if (!el || !shown) return;
    const info = shown.infos[el.dataset.info];
    if (info) openDialog(info.title, shown.texts[info.text]);
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
      const a = shown.actions[Number(ev.key) - 1];
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
