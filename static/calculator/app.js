// Progressive enhancement only: every page works without this file.
document.documentElement.classList.add("js");

// Each edit morphs the calculator in place (idiomorph): what the player opened,
// typed and scrolled stays. A section the player opened stays open though the
// server drew it closed; the field being typed in keeps its text; and so does
// a field typed in after the request being answered was sent (typing 针 seat
// after seat outruns the answers), since the next request will carry it.
let typed = 0;
let answering = 0;
document.addEventListener("input", (event) => {
  if (event.target.matches("input[type=text], input[type=number]")) event.target.typedAt = ++typed;
});
document.addEventListener("htmx:beforeSend", (event) => { event.detail.xhr.typedBefore = typed; });
document.addEventListener("htmx:beforeSwap", (event) => { answering = event.detail.xhr.typedBefore ?? typed; });
if (window.Idiomorph) {
  // Not idiomorph's ignoreActiveValue: it leaves the focused element's children
  // alone too, and a tapped button is focused (Chromium, Android), so its label
  // or count would stay stale. What was typed is kept by the rule below.
  Idiomorph.defaults.ignoreActiveValue = false;
  Idiomorph.defaults.callbacks.beforeAttributeUpdated = (name, node, change) => {
    if (name === "open" && node.localName === "details" && change === "remove") return false;
    if (name === "value" && (node.typedAt || 0) > answering) return false;
    return true;
  };
}

// Taps faster than the server answers wait in the form's queue (hx-sync
// "queue all") and each is sent, in order, once the answer before it is in.
// htmx reads the tapped button only when a queued request is sent, and by
// then it knows just the last button clicked (or none, once focus moved):
// every queued tap would carry the last tile. So each request carries the
// button of the submit that queued it, with the form as it stands when sent
// (the answer before it drew the hand this tap adds to), as a plain form
// post would: the button's value last.
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  const submit = event.detail.triggeringEvent;
  if (!(form instanceof HTMLFormElement) || form.id !== "calc-form") return;
  const data = new FormData(form);
  const button = submit && submit.type === "submit" ? submit.submitter : null;
  if (button && button.name) data.append(button.name, button.value);
  event.detail.parameters = data;
});

const say = (text) => {
  const out = document.getElementById("copied");
  if (!out) return;
  out.textContent = text;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { out.textContent = ""; }, 4000);
};

const copy = (button) => {
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  const done = () => say(button.dataset.done || "");
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => { field.select(); });
  } else {
    field.select();
    document.execCommand("copy");
    done();
  }
};

// The logo starts afresh: where a hand is entered, ask first (it would be lost).
const entered = () => document.querySelector("#hand-area button.t, #hand-area button.meld");

document.addEventListener("click", (event) => {
  const leaving = event.target.closest("a[data-confirm]");
  if (leaving && entered() && !window.confirm(leaving.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  const copier = event.target.closest("button[data-copy]");
  if (copier) { copy(copier); return; }
  const sharer = event.target.closest("button[data-share]");
  if (sharer && navigator.share) {
    const field = document.querySelector(sharer.dataset.share);
    navigator.share({ title: sharer.dataset.title || document.title, url: field ? field.value : location.href })
      .catch(() => {});
  }
});

// The buttons that need script show once it runs (and after each swap); the
// share sheet only where the browser has one.
const reveal = () => {
  document.querySelectorAll("button[data-copy]").forEach((b) => { b.hidden = false; });
  if (navigator.share) document.querySelectorAll("button[data-share]").forEach((b) => { b.hidden = false; });
};
document.addEventListener("DOMContentLoaded", reveal);
document.addEventListener("htmx:afterSettle", reveal);

// While the tiles are pinned to the bottom of the screen, a control above
// them that is brought into view (a link to what needs fixing, the next
// control focused) lands above them rather than under them: the pinned
// height is that control's bottom margin for scrolling (css: --pinned). Not
// the viewport's scroll padding: a tapped key inside the tiles would scroll.
// The tiles are pinned only while all of them, and the whole hand above
// them, fit the screen below the header (css: html.sheet-tall): a key or a
// tile cut off or scrolled in a box of its own cannot be tapped. Marked on
// the root, which no answer morphs, so a redraw never flickers it.
const HEADER_ROOM = 96;
const pinnedHeight = () => {
  const sheet = document.getElementById("sheet");
  if (sheet) {
    const root = document.documentElement;
    const tall = sheet.offsetHeight > window.innerHeight - HEADER_ROOM;
    const pinned = getComputedStyle(sheet).position === "sticky";
    root.classList.toggle("sheet-tall", tall);
    // Unpinned, the tiles return to their place in the page: keep them where
    // the thumb was, at the bottom of the screen.
    if (tall && pinned && sheet.getBoundingClientRect().bottom > window.innerHeight) {
      sheet.scrollIntoView({ block: "end" });
    }
  }
  const stuck = sheet && getComputedStyle(sheet).position === "sticky";
  document.documentElement.style.setProperty("--pinned", stuck ? `${Math.ceil(sheet.offsetHeight)}px` : "0px");
};
if (window.ResizeObserver) {
  const watch = new ResizeObserver(pinnedHeight);
  const observe = () => { const sheet = document.getElementById("sheet"); if (sheet) watch.observe(sheet); };
  document.addEventListener("DOMContentLoaded", observe);
  document.addEventListener("htmx:afterSettle", observe);
}
document.addEventListener("DOMContentLoaded", pinnedHeight);
document.addEventListener("htmx:afterSettle", pinnedHeight);
window.addEventListener("resize", pinnedHeight);

// htmx keeps the address current; the language switch returns to it.
document.addEventListener("submit", (event) => {
  if (!event.target.matches("form.lang")) return;
  const next = event.target.querySelector("input[name=next]");
  if (next) next.value = location.pathname + location.search;
});

// A save that cannot reach the server: say so at once, keep the hand (it is in
// the address too, so a reload keeps it), and send the same entry again when
// the network is back, or at a tap on save. The server stores an entry once,
// so a resend that crosses a late answer stores nothing twice.
const PENDING = "suanfan-pending-save";
const pending = () => {
  try { return JSON.parse(localStorage.getItem(PENDING) || "null"); } catch { return null; }
};
// What became of a save is said in one place, by the save button
// (#save-status): the server's answer draws it, and a save that did not get
// through is said there in place of whatever it said before ("saved as hand
// 3" included), so the phone never shows two accounts at once.
const tell = (key) => {
  const status = document.getElementById("save-status");
  const note = document.getElementById("offline-note");
  if (!status || !note) return;
  [...status.children].forEach((n) => { if (n !== note) n.remove(); });
  note.textContent = status.dataset[key] || "";
  note.hidden = false;
};
// A save the server did not store — no network, a timeout, a 5xx or a
// proxy's 502/504 page, a rate limit — is the same case: "not saved" at
// once, and the same entry sent again, sooner at first (1 s, 2 s, 4 s … a
// minute at most). Any other 4xx is a refusal: said, and not sent again.
const RETRY_FIRST = 1000;
const RETRY_MOST = 60000;
let backoff = 0;
const saving = (event) => event.detail.elt && event.detail.elt.id === "save-hand";
const failed = (event, key) => {
  if (!saving(event)) return;
  try { localStorage.setItem(PENDING, JSON.stringify({ entry: event.detail.elt.dataset.entry })); } catch { /* private mode */ }
  tell(key);
  backoff = Math.min(backoff ? backoff * 2 : RETRY_FIRST, RETRY_MOST);
  clearTimeout(failed.timer);
  failed.timer = setTimeout(() => resend(), backoff);
};
const retried = (status) => status >= 500 || status === 408 || status === 429;
document.addEventListener("htmx:sendError", (event) => failed(event, "offline"));
document.addEventListener("htmx:timeout", (event) => failed(event, "failed"));
document.addEventListener("htmx:responseError", (event) => {
  if (retried(event.detail.xhr.status)) failed(event, "failed");
  else if (saving(event)) tell("refused");
});
document.addEventListener("htmx:afterRequest", (event) => {
  const xhr = event.detail.xhr;
  if (saving(event) && xhr && xhr.status && !retried(xhr.status)) {
    localStorage.removeItem(PENDING);
    backoff = 0;
  }
});
const resend = () => {
  const waiting = pending();
  const button = document.getElementById("save-hand");
  if (!waiting || !button || button.dataset.entry !== waiting.entry || !navigator.onLine) return;
  tell("resending");
  button.click();
};
window.addEventListener("online", resend);
document.addEventListener("DOMContentLoaded", () => {
  const waiting = pending();
  if (waiting && document.getElementById("saved-as")) localStorage.removeItem(PENDING);
  else resend();
});

// A hand entry's identity is minted with the page: put it in the address at
// once, so a reload or the back button comes back to the same entry.
document.addEventListener("DOMContentLoaded", () => {
  const here = document.querySelector("[data-here]");
  if (here && here.dataset.here !== location.pathname + location.search) {
    history.replaceState(history.state, "", here.dataset.here);
  }
});

// The back button may bring a page back from the browser's memory as it was
// before its hand was saved: ask the server again, which knows what became of it.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.getElementById("club-save")) location.reload();
});

// The tile pad is one Tab stop: the arrow keys move between its keys (a
// roving tabindex), Home and End to its first and last. The key last moved
// to keeps the stop across redraws (the server draws every key tabbable, as
// a page without script needs).
let padKey = null;
const padKeys = () => [...document.querySelectorAll(".palette .key")];
const rove = () => {
  const keys = padKeys();
  if (!keys.length) return;
  const current = keys.find((k) => k.id === padKey) || keys[0];
  keys.forEach((k) => { k.tabIndex = k === current ? 0 : -1; });
};
const padEntry = () => document.querySelector(".palette .key[tabindex='0']") || padKeys()[0];
document.addEventListener("DOMContentLoaded", rove);
document.addEventListener("htmx:afterSettle", rove);
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches(".palette .key")) { padKey = event.target.id; rove(); }
});
document.addEventListener("keydown", (event) => {
  const key = event.target.closest && event.target.closest(".palette .key");
  if (!key) return;
  const keys = padKeys();
  const at = keys.indexOf(key);
  const box = key.getBoundingClientRect();
  const inRow = (k, dir) => {
    // the nearest key straight above or below (the pads are grids)
    let best = null;
    let bestScore = Infinity;
    for (const k2 of keys) {
      const r = k2.getBoundingClientRect();
      const dy = (r.top - box.top) * dir;
      if (dy < box.height / 2) continue;
      const score = dy * 4 + Math.abs(r.left - box.left);
      if (score < bestScore) { best = k2; bestScore = score; }
    }
    return best;
  };
  const next = {
    ArrowRight: keys[at + 1], ArrowLeft: keys[at - 1],
    ArrowDown: inRow(key, 1), ArrowUp: inRow(key, -1),
    Home: keys[0], End: keys[keys.length - 1],
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  if (next) next.focus();
});

// Focus stays where the hand continues. A tapped control the answer keeps
// keeps it; one the answer removed (the winning tile or the last hand tile
// taken back, a meld taken back, a wait tapped, 全部清除) hands it on: to the
// tile now in its place, else the one before it, else the tile pad (where the
// next tile, or a new winning tile, is tapped); a wait tapped, to the score
// it made.
const SUCCESSOR = {
  h: (i) => [`#rm-h${i}`, `#rm-h${i - 1}`],
  m: (i) => [`#rm-m${i}`, `#rm-m${i - 1}`],
  f: (i) => [`#rm-f${i}`, `#rm-f${i - 1}`],
  o: (i) => [`#rm-o${i}`, `#rm-o${i - 1}`],
};
let tapped = null;
document.addEventListener("htmx:configRequest", (event) => {
  const submit = event.detail.triggeringEvent;
  const button = submit && submit.type === "submit" ? submit.submitter : null;
  if (event.detail.elt && event.detail.elt.id === "calc-form") {
    tapped = button ? { id: button.id, name: button.name, value: button.value, wait: button.classList.contains("wait") } : null;
  }
});
document.addEventListener("htmx:afterSettle", () => {
  const was = tapped;
  tapped = null;
  if (!was || !was.id) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  let places = [];
  if (was.wait) places = ["#quick", "#result-title"];
  else if (was.name === "rm" && SUCCESSOR[was.value[0]]) {
    places = SUCCESSOR[was.value[0]](Number(was.value.slice(1)) || 0);
  }
  else if (was.id && document.getElementById(was.id)) places = ["#" + CSS.escape(was.id)];
  const target = places.map((s) => document.querySelector(s)).find(Boolean) || padEntry();
  if (target) target.focus({ preventScroll: false });
});

// 保存图片 / 分享: where the phone can share files (the Web Share API), the
// picture itself is shared (a night's results: every picture of it, as
// ``X-Pictures`` says how many); elsewhere the link opens it, to long-press
// and save, as it does without script.
const pictureFiles = async (link) => {
  const first = new URL(link.dataset.picture, location.href);
  const answer = await fetch(first, { credentials: "same-origin" });
  if (!answer.ok) throw new Error(String(answer.status));
  const blobs = [await answer.blob()];
  const count = Number(answer.headers.get("X-Pictures") || 1);
  for (let n = 2; n <= count; n++) {
    const next = new URL(first);
    next.searchParams.set("page", String(n));
    const more = await fetch(next, { credentials: "same-origin" });
    if (!more.ok) throw new Error(String(more.status));
    blobs.push(await more.blob());
  }
  const name = link.dataset.name || "suanfan";
  return blobs.map((blob, i) =>
    new File([blob], `${name}${blobs.length > 1 ? `-${i + 1}` : ""}.png`, { type: "image/png" }));
};

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-picture]");
  if (!link || !navigator.canShare || !navigator.share) return;
  event.preventDefault();
  pictureFiles(link)
    .then((files) => {
      if (!navigator.canShare({ files })) { location.href = link.href; return; }
      return navigator.share({ files, title: document.title }).catch((error) => {
        // The player closed the share sheet: nothing to do. Anything else
        // (the tap's permission ran out while the picture was drawn): open it.
        if (error.name !== "AbortError") location.href = link.href;
      });
    })
    .catch(() => { say(link.dataset.failed || ""); location.href = link.href; });
});
