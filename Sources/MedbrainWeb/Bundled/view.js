"use strict";
(function () {
  if (!window.EventSource || !window.fetch) return;
  var status = document.querySelector("[data-live]");
  var seen = document.body.getAttribute("data-changes");
  // One read at a time: changes that come while the page is read are taken by one more read
  // after it, so a busy class does not pile reads up on a busy server.
  var reading = false, wanted = null;
  function refresh(count) {
    if (String(count) === seen) return;
    if (reading) { wanted = count; return; }
    reading = true;
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
      .catch(function () { status.textContent = "Could not read the page again; reload to see changes."; })
      .then(function () {
        reading = false;
        if (wanted !== null) { var next = wanted; wanted = null; update(next); }
      });
  }
  // The class's grid reads only the rows that changed, while its columns stay the same.
  var grid = document.querySelector("table.grid[data-columns]");
  function refreshRows(count) {
    if (String(count) === seen) return;
    if (reading) { wanted = count; return; }
    reading = true;
    var whole = null;
    fetch("/class/rows?since=" + encodeURIComponent(seen), { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
      .then(function (answer) {
        grid = document.querySelector("table.grid[data-columns]");
        // New columns (a lesson started): the whole page is read, once this read has ended.
        if (!grid || answer.columns !== grid.getAttribute("data-columns")) { whole = answer.changes; return; }
        answer.rows.forEach(function (row) {
          var old = grid.querySelector("tr[data-student='" + CSS.escape(row.student) + "']");
          var body = document.createElement("tbody");
          body.innerHTML = row.html;
          if (old && body.firstElementChild) { old.replaceWith(body.firstElementChild); }
        });
        document.getElementById("stuck").innerHTML = answer.stuck;
        document.getElementById("joined").textContent = answer.joined;
        seen = String(answer.changes);
        document.body.setAttribute("data-changes", seen);
        status.textContent = "Updated at " + new Date().toLocaleTimeString() + ".";
      })
      .catch(function () { status.textContent = "Could not read the class again; reload to see changes."; })
      .then(function () {
        reading = false;
        if (whole !== null) { seen = null; wanted = null; return refresh(whole); }
        if (wanted !== null) { var next = wanted; wanted = null; refreshRows(next); }
      });
  }
  var update = grid ? refreshRows : refresh;
  var events = new EventSource(document.body.getAttribute("data-events") || "/events");
  events.addEventListener("change", function (event) { update(event.data); });
  events.addEventListener("hello", function (event) { update(event.data); });
  events.onerror = function () { status.textContent = "Waiting for the server…"; };
})();
