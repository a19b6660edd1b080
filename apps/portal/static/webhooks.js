// Webhook pages: after an action (test event, replay, edit, rotation, re-enable) the page opens
// with a status message marked data-focus-on-load; focus moves there so keyboard and screen-reader
// users land on the result. A form with errors keeps portal.js's focus on its error summary.
(function () {
  'use strict';

  document.addEventListener('DOMContentLoaded', function () {
    if (document.querySelector('.error-summary')) return;
    var result = document.querySelector('[data-focus-on-load]');
    if (result) result.focus();
  });
})();
