// The rental hall's filters on phones: the 筛选 button opens them as a sheet over the
// results, 关闭 or Escape closes it and focus goes back to the button. The filters themselves are
// links and a GET form, so the sheet only shows and hides them. From md up the button is hidden
// and the same markup is laid out inline, so this script never changes anything there.
(function () {
  var drawer = document.querySelector('[data-filter-drawer]');
  if (!drawer) return;

  function opener() {
    return document.querySelector('[data-filter-drawer-open]');
  }

  function setOpen(open) {
    if (open) {
      drawer.setAttribute('data-open', '');
      // Dialog semantics only while it is a sheet: inline on desktop it is an ordinary section.
      drawer.setAttribute('role', 'dialog');
      drawer.setAttribute('aria-modal', 'true');
      drawer.setAttribute('aria-labelledby', 'hall-filter-drawer-title');
      // The page behind does not scroll under the sheet.
      document.documentElement.style.overflow = 'hidden';
      drawer.querySelector('[data-filter-drawer-close]').focus();
    } else {
      drawer.removeAttribute('data-open');
      drawer.removeAttribute('role');
      drawer.removeAttribute('aria-modal');
      drawer.removeAttribute('aria-labelledby');
      document.documentElement.style.overflow = '';
    }
    var button = opener();
    if (!button) return;
    button.setAttribute('aria-expanded', String(open));
    if (!open) button.focus();
  }

  // Delegated: this script runs where the drawer is, before the sort bar holding the button.
  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest('[data-filter-drawer-open]')) setOpen(true);
    else if (target.closest('[data-filter-drawer-close]')) setOpen(false);
  });

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape' || !drawer.hasAttribute('data-open') || event.defaultPrevented) return;
    setOpen(false);
  });
})();
