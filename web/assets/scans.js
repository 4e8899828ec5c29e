// The scans page takes a video: a file dropped or picked (sent with a progress
// bar and a cancel button) or a pasted link, both with the session and its CSRF
// token in a header. New and in-flight rows follow their scan's pct and stage
// until the read is ready. Errors are said in plain words next to the form.
(function () {
  'use strict';
  var POLL_MS = 1500;

  function $(id) {
    return document.getElementById(id);
  }

  function megabytes(bytes) {
    return (Math.round((bytes / 1048576) * 10) / 10).toFixed(1) + ' MB';
  }

  function sentence(text) {
    var t = String(text || '').trim();
    if (!t) return '';
    t = t.charAt(0).toUpperCase() + t.slice(1);
    return /[.!?]$/.test(t) ? t : t + '.';
  }

  document.addEventListener('DOMContentLoaded', function () {
    var section = $('submit');
    if (!section) return;
    var csrf = section.getAttribute('data-csrf') || '';
    var limit = Number(section.getAttribute('data-upload-limit')) || Infinity;
    var errorBox = $('submit-error');
    var fileInput = $('file-input');
    var titleInput = $('title-input');
    var drop = $('drop-zone');
    var statusBox = $('upload-status');
    var bar = $('upload-progress');
    var barText = $('upload-text');
    var cancel = $('upload-cancel');
    var urlForm = $('url-form');
    var urlInput = $('url-input');
    var current = null;

    function showError(message) {
      errorBox.textContent = message;
      errorBox.hidden = false;
    }
    function clearError() {
      errorBox.textContent = '';
      errorBox.hidden = true;
    }

    /** A refused submission in plain words, from the status, the `{detail}` body and Retry-After. */
    function refusal(status, body, retryAfter) {
      var detail = body && typeof body.detail === 'string' ? body.detail : '';
      if (status === 0) return 'The upload did not reach Holdline: the connection closed. Check your connection and try again.';
      if (status === 413) return 'That file is too big: files up to ' + megabytes(limit) + ' are taken.';
      if (status === 429) {
        var wait = Number(retryAfter);
        if (/quota/i.test(detail))
          return 'You have used up this month\u2019s scans: ' + sentence(detail.replace(/^monthly scan quota/i, 'the monthly scan quota'));
        var when =
          Number.isFinite(wait) && wait > 0
            ? ' Try again at ' + new Date(Date.now() + wait * 1000).toLocaleTimeString() + ' (in ' + Math.ceil(wait) + ' s).'
            : ' Try again in a minute.';
        return 'Too many submissions in the last minute.' + when;
      }
      if (status >= 500) return 'Something went wrong on our side; try again shortly.';
      return sentence(detail) || 'The video was refused (HTTP ' + status + ').';
    }

    function parse(text) {
      try {
        return JSON.parse(text);
      } catch (e) {
        return null;
      }
    }

    function busy(on) {
      fileInput.disabled = on;
      urlInput.disabled = on;
      $('url-submit').disabled = on;
      drop.classList.toggle('disabled', on);
    }

    // ---- uploads ----
    function upload(file) {
      clearError();
      if (current) return;
      if (file.size > limit) {
        showError('That file is too big: ' + file.name + ' is ' + megabytes(file.size) + ', and files up to ' + megabytes(limit) + ' are taken.');
        return;
      }
      if (file.size === 0) {
        showError('That file is empty: ' + file.name + ' has no bytes to scan.');
        return;
      }
      var form = new FormData();
      var title = titleInput.value.trim();
      if (title) form.append('title', title);
      form.append('file', file, file.name);
      var xhr = new XMLHttpRequest();
      current = xhr;
      busy(true);
      statusBox.hidden = false;
      bar.value = 0;
      bar.max = 100;
      barText.textContent = 'Uploading ' + file.name + ': 0.0 of ' + megabytes(file.size) + ' (0%)';
      xhr.upload.addEventListener('progress', function (event) {
        var total = event.lengthComputable ? event.total : file.size;
        var pct = total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0;
        bar.value = pct;
        barText.textContent =
          'Uploading ' + file.name + ': ' + megabytes(Math.min(event.loaded, file.size)) + ' of ' + megabytes(file.size) + ' (' + pct + '%)';
      });
      xhr.upload.addEventListener('load', function () {
        // Every byte is sent: the server may be queuing the scan now, so it can no longer be called off.
        cancel.disabled = true;
        barText.textContent = 'Uploaded ' + file.name + '; queuing the scan\u2026';
      });
      function done() {
        current = null;
        cancel.disabled = false;
        busy(false);
        statusBox.hidden = true;
        fileInput.value = '';
      }
      xhr.addEventListener('load', function () {
        var body = parse(xhr.responseText);
        done();
        if (xhr.status === 202 && body && body.scan_id) {
          titleInput.value = '';
          addRow(body.scan_id, title || null);
        } else {
          showError(refusal(xhr.status, body, xhr.getResponseHeader('retry-after')));
        }
      });
      xhr.addEventListener('error', function () {
        done();
        showError(refusal(0, null, null));
      });
      xhr.addEventListener('abort', function () {
        done();
        barText.textContent = '';
        showCancelled(file.name);
      });
      xhr.open('POST', '/scans/upload');
      xhr.setRequestHeader('x-csrf-token', csrf);
      xhr.send(form);
    }

    function showCancelled(name) {
      errorBox.hidden = true;
      var note = $('upload-cancelled');
      if (!note) {
        note = document.createElement('p');
        note.id = 'upload-cancelled';
        note.className = 'notice';
        errorBox.parentNode.insertBefore(note, errorBox);
      }
      note.textContent = 'Upload of ' + name + ' cancelled: nothing was kept and no scan was counted.';
      note.hidden = false;
    }

    cancel.addEventListener('click', function () {
      if (current) current.abort();
    });
    fileInput.addEventListener('change', function () {
      var note = $('upload-cancelled');
      if (note) note.hidden = true;
      if (fileInput.files && fileInput.files[0]) upload(fileInput.files[0]);
    });
    ['dragenter', 'dragover'].forEach(function (name) {
      drop.addEventListener(name, function (event) {
        event.preventDefault();
        if (!current) drop.classList.add('over');
      });
    });
    ['dragleave', 'drop'].forEach(function (name) {
      drop.addEventListener(name, function () {
        drop.classList.remove('over');
      });
    });
    drop.addEventListener('drop', function (event) {
      event.preventDefault();
      var files = event.dataTransfer && event.dataTransfer.files;
      if (files && files[0] && !current) upload(files[0]);
    });

    // ---- links ----
    urlForm.addEventListener('submit', function (event) {
      event.preventDefault();
      clearError();
      var url = urlInput.value.trim();
      var title = titleInput.value.trim();
      var payload = { url: url };
      if (title) payload.title = title;
      busy(true);
      fetch('/scans/url', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(payload),
      })
        .then(
          function (response) {
            return response.text().then(function (text) {
              var body = parse(text);
              if (response.status === 202 && body && body.scan_id) {
                urlInput.value = '';
                titleInput.value = '';
                addRow(body.scan_id, title || null);
              } else {
                showError(refusal(response.status, body, response.headers.get('retry-after')));
              }
            });
          },
          function () {
            showError('Holdline could not be reached; check your connection and try again.');
          },
        )
        .then(function () {
          busy(false);
        });
    });

    // ---- live rows ----
    var table = $('scans');
    var tbody = table.tBodies[0];

    function cell(text) {
      var td = document.createElement('td');
      if (text) td.textContent = text;
      return td;
    }

    function countOne() {
      var left = $('scans-left');
      if (!left) return;
      var n = Math.max(0, Number(left.getAttribute('data-left')) - 1);
      left.setAttribute('data-left', String(n));
      left.textContent = n + (n === 1 ? ' scan' : ' scans') + ' left';
    }

    function addRow(scanId, title) {
      countOne();
      var empty = $('no-scans');
      if (empty) empty.hidden = true;
      table.hidden = false;
      var tr = document.createElement('tr');
      tr.setAttribute('data-scan-id', scanId);
      tr.setAttribute('data-live', '');
      tr.setAttribute('data-mine', '');
      var first = document.createElement('td');
      var link = document.createElement('a');
      link.href = '/scans/' + encodeURIComponent(scanId);
      link.textContent = title || scanId;
      first.appendChild(link);
      tr.appendChild(first);
      tr.appendChild(cell(''));
      tr.appendChild(cell(''));
      tr.appendChild(cell(''));
      tr.appendChild(cell('just now'));
      // Drawn as every live row is, queued, until the first poll brings its stage (a short scan
      // may be complete by then).
      draw(tr, { status: 'queued', stage: 'queued', pct: 0 });
      tbody.insertBefore(tr, tbody.firstChild);
      schedule();
    }

    function clock(seconds) {
      var s = Math.round(seconds);
      return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
    }

    function draw(tr, scan) {
      var cells = tr.cells;
      var state = cells[1];
      tr.setAttribute('data-status', scan.status);
      state.textContent = '';
      if (scan.status === 'complete') {
        tr.removeAttribute('data-live');
        var open = document.createElement('a');
        open.href = scan.href;
        open.className = 'open-read';
        open.textContent = 'complete: open the read';
        state.appendChild(open);
        cells[2].textContent = '';
        var grade = document.createElement('span');
        grade.className = 'grade';
        grade.textContent = scan.grade;
        cells[2].appendChild(grade);
        cells[2].appendChild(document.createTextNode(' ' + scan.score + ' \u00b7 ' + scan.label));
        cells[3].textContent = typeof scan.duration_sec === 'number' ? clock(scan.duration_sec) : '';
        return;
      }
      if (scan.status === 'error') {
        tr.removeAttribute('data-live');
        state.textContent = 'error: ' + scan.detail;
        state.className = 'failed';
        if (tr.hasAttribute('data-mine')) {
          showError('The scan of ' + (scan.title || scan.scan_id) + ' failed. ' + sentence(scan.detail));
        }
        return;
      }
      var stage = document.createElement('span');
      stage.className = 'stage';
      stage.textContent = scan.stage;
      var pct = document.createElement('span');
      pct.className = 'pct';
      pct.textContent = ' ' + scan.pct + '%';
      var rowBar = document.createElement('progress');
      rowBar.max = 100;
      rowBar.value = scan.pct;
      state.appendChild(stage);
      state.appendChild(pct);
      state.appendChild(rowBar);
    }

    var timer = null;
    function schedule() {
      if (timer === null) timer = setTimeout(poll, POLL_MS);
    }

    function poll() {
      timer = null;
      var rows = Array.prototype.slice.call(tbody.querySelectorAll('tr[data-live]'));
      if (rows.length === 0) return;
      Promise.all(
        rows.map(function (tr) {
          var id = tr.getAttribute('data-scan-id');
          return fetch('/scans/' + encodeURIComponent(id) + '/status', { credentials: 'same-origin', headers: { accept: 'application/json' } })
            .then(function (response) {
              if (response.status === 404) {
                tr.removeAttribute('data-live');
                return null;
              }
              if (response.status === 401) {
                tr.removeAttribute('data-live');
                showError('You are signed out; sign in again to follow your scans.');
                return null;
              }
              return response.ok ? response.json() : null;
            })
            .then(
              function (scan) {
                if (scan) draw(tr, scan);
              },
              function () {
                /* a missed poll is retried on the next one */
              },
            );
        }),
      ).then(schedule);
    }

    if (tbody.querySelector('tr[data-live]')) poll();
  });
})();
