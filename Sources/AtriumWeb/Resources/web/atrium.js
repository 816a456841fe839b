// Atrium's progressive enhancements. Every page works without this file; with it, the board
// badge and the approvals list follow live events, and approval buttons act in place.
(function () {
  "use strict";
  var body = document.body;
  if (!body || !body.dataset.live) return;

  function refreshBadge() {
    fetch("/api/v1/me/badge", { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (badge) {
        if (!badge) return;
        var link = document.querySelector("[data-badge]");
        if (!link) return;
        var count = link.querySelector(".badge");
        if (badge.unread > 0) {
          if (!count) {
            count = document.createElement("span");
            count.className = "badge";
            link.appendChild(count);
          }
          count.textContent = String(badge.unread);
        } else if (count) {
          count.remove();
        }
      });
  }

  // Replaces a region of the page with the server's current one, keeping the rest.
  function refreshRegion(id) {
    var region = document.getElementById(id);
    if (!region) return;
    fetch(location.href, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
        if (fresh) region.replaceWith(fresh);
      });
  }

  function refreshApprovals() { refreshRegion("approvals-region"); }

  function showSensorValues(event) {
    var words = document.getElementById("sensor-words");
    var sensors;
    try { sensors = JSON.parse(event.data).sensors; } catch (error) { return; }
    if (!words || !sensors) return;
    document.querySelectorAll("[data-sensor]").forEach(function (tile) {
      var values = sensors[tile.getAttribute("data-sensor")];
      if (!values) return;
      Object.keys(values).forEach(function (kind) {
        var slot = tile.querySelector('[data-kind="' + kind + '"]');
        if (!slot) return;
        var number = Math.round(values[kind].value * 10) / 10;
        var prefix = slot.previousElementSibling ? " · " : "";
        slot.textContent = prefix + (Number.isInteger(number) ? number : number.toFixed(1)) + " " +
          slot.getAttribute("data-unit");
      });
      var seen = tile.querySelector("[data-seen]");
      if (seen && !tile.classList.contains("status-alerting")) {
        seen.textContent = words.getAttribute("data-ok") + " · " + words.getAttribute("data-just-now");
      }
      tile.classList.remove("status-silent");
      if (!tile.classList.contains("status-alerting")) tile.classList.add("status-ok");
    });
  }

  // "Find buildings near me": the browser asks the person first; the page comes back with
  // the fix (LAT,LON,ACCURACY_M,AGE_S) or, when the browser gives none, with the fallback.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-locate]") || !navigator.geolocation) return;
    event.preventDefault();
    var action = form.getAttribute("action");
    navigator.geolocation.getCurrentPosition(
      function (position) {
        var age = Math.max(0, (Date.now() - position.timestamp) / 1000);
        var fix = [position.coords.latitude, position.coords.longitude, position.coords.accuracy, age.toFixed(1)];
        location.assign(action + "?fix=" + encodeURIComponent(fix.join(",")));
      },
      function () { location.assign(action + "?fix=refused"); },
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 30000 });
  });

  // Approve, reject and reopen without leaving the page; the full form post still works.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-decision]")) return;
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) button.disabled = true;
    fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          form.submit();
          return;
        }
        refreshApprovals();
        refreshBadge();
      })
      .catch(function () { form.submit(); });
  });

  // Shows a chosen photo before it is uploaded.
  var photo = document.getElementById("photo");
  var preview = document.getElementById("photo-preview");
  if (photo && preview && window.URL) {
    photo.addEventListener("change", function () {
      if (photo.files && photo.files[0]) preview.src = URL.createObjectURL(photo.files[0]);
    });
  }

  // On touch screens a swipe is a shortcut to a row's buttons, which always show: left on a
  // pending row (approve, reject), right on a decided one (back to pending) marks the row and
  // moves the focus to its first button.
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
    body.classList.add("swipe");
    document.documentElement.classList.add("swipe");
    var startX = 0, startY = 0, row = null;
    document.addEventListener("touchstart", function (event) {
      row = event.target.closest ? event.target.closest("#approvals li[data-status]") : null;
      if (!row || event.touches.length !== 1) return;
      startX = event.touches[0].clientX;
      startY = event.touches[0].clientY;
    }, { passive: true });
    document.addEventListener("touchend", function (event) {
      if (!row || !event.changedTouches.length) return;
      var dx = event.changedTouches[0].clientX - startX;
      var dy = event.changedTouches[0].clientY - startY;
      if (Math.abs(dx) < 50 || Math.abs(dx) < Math.abs(dy)) return;
      var pending = row.dataset.status === "pending";
      if ((dx < 0 && pending) || (dx > 0 && !pending)) {
        row.classList.add("revealed", dx < 0 ? "from-right" : "from-left");
        var first = row.querySelector(".actions button, .actions summary");
        if (first) first.focus();
      } else {
        row.classList.remove("revealed", "from-right", "from-left");
      }
      row = null;
    }, { passive: true });
  }

  // Settings → "Notifications on this browser": subscribes with the browser's PushManager and
  // registers the subscription as this person's device (the forms post it), or unsubscribes.
  var push = document.getElementById("browser-push");
  if (push) {
    var state = document.getElementById("browser-push-state");
    var onForm = push.querySelector("form[data-browser-push=on]");
    var offForm = push.querySelector("form[data-browser-push=off]");
    var say = function (key, subscribed) {
      state.textContent = push.dataset[key];
      onForm.hidden = subscribed !== false;
      offForm.hidden = subscribed !== true;
    };
    var keyBytes = function (text) {
      var base64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
      var raw = atob(base64);
      var bytes = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
      return bytes;
    };
    var post = function (form, subscription) {
      form.querySelector("input[name=subscription]").value = JSON.stringify(subscription.toJSON());
      return fetch(form.action, {
        method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin"
      }).then(function (response) { if (!response.ok) throw new Error("refused"); });
    };
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      say("unsupported");
    } else {
      var ready = navigator.serviceWorker.register("/sw.js").then(function () { return navigator.serviceWorker.ready; });
      ready.then(function (registration) { return registration.pushManager.getSubscription(); })
        .then(function (subscription) {
          if (Notification.permission === "denied") say("denied", false);
          else say(subscription ? "on" : "off", Boolean(subscription));
        })
        .catch(function () { say("failed", false); });
      onForm.addEventListener("submit", function (event) {
        event.preventDefault();
        Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") return say(permission === "denied" ? "denied" : "off", false);
          return ready.then(function (registration) {
            return registration.pushManager.subscribe({
              userVisibleOnly: true, applicationServerKey: keyBytes(push.dataset.key)
            });
          }).then(function (subscription) { return post(onForm, subscription); })
            .then(function () { say("on", true); });
        }).catch(function () { say("failed", false); });
      });
      offForm.addEventListener("submit", function (event) {
        event.preventDefault();
        ready.then(function (registration) { return registration.pushManager.getSubscription(); })
          .then(function (subscription) {
            if (!subscription) return;
            return post(offForm, subscription).then(function () { return subscription.unsubscribe(); });
          })
          .then(function () { say("off", false); })
          .catch(function () { say("failed", true); });
      });
    }
  }

  // "Copy" beside a block shown once (a sensor's credentials).
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button || !navigator.clipboard) return;
    var block = document.getElementById(button.dataset.copy);
    if (block) navigator.clipboard.writeText(block.textContent);
  });

  if (window.EventSource) {
    var events = new EventSource("/api/v1/events");
    // Readable by tests, which wait for the stream to be open before they change something.
    window.atriumEvents = events;
    events.addEventListener("notice", refreshBadge);
    events.addEventListener("approvals", refreshApprovals);
    events.addEventListener("presence", function () { refreshRegion("presence-region"); });
    events.addEventListener("tasks", function () { refreshRegion("tasks-region"); });
    // A sensor's new values (at most once a second) are written into its tiles where they
    // stand, without asking the server; an alert changes a status, so the region is reloaded.
    events.addEventListener("sensorValues", showSensorValues);
    events.addEventListener("sensorAlert", function () {
      refreshRegion("sensors-region");
      refreshRegion("sensor-region");
    });
  }
})();
