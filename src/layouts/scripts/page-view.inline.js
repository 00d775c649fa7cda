// Spec §2: after each navigation the page is at the top and a page view is reported to our
// collector; the same script runs the top progress bar (a class on <html> from a link click or a
// form submit until the next page shows). It ships inline, as written, with its CSP hash
// (layouts/parts/InlineScript.astro); its settings come from its own data attributes.
(function () {
  var me = document.currentScript, collectorPath = me.dataset.collector, k = me.dataset.sessionKey;
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  if (!location.hash) scrollTo(0, 0);
  var d = document.documentElement, s;
  try {
    s = sessionStorage.getItem(k);
    if (!s || !/^[A-Za-z0-9]{32}$/.test(s)) {
      s = Array.from(crypto.getRandomValues(new Uint8Array(16)), function (b) { return (b + 256).toString(16).slice(1); }).join('');
      sessionStorage.setItem(k, s);
    }
  } catch (e) { s = undefined; }
  // sem as src/features/analytics/tracking/channel.ts semOf reads it: this URL's channel, else the one kept (channelInfo).
  var q = new URLSearchParams(location.search), kept = null;
  try { kept = JSON.parse(localStorage.getItem('channelInfo') || 'null'); } catch (e) {}
  var sem = q.get('a') || q.get('sourceid') || (q.get('bd_vid') ? 'baidu' : q.get('qhclickid') ? 'qihu360' : (kept && kept.channel) || null);
  var body = JSON.stringify({ kind: 'pageview', name: d.dataset.route, title: document.title, path: location.pathname, sessionId: s, prevPage: document.referrer || null, sem: sem && String(sem).slice(0, 64) });
  if (!(navigator.sendBeacon && navigator.sendBeacon(collectorPath, new Blob([body], { type: 'application/json' })))) {
    fetch(collectorPath, { method: 'POST', body: body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(function () {});
  }
  addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[href]');
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || a.target || a.hasAttribute('download') || a.origin !== location.origin || a.getAttribute('href').charAt(0) === '#') return;
    d.classList.add('is-navigating');
  });
  addEventListener('submit', function () { d.classList.add('is-navigating'); });
  addEventListener('pageshow', function () { d.classList.remove('is-navigating'); });
})();
