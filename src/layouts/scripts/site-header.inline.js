// The phone header, inline with its CSP hash: the 搜索 and 菜单 buttons each open their
// panel under the bar. One panel at a time, so the two never stack; Escape or a tap outside the
// header closes it. From md up these buttons are hidden and the panels are ordinary header parts.
(function () {
  var header = document.querySelector('[data-site-header]');
  if (!header) return;
  var buttons = header.querySelectorAll('[data-header-toggle]');

  function setOpen(name) {
    header.setAttribute('data-open', name);
    buttons.forEach(function (button) {
      button.setAttribute('aria-expanded', String(button.getAttribute('data-header-toggle') === name));
    });
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var name = button.getAttribute('data-header-toggle');
      var opening = header.getAttribute('data-open') !== name;
      setOpen(opening ? name : '');
      // Opening the search is asking to type: the keyboard comes up at once.
      if (opening && name === 'search') document.getElementById('site-search').focus();
    });
  });

  // The 菜单 panel's 返回顶部 (the floating buttons' copy): scroll up, close the panel
  // and leave focus on the 菜单 button, not on a button that has just been hidden.
  var backToTop = header.querySelector('[data-menu-back-to-top]');
  if (backToTop) {
    backToTop.addEventListener('click', function () {
      scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      setOpen('');
      header.querySelector('[data-header-toggle="menu"]').focus({ preventScroll: true });
    });
  }

  document.addEventListener('keydown', function (event) {
    var name = header.getAttribute('data-open');
    // The search history popup takes its own Escape first (it calls preventDefault).
    if (event.key !== 'Escape' || !name || event.defaultPrevented) return;
    setOpen('');
    header.querySelector('[data-header-toggle="' + name + '"]').focus();
  });

  document.addEventListener('pointerdown', function (event) {
    if (header.getAttribute('data-open') && !header.contains(event.target)) setOpen('');
  });
})();
