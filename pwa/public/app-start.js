// A server-rendered page's start (api/pages/static.ts): the page is already in the HTML, so the app's
// script is fetched once the page and its lead image have loaded and been painted (the frame after
// the load event), and never competes with them for a phone's bandwidth or processor. Plain script,
// no module: it runs in every browser the app supports.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  // The chunks the entry imports and the page's screen: fetched beside the entry, not after it.
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // The entry's own imports (React): each runs in a task of its own before the entry does, so no
  // single task holds the processor for all of them.
  var first = (script.getAttribute('data-first') || '').split(' ').filter(Boolean);
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
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    run(0);
  }
  function run(i) {
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = i < first.length ? first[i] : entry;
    // A module script's load event comes once it has run: the next one runs in a later task.
    if (i < first.length) module.onload = module.onerror = function () {
      run(i + 1);
    };
    document.head.appendChild(module);
  }
  // Someone signed in gets their own version of the page, drawn afresh by the app (pwa/main.tsx):
  // waiting would only show the visitor's page longer before replacing it, so the app starts now.
  if (signedIn()) append();
  else if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
