// The floating "back to top" button (spec §2 floating buttons), inline with its CSP hash.
document.querySelector('[data-back-to-top]').addEventListener('click', function () {
  scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
});
