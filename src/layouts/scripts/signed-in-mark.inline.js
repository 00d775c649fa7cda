// Runs in <head> before the first paint: marks <html data-signed-in> when
// localStorage.auth holds an unexpired token (spec §4: expires_time in seconds, strictly ahead of
// now), so the header shows the user control at once instead of 登录/注册 until a module loads.
// The header module (src/layouts/scripts/header-auth.ts) keeps the mark in step with the auth store. The
// storage key comes from the store's constant through data-auth-key (BaseLayout).
(function () {
  try {
    var auth = JSON.parse(localStorage.getItem(document.currentScript.dataset.authKey) || 'null');
    var token = auth && auth.token;
    if (token && typeof token.token === 'string' && token.token !== '' && token.expires_time * 1000 > Date.now()) {
      document.documentElement.setAttribute('data-signed-in', '');
    }
  } catch (e) {
    // No storage (privacy mode) or a damaged value: signed out, as the auth store reads it.
  }
})();
