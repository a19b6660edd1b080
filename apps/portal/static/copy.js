// Copy buttons for values shown once (new API key, webhook signing secret).
(function () {
  'use strict';

  function announce(id, message) {
    var status = document.querySelector('[data-copy-status-for="' + id + '"]');
    if (status) status.textContent = message;
  }

  function fallbackCopy(input) {
    // Older browsers and non-secure contexts have no Clipboard API: select and copy instead.
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch (e) {
      return false;
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('button[data-copy-target]').forEach(function (button) {
      var id = button.getAttribute('data-copy-target');
      var input = document.getElementById(id);
      if (!input) return;
      var label = button.textContent;
      button.addEventListener('click', function () {
        var done = function () {
          button.textContent = 'Copied';
          announce(id, 'Copied to the clipboard.');
          setTimeout(function () {
            button.textContent = label;
          }, 2500);
        };
        var failed = function () {
          input.focus();
          input.select();
          announce(id, 'Could not copy automatically: the value is selected, press Ctrl+C (or ⌘C) to copy it.');
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(input.value).then(done, function () {
            if (fallbackCopy(input)) done();
            else failed();
          });
        } else if (fallbackCopy(input)) {
          done();
        } else {
          failed();
        }
      });
    });
  });
})();
