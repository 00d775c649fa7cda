// The console's result line after a reload (src/platform/ui/console/ops-flash.ts parks it), inline with
// its CSP hash: shown once in the layout's status line, then forgotten.
(function () {
  var line = document.getElementById('ops-flash');
  var text = null;
  try {
    text = sessionStorage.getItem('ops-flash');
    sessionStorage.removeItem('ops-flash');
  } catch (error) {
    return;
  }
  if (!line || !text) return;
  line.textContent = text;
  setTimeout(function () {
    line.textContent = '';
  }, 6000);
})();
