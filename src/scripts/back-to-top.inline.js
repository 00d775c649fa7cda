// The floating buttons (spec §2), inline with its CSP hash: back to top, and below md the one
// 快捷服务 control that shows the others (issue 12); Escape, a tap outside or a choice closes it.
(function () {
  var nav = document.querySelector('[data-floating-buttons]');
  var toggle = nav.querySelector('[data-floating-toggle]');

  nav.querySelector('[data-back-to-top]').addEventListener('click', function () {
    scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    setOpen(false);
  });

  function setOpen(open) {
    toggle.setAttribute('aria-expanded', String(open));
    if (open) nav.setAttribute('data-open', '');
    else nav.removeAttribute('data-open');
  }

  toggle.addEventListener('click', function () {
    setOpen(toggle.getAttribute('aria-expanded') !== 'true');
  });
  document.addEventListener('pointerdown', function (event) {
    if (nav.hasAttribute('data-open') && !nav.contains(event.target)) setOpen(false);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || !nav.hasAttribute('data-open')) return;
    setOpen(false);
    toggle.focus();
  });
})();
