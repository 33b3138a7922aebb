// A server-rendered page's start (api/pages/static.ts): the page is already in the HTML, so the app's
// script is fetched once the page and its lead image have loaded and been painted (the frame after
// the load event), and never competes with them for a phone's bandwidth or processor. Plain script,
// no module: it runs in every browser the app supports.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    // The first callback runs before the next paint, the second after it.
    requestAnimationFrame(function () {
      requestAnimationFrame(append);
    });
  }
  function signedIn() {
    try {
      return Boolean(window.localStorage.getItem('token'));
    } catch {
      // Storage refused (a private window's settings): a visitor, as far as this page knows.
      return false;
    }
  }
  function append() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // Someone signed in gets their own version of the page, drawn afresh by the app (pwa/main.tsx):
  // waiting would only show the visitor's page longer before replacing it, so the app starts now.
  if (signedIn()) append();
  else if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
