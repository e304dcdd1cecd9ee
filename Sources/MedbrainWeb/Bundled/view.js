"use strict";
(function () {
  if (!window.EventSource || !window.fetch) return;
  var status = document.querySelector("[data-live]");
  var seen = document.body.getAttribute("data-changes");
  function refresh(count) {
    if (String(count) === seen) return;
    fetch(location.href, { headers: { "Accept": "text/html" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, "text/html");
        var main = next.querySelector("main");
        if (!main) return;
        var before = new Set(Array.prototype.map.call(document.querySelectorAll("main a[href^='/resources/']"), function (a) { return a.getAttribute("href"); }));
        document.querySelector("main").replaceWith(main);
        main.querySelectorAll("a[href^='/resources/']").forEach(function (a) {
          if (!before.has(a.getAttribute("href"))) { (a.closest("tr, li") || a).classList.add("fresh"); }
        });
        seen = next.body.getAttribute("data-changes");
        document.body.setAttribute("data-changes", seen);
        status.textContent = "Updated at " + new Date().toLocaleTimeString() + ".";
        status.classList.add("updated");
      })
      .catch(function () { status.textContent = "Could not read the page again; reload to see changes."; });
  }
  var events = new EventSource(document.body.getAttribute("data-events") || "/events");
  events.addEventListener("change", function (event) { refresh(event.data); });
  events.addEventListener("hello", function (event) { refresh(event.data); });
  events.onerror = function () { status.textContent = "Waiting for the server…"; };
})();
