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
    // Said at the top of the form, and beside Save where the thumb is (the form's
    // class: the line beside Save is drawn with every tap, app.css shows it).
    function pending(waiting) {
      notSaved.hidden = !waiting;
      form.classList.toggle("pending", waiting);
    }
    var draft = drafts()[name];
    if (draft && draft.fields) {
      // Put the entry back and let the server (or, with no network, the phone) draw it
      // again (the "Work out" button).
      putBack(form, draft.fields);
      if (draft.pending) pending(true);
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
      pending(true);
      keep(true);
    });
    document.body.addEventListener("htmx:beforeSwap", function (event) {
      if (isSave(event)) pending(false);
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
  // the server cannot answer a tap of the meld checker or of a new deal's form (no
  // network, or no answer within a second), the worker draws the form's part of the
  // page as the server would have, from the same fields, and the checker says it was
  // answered here. The worker is started once the page is idle; a phone keeps it
  // unless it was told not to, or says it saves data or has little memory. Where
  // the phone cannot answer (no referee on it), the page says the tap needs the
  // network.

  var KEEP = "push-referee:keep-referee";
  var WAIT_MS = 1000; // a tap's answer from the server, before the phone answers it
  var AWAY_MS = 10000; // then the phone answers the next taps at once, this long
  var referee = null; // {worker, ask, ready, whenReady}
  var serverAwayUntil = 0;
  // The phone's answers, one after another in the order tapped: each reads the form
  // as the answer before it left it, so no tap is lost however fast they come.
  var onThePhone = Promise.resolve();

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
    started.whenReady = started.ask({ start: { runtime: where.refereeRuntime, rules: where.refereeRules } })
      .then(function () {
        started.ready = true;
        sayWhereTheRefereeStands();
      }, function (error) {
        if (referee === started) stopReferee(false);
        throw error;
      });
    started.whenReady.catch(function () { /* said on the page: checks need the network */ });
  }

  // The referee, once ready; started now if a tap needs it before the page was idle.
  function refereeReady() {
    if (!referee) startReferee();
    return referee ? referee.whenReady : Promise.reject(new Error("no referee on this phone"));
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

  // A tap the phone could not answer, with no network: said plainly, above the
  // pinned line, until an answer comes or the network is back.
  function sayNeedsNetwork(needed) {
    var line = document.getElementById("needs-network");
    if (line) line.hidden = !needed;
  }

  // The form a tap of the checker or of a new deal's form was made in, where the
  // page says what the phone draws it from (data-root).
  function answeredForm(event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || form.dataset.root === undefined) return null;
    return form.id === "checker" || form.id === "deal" ? form : null;
  }

  // What the tap sent that the form does not hold (the key tapped), and where its
  // answer goes, as htmx would have swapped the server's.
  function tapOf(event) {
    var sent = event.detail.requestConfig && event.detail.requestConfig.formData;
    var elt = event.detail.elt;
    var target = event.detail.target;
    function inherited(name) {
      var holder = elt.closest("[" + name + "]");
      return holder ? holder.getAttribute(name) : null;
    }
    return {
      press: sent && sent.has("press") ? sent.get("press") : null,
      target: target && target.id ? "#" + target.id : inherited("hx-target"),
      select: inherited("hx-select"),
      selectOOB: inherited("hx-select-oob"),
    };
  }

  function drawOnThePhone(form, tap) {
    var fields = new FormData(form);
    if (tap.press === null) fields.delete("press");
    else fields.set("press", tap.press);
    var deal = form.id === "deal";
    return referee.ask({
      draw: {
        page: deal ? "deal" : "checker",
        query: new URLSearchParams(fields).toString(),
        language: document.documentElement.lang,
        root: form.dataset.root,
        game: form.dataset.game || null,
      },
    }).then(function (answer) {
      htmx.swap(document.querySelector(tap.target), answer.drawn.html, { swapStyle: "outerHTML" },
        { select: tap.select, selectOOB: tap.selectOOB });
      sayNeedsNetwork(false);
      if (deal) return;
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

  // The tap answered on the phone, after the taps before it; or, with no referee on
  // the phone, the page says it needs the network.
  function answerOnThePhone(form, tap) {
    onThePhone = onThePhone
      .then(refereeReady)
      .then(function () { return drawOnThePhone(form, tap); })
      .catch(function () { sayNeedsNetwork(true); });
  }

  // A tap goes to the server as always; the phone answers it when the server cannot:
  // at once with no network (or while the server was just away), else when no answer
  // came within WAIT_MS (the phone's answer queued before the server's request is let
  // go, so the taps waiting behind it follow it) or the request failed. A Save is
  // never answered here: it waits for the network (see the drafts above).
  function answerOnThePhoneIfNeeded(event) {
    var form = answeredForm(event);
    if (!form || isSave(event)) return;
    if (!navigator.onLine || Date.now() < serverAwayUntil) {
      event.preventDefault();
      answerOnThePhone(form, tapOf(event));
      return;
    }
    if (!referee || !referee.ready) return;
    var xhr = event.detail.xhr;
    var tap = tapOf(event);
    var timer = setTimeout(function () {
      if (xhr.readyState === 4) return;
      serverAwayUntil = Date.now() + AWAY_MS;
      answerOnThePhone(form, tap);
      xhr.abort();
    }, WAIT_MS);
    xhr.addEventListener("loadend", function () { clearTimeout(timer); });
  }

  function answerWhatTheServerDidNot(event) {
    var form = answeredForm(event);
    if (!form || isSave(event)) return;
    serverAwayUntil = Date.now() + AWAY_MS;
    answerOnThePhone(form, tapOf(event));
  }

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    shareButtons();
    document.body.addEventListener("htmx:beforeSwap", showRefusedSolve);
    document.body.addEventListener("htmx:afterSettle", showWhatMatters);
    joinFromLink();
    var whenIdle = window.requestIdleCallback || function (then) { setTimeout(then, 1500); };
    var answered = document.querySelector("form#checker[data-root], form#deal[data-root]");
    if (!answered) whenIdle(keepRefereeAhead);
    if (answered) {
      // Before a kept entry is drawn again below: with no network, the phone draws it.
      document.body.addEventListener("htmx:beforeRequest", answerOnThePhoneIfNeeded);
      document.body.addEventListener("htmx:sendError", answerWhatTheServerDidNot);
      document.body.addEventListener("htmx:afterSwap", function () { sayNeedsNetwork(false); });
      window.addEventListener("online", function () {
        serverAwayUntil = 0;
        sayNeedsNetwork(false);
      });
      document.body.addEventListener("change", chooseToKeepReferee);
      sayWhereTheRefereeStands();
      // Once the page is idle: it never waits on the referee.
      whenIdle(startReferee);
    }
    var form = document.querySelector("form[data-draft]");
    if (form) followDraft(form);
  });
})();
