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

  // --- A followed sheet, live ---------------------------------------------------------
  // The game's stream says when it changed, and the sheet asks for itself (game.html).
  // A phone that slept, hid the page or lost its network may have missed that while
  // its stream was down: it asks at once when it is back (the stream reconnects by
  // itself, and the slow poll covers the rest).
  function askSheet() {
    var sheet = document.getElementById("sheet");
    if (sheet && sheet.hasAttribute("hx-get") && window.htmx) htmx.trigger(sheet, "sheet:ask");
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") askSheet();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) askSheet(); // back from the browser's page cache
  });
  window.addEventListener("online", askSheet);

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

  // --- The referee on the phone --------------------------------------------------------
  // The rules core runs on the phone too, in a worker (static/referee-worker.js). When
  // the server cannot answer a tap of the meld checker (no network, or no answer
  // within a second), the worker draws the checker's part of the page as the server
  // would have, from the same address, and the page says it was answered here. The
  // worker is started once the checker's page is idle; a phone keeps it unless it
  // was told not to, or says it saves data or has little memory.

  var KEEP = "push-referee:keep-referee";
  var WAIT_MS = 1000; // a tap's answer from the server, before the phone answers it
  var AWAY_MS = 10000; // then the phone answers the next taps at once, this long
  var referee = null; // {worker, ask, ready}
  var serverAwayUntil = 0;

  function keepsReferee() {
    var saved = null;
    try {
      saved = localStorage.getItem(KEEP);
    } catch (error) {
      // No storage: the phone's own hints decide.
    }
    if (saved) return saved === "on";
    if (navigator.connection && navigator.connection.saveData) return false;
    return !(navigator.deviceMemory && navigator.deviceMemory < 2);
  }

  function startReferee() {
    if (referee || !window.Worker || !keepsReferee()) return;
    var where = document.body.dataset;
    var worker = new Worker(where.refereeWorker, { type: "module" });
    var waiting = new Map();
    var next = 1;
    worker.addEventListener("message", function (event) {
      var answer = waiting.get(event.data.id);
      if (!answer) return;
      waiting.delete(event.data.id);
      if (event.data.error) answer.reject(new Error(event.data.error));
      else answer.resolve(event.data);
    });
    var started = {
      worker: worker,
      ready: false,
      ask: function (message) {
        return new Promise(function (resolve, reject) {
          var id = next++;
          waiting.set(id, { resolve: resolve, reject: reject });
          worker.postMessage(Object.assign({ id: id }, message));
        });
      },
    };
    referee = started;
    sayWhereTheRefereeStands();
    started.ask({ start: { runtime: where.refereeRuntime, rules: where.refereeRules } })
      .then(function () {
        started.ready = true;
        sayWhereTheRefereeStands();
      })
      .catch(function () {
        if (referee === started) stopReferee(false);
      });
  }

  // Any other page, once idle, has the service worker keep what the referee loads,
  // so the checker answers offline even if it was first opened with no network.
  function keepRefereeAhead() {
    var files = document.body.dataset.refereeFiles;
    var keeper = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!files || !keeper || !keepsReferee()) return;
    keeper.postMessage({ keep: files.split(" ") });
  }

  function stopReferee(forget) {
    if (referee) referee.worker.terminate();
    referee = null;
    if (forget && window.caches) {
      // What the service worker kept of it goes too: the phone asked for its room back.
      caches.keys().then(function (names) {
        names.filter(function (name) { return name.indexOf("referee-") === 0; })
          .forEach(function (name) { caches.delete(name); });
      });
    }
    sayWhereTheRefereeStands();
  }

  function sayWhereTheRefereeStands() {
    var status = document.getElementById("referee-status");
    var keep = document.getElementById("keep-referee");
    if (!status || !keep) return;
    var state = !referee ? "off" : referee.ready ? "ready" : "loading";
    status.textContent = status.dataset[state];
    status.dataset.state = state;
    status.hidden = false;
    keep.checked = !!referee;
    keep.closest("label").hidden = false;
  }

  function chooseToKeepReferee(event) {
    if (event.target.id !== "keep-referee") return;
    try {
      localStorage.setItem(KEEP, event.target.checked ? "on" : "off");
    } catch (error) {
      // Not kept across pages: this page follows the choice all the same.
    }
    if (event.target.checked) startReferee();
    else stopReferee(true);
  }

  function drawOnThePhone(form, path) {
    var query = path.indexOf("?") < 0 ? "" : path.slice(path.indexOf("?") + 1);
    return referee.ask({
      draw: {
        query: query,
        language: document.documentElement.lang,
        root: form.dataset.root,
        game: form.dataset.game || null,
      },
    }).then(function (answer) {
      var live = document.getElementById("checker-live");
      htmx.swap(live, answer.drawn.html, { swapStyle: "outerHTML" },
        { select: "#checker-live", selectOOB: "#checker-dock" });
      history.replaceState(history.state, "", answer.drawn.state);
      // The quiet mark: on the verdict's own line, pinned above the keypad.
      var line = document.querySelector("#checker-dock > p");
      if (!line) return;
      var mark = document.createElement("span");
      mark.className = "on-phone";
      mark.textContent = " · " + form.dataset.onPhone;
      line.appendChild(mark);
    });
  }

  // A tap of the checker goes to the server as always; the phone answers it when
  // the server cannot: at once with no network (or while the server was just away),
  // else when no answer came within WAIT_MS or the request failed.
  function answerOnThePhoneIfNeeded(event) {
    var form = event.detail.elt;
    if (!form || form.id !== "checker" || form.dataset.root === undefined) return;
    if (!referee || !referee.ready) return;
    var path = event.detail.pathInfo.finalRequestPath;
    if (!navigator.onLine || Date.now() < serverAwayUntil) {
      event.preventDefault();
      drawOnThePhone(form, path);
      return;
    }
    var xhr = event.detail.xhr;
    var drawn = false;
    function instead() {
      if (drawn) return;
      drawn = true;
      serverAwayUntil = Date.now() + AWAY_MS;
      drawOnThePhone(form, path);
    }
    var timer = setTimeout(function () {
      if (xhr.readyState !== 4) {
        xhr.abort();
        instead();
      }
    }, WAIT_MS);
    xhr.addEventListener("loadend", function () { clearTimeout(timer); });
    xhr.addEventListener("error", instead);
  }

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    shareButtons();
    document.body.addEventListener("htmx:beforeSwap", showRefusedSolve);
    document.body.addEventListener("htmx:afterSettle", showWhatMatters);
    joinFromLink();
    var form = document.querySelector("form[data-draft]");
    if (form) followDraft(form);
    var checker = document.getElementById("checker");
    var whenIdle = window.requestIdleCallback || function (then) { setTimeout(then, 1500); };
    if (!checker) whenIdle(keepRefereeAhead);
    if (checker && checker.dataset.root !== undefined) {
      document.body.addEventListener("htmx:beforeRequest", answerOnThePhoneIfNeeded);
      document.body.addEventListener("change", chooseToKeepReferee);
      sayWhereTheRefereeStands();
      // Once the page is idle: it never waits on the referee.
      whenIdle(startReferee);
    }
  });
})();
