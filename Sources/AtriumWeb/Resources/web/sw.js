// Atrium's service worker: shows the push messages Atrium sends this browser (already worded
// in the person's language by the server) and opens the page a notification is about when it
// is clicked. It fetches nothing and caches nothing.
"use strict";

// The page a notification opens: a path of this site, never another origin ("//host" or a
// full URL in a message would leave the site). Anything else opens the home page.
function atriumTarget(data) {
  var path = data && typeof data.path === "string" ? data.path : "/";
  if (path.charAt(0) !== "/" || path.charAt(1) === "/" || path.charAt(1) === "\\") path = "/";
  return new URL(path, self.location.origin).href;
}
self.atriumTarget = atriumTarget;

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  var options = {
    body: typeof data.body === "string" ? data.body : "",
    // One notification per kind: a newer one replaces the last (the server merged what waited).
    tag: typeof data.kind === "string" ? data.kind : "atrium",
    renotify: true,
    lang: typeof data.lang === "string" ? data.lang : "",
    data: { url: atriumTarget(data) }
  };
  event.waitUntil(self.registration.showNotification(data.title || "Atrium", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = event.notification.data && event.notification.data.url ? event.notification.data.url : atriumTarget({});
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && "focus" in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
