/// The stylesheet and the live-update script (`Bundled/view.css`, `Bundled/view.js`), served
/// as files so the pages can forbid inline script (the Content-Security-Policy), which keeps
/// a name such as `<script>` inert even if escaping were ever missed.
///
/// The script listens for the server's change events and swaps in the page's new content;
/// without JavaScript (or events), the page is simply read again by reloading.
enum WebAssets {
    static var stylesheet: String { BundledFiles.viewCSS }
    static var script: String { BundledFiles.viewJS }
}
