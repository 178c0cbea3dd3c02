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

  // --- A deal being entered survives the phone -----------------------------------------
  // The form is kept in the browser's storage as it is typed, and put back after a
  // reload, a crash or a closed tab. A save that fails for want of network is shown
  // as "not saved yet" and sent again, with the same attempt key (so it counts once),
  // when the network is back.

  var DRAFTS = "push-referee:drafts";

  function drafts() {
    try {
      return JSON.parse(localStorage.getItem(DRAFTS) || "{}");
    } catch (error) {
      return {};
    }
  }

  function keepDraft(name, draft) {
    var all = drafts();
    if (draft) all[name] = draft;
    else delete all[name];
    try {
      localStorage.setItem(DRAFTS, JSON.stringify(all));
    } catch (error) {
      // Storage full or refused: the form still works, it just is not kept.
    }
  }

  function fieldsOf(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || element.name === "csrf_token" || element.type === "submit") return;
      if (element.type === "radio" && !element.checked) return;
      fields[element.name] = element.value;
    });
    return fields;
  }

  function putBack(form, fields) {
    Object.keys(fields).forEach(function (name) {
      var elements = form.querySelectorAll('[name="' + CSS.escape(name) + '"]');
      Array.prototype.forEach.call(elements, function (element) {
        if (element.type === "radio") element.checked = element.value === fields[name];
        else element.value = fields[name];
      });
    });
  }

  function followDraft(form) {
    var name = form.getAttribute("data-draft");
    var notSaved = document.getElementById("not-saved");
    var draft = drafts()[name];
    if (draft && draft.fields) {
      // Put the entry back and let the server draw it again (the "Work out" button).
      putBack(form, draft.fields);
      if (draft.pending) notSaved.hidden = false;
      form.querySelector("button.default-button").click();
    }
    // Once the deal is saved nothing keeps its entry again: an answer still settling
    // from a tap made just before Save would otherwise put the saved entry back, and
    // the next deal would open on it as an entry not saved.
    var saved = false;
    function keep(pending) {
      if (saved) return;
      keepDraft(name, { fields: fieldsOf(form), pending: pending, kept: Date.now() });
    }
    form.addEventListener("input", function () { keep(false); });
    form.addEventListener("change", function () { keep(false); });
    document.body.addEventListener("htmx:afterSettle", function () { keep(!notSaved.hidden); });
    document.body.addEventListener("htmx:sendError", function (event) {
      if (!isSave(event)) return;
      notSaved.hidden = false;
      keep(true);
    });
    document.body.addEventListener("htmx:beforeSwap", function (event) {
      if (isSave(event)) notSaved.hidden = true;
    });
    document.body.addEventListener("htmx:beforeOnLoad", function (event) {
      if (isSave(event) && event.detail.xhr.getResponseHeader("HX-Redirect")) {
        saved = true;
        keepDraft(name, null);
      }
    });
    function retry() {
      // No Save button: the entry kept is another deal's, shown as what it is.
      var save = form.querySelector("button[name='save']");
      if (save && !notSaved.hidden && navigator.onLine !== false) save.click();
    }
    window.addEventListener("online", retry);
    setInterval(retry, 5000);
  }

  function isSave(event) {
    var parameters = event.detail && event.detail.requestConfig && event.detail.requestConfig.parameters;
    if (parameters && typeof parameters.get === "function") return parameters.get("save") === "1";
    return Boolean(parameters && parameters.save === "1");
  }

  // Installable and readable offline: the service worker keeps the app shell and
  // each sheet last seen.
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {
        // No worker (a private window, say): the pages work as before.
      });
    });
  }

  // --- What needs the player's eye, above the keypad ------------------------------------
  // After a tap's answer is in, the first field or card marked wrong (else, entering a
  // deal, the hand the keypad types into) is scrolled into view if it is hidden,
  // above the pinned line and the keypad (their height is each element's
  // scroll-margin-bottom, app.css).
  // A save that did not go through (another phone saved the deal, or changed the sheet)
  // says why at the top of the form: that is brought into view and focused, as the
  // save was tapped at the bottom of the screen.
  function showWhatMatters(event) {
    var live = document.getElementById("deal-live") || document.getElementById("checker-live");
    if (!live) return;
    var refused = live.querySelector("#leftover, #deal-errors");
    if (refused && isSave(event)) {
      refused.scrollIntoView({ block: "start" });
      refused.focus({ preventScroll: true });
      return;
    }
    var target = live.querySelector('[aria-invalid="true"], .chip.over, .field-error:not(:empty)') ||
      live.querySelector(".player.active");
    if (!target) return;
    var dock = document.querySelector(".dock-status");
    var limit = dock ? dock.getBoundingClientRect().top : window.innerHeight;
    var box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > limit) target.scrollIntoView({ block: "nearest" });
  }

  // --- Sharing the edit link: Copy, and Share... where the phone has it ---------------
  // What the page says once copied comes with the page, in its language (data-copied).
  function shareButtons() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-share-url]"), function (box) {
      var url = box.getAttribute("data-share-url");
      var copy = box.querySelector("[data-copy]");
      var share = box.querySelector("[data-share]");
      var said = box.querySelector("[data-said]");
      if (copy && navigator.clipboard) {
        copy.hidden = false;
        copy.addEventListener("click", function () {
          navigator.clipboard.writeText(url).then(function () {
            said.textContent = said.getAttribute("data-copied");
          }, function () {
            said.textContent = said.getAttribute("data-not-copied");
          });
        });
      }
      if (share && navigator.share) {
        share.hidden = false;
        share.addEventListener("click", function () {
          navigator.share({ title: box.getAttribute("data-share-title") || document.title, url: url })
            .catch(function () { /* the player closed the share sheet */ });
        });
      }
    });
  }

  // A hand the server could not solve just now (too many solves at once: a 429 or 503
  // with Retry-After) is answered with the checker itself, saying so beside the
  // hand: show it, as a full page load would.
  function showRefusedSolve(event) {
    var xhr = event.detail.xhr;
    if ((xhr.status === 429 || xhr.status === 503) && xhr.getResponseHeader("Retry-After") &&
        xhr.responseText.indexOf('id="checker-live"') >= 0) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    shareButtons();
    document.body.addEventListener("htmx:beforeSwap", showRefusedSolve);
    document.body.addEventListener("htmx:afterSettle", showWhatMatters);
    joinFromLink();
    var form = document.querySelector("form[data-draft]");
    if (form) followDraft(form);
  });
})();
