// Progressive enhancements for every portal page. Everything works without this file; it only
// moves focus to error summaries and asks before destructive actions.
(function () {
  'use strict';

  document.addEventListener('DOMContentLoaded', function () {
    // A form that failed validation: move focus to the summary so keyboard and screen-reader
    // users land on the list of problems.
    var summary = document.querySelector('.error-summary');
    if (summary) summary.focus();

    // Links inside the summary focus their field (the default jump scrolls but may not focus).
    document.querySelectorAll('.error-summary a[href^="#"]').forEach(function (link) {
      link.addEventListener('click', function (event) {
        var field = document.getElementById(link.getAttribute('href').slice(1));
        if (!field) return;
        event.preventDefault();
        var target = field.matches('fieldset') ? field.querySelector('input') : field;
        (target || field).focus();
      });
    });
  });

  // Revoke and delete forms carry data-confirm: one native confirmation, keyboard accessible.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    var question = form && form.getAttribute && form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
