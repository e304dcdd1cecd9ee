/// The stylesheet and the live-update script, served as files so the pages can forbid inline
/// script (the Content-Security-Policy), which keeps a name such as `<script>` inert even if
/// escaping were ever missed.
enum WebAssets {
    static let stylesheet = """
        :root { --tint: #007aff; --red: #d70015; --ink: #1c1c1e; --muted: #555; --line: #d0d0d5; --paper: #fff;
          font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 1.15rem; line-height: 1.5;
          color: var(--ink); background: var(--paper); }
        body { margin: 0 auto; max-width: 70rem; padding: 0 1rem 3rem; }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #ffd; padding: .5rem; }
        header { border-bottom: 2px solid var(--line); padding: .75rem 0; }
        header nav { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; }
        .home { font-weight: 700; font-size: 1.4rem; }
        .server, .live { color: var(--muted); font-size: .95rem; margin: 0; }
        .live.updated { color: var(--ink); font-weight: 600; }
        h1 { font-size: 2.2rem; margin: 1rem 0 .25rem; } h2 { font-size: 1.6rem; margin-top: 2rem; }
        a { color: #0056b3; } a:focus-visible { outline: 3px solid var(--tint); outline-offset: 2px; }
        code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .95rem; }
        pre { background: #f4f4f6; padding: 1rem; overflow-x: auto; border-radius: .4rem; }
        .scroll { overflow-x: auto; }
        p code, .server code { overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; }
        caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
        th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { border-bottom: 2px solid var(--ink); }
        tr.selected { background: #eef5ff; }
        .switch { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .75rem 0; }
        .switch a { padding: .2rem .7rem; border: 1px solid var(--line); border-radius: 1rem; text-decoration: none; }
        .switch a[aria-current] { background: var(--ink); color: var(--paper); border-color: var(--ink); }
        figure { margin: 1rem 0; } .chart { width: 100%; height: auto; max-height: 24rem; }
        .chart .grid { stroke: var(--line); stroke-width: 1; } .chart text { font-size: 14px; fill: var(--muted); }
        .chart .series { fill: none; stroke-width: 3; } .chart .taken { stroke: var(--tint); fill: var(--tint); }
        .chart .series.taken { fill: none; }
        .chart .not-taken { stroke: var(--red); fill: var(--red); } .chart .series.not-taken { fill: none; stroke-dasharray: 8 5; }
        .chart .observed { stroke: var(--tint); fill: var(--tint); } .chart .series.observed { fill: none; }
        .key::before { content: ""; display: inline-block; width: 1.5rem; height: .25rem; margin-right: .35rem; vertical-align: middle; }
        .key.taken::before { background: var(--tint); } .key.not-taken::before { background: var(--red); }
        ol.doses { padding-left: 1.5rem; } ol.doses li.not-taken .state { color: var(--red); font-weight: 600; }
        .fresh { animation: fresh 2s ease-out; } @keyframes fresh { from { background: #fff3b0; } }
        @media (prefers-reduced-motion: reduce) { .fresh { animation: none; } }
        @media (max-width: 40rem) { h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; } }
        """

    /// Listens for the server's change events and swaps in the page's new content; without
    /// JavaScript (or events), the page is simply read again by reloading.
    static let script = """
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
          var events = new EventSource("/events");
          events.addEventListener("change", function (event) { refresh(event.data); });
          events.addEventListener("hello", function (event) { refresh(event.data); });
          events.onerror = function () { status.textContent = "Waiting for the server…"; };
        })();
        """
}
