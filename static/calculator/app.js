// Progressive enhancement only: the page works without this file.
document.documentElement.classList.add("js");

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  const done = () => {
    button.dataset.done = "1";
    setTimeout(() => delete button.dataset.done, 1500);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => { field.select(); });
  } else {
    field.select();
    document.execCommand("copy");
    done();
  }
});

// The copy button needs script; show it once script runs (and after each swap).
const reveal = () => document.querySelectorAll("button[data-copy]").forEach((b) => { b.hidden = false; });
document.addEventListener("DOMContentLoaded", reveal);
document.addEventListener("htmx:afterSwap", reveal);

// htmx keeps the address current; the language switch returns to it.
document.addEventListener("submit", (event) => {
  if (!event.target.matches("form.lang")) return;
  const next = event.target.querySelector("input[name=next]");
  if (next) next.value = location.pathname + location.search;
});
