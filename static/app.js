// The few things a page cannot do without a script; every page works without it.
(function () {
  "use strict";

  // Keep the screen awake while a game is open (Screen Wake Lock, where the browser
  // has it). The lock is let go when the page is hidden, so take it again on return.
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.body.hasAttribute("data-wake-lock")) return;
    try {
      await navigator.wakeLock.request("screen");
    } catch (error) {
      // Refused (battery saver, or not allowed): the game goes on without it.
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") keepAwake();
  });

  // The edit link carries the key after '#', which no browser sends to a server:
  // put it in the join form, take it out of the address bar, and send the form.
  function joinFromLink() {
    var form = document.querySelector("form[data-key-from-hash]");
    var key = decodeURIComponent(location.hash.slice(1));
    if (!form || !key) return;
    form.elements.key.value = key;
    history.replaceState(null, "", location.pathname);
    form.submit();
  }

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    joinFromLink();
  });
})();
