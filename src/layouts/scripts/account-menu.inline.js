// The account menu below md, inline with its CSP hash: one button folds and unfolds the
// list of account screens; from md up the button is hidden and the list always shows.
(function () {
  var nav = document.querySelector('[data-account-menu]');
  var toggle = nav.querySelector('[data-account-menu-toggle]');
  toggle.addEventListener('click', function () {
    var open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    if (open) nav.setAttribute('data-open', '');
    else nav.removeAttribute('data-open');
  });
})();
