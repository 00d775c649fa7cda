// Back to top of the floating buttons (spec §2), inline with its CSP hash. The 菜单 panel's copy
// of it is handled by site-header.inline.js, which also closes the panel.
(function () {
  document.querySelector('[data-floating-buttons] [data-back-to-top]').addEventListener('click', function () {
    scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  });
})();
