// Draws a scan's timeline as inline SVG: four series, cuts as vertical lines,
// dead stretches shaded, dips hatched under a strip (their advice on hover and
// on tap), moments marked. Data comes from #plot-data (JSON).
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var W = 1000,
    H = 320,
    L = 36,
    R = 12,
    T = 12,
    B = 28;
  var SERIES = ['loudness', 'motion', 'speech', 'hold'];

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) node.setAttribute(k, String(attrs[k]));
    if (parent) parent.appendChild(node);
    return node;
  }

  function player() {
    return document.getElementById('player');
  }

  function seekTo(seconds) {
    var video = player();
    if (!video) return;
    video.currentTime = seconds;
    video.scrollIntoView({ block: 'nearest' });
  }

  function clock(s) {
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  // Drawn at the host's own pixel width (and again when it changes), so labels keep
  // their shape on a phone instead of being stretched by a fixed viewBox.
  function draw(host, data, shown) {
    var n = data.series.hold.length;
    var span = Math.max(n, 1);
    var W = Math.max(280, Math.round(host.clientWidth || 1000));
    var H = W < 640 ? 220 : 320;
    var x = function (s) {
      return L + (s / span) * (W - L - R);
    };
    var y = function (v) {
      return T + (1 - v / 100) * (H - T - B);
    };
    var svg = el('svg', { viewBox: '0 0 ' + W + ' ' + H, class: 'plot-svg', width: W, height: H });

    var grid = el('g', { class: 'grid' }, svg);
    [0, 30, 50, 100].forEach(function (v) {
      el('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 30 ? 'floor' : 'gridline' }, grid);
      el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, grid).textContent = String(v);
    });
    var maxTicks = Math.max(3, Math.floor((W - L - R) / 60));
    var step =
      [1, 2, 5, 10, 15, 30, 60, 120, 300, 600].find(function (s) {
        return span / s <= maxTicks;
      }) || 1200;
    for (var s = 0; s <= span; s += step) {
      el('text', { x: x(s), y: H - 8, 'text-anchor': 'middle' }, grid).textContent = clock(s);
    }

    var dead = el('g', { class: 'dead' }, svg);
    data.dead.forEach(function (d) {
      el('rect', { x: x(d.start), y: T, width: Math.max(1, x(d.end) - x(d.start)), height: H - T - B }, dead);
    });
    // Dips are hatched with a strip along the top, so they read apart from the flat
    // shading of dead stretches (every dead stretch is also a dip).
    var defs = el('defs', {}, svg);
    var hatch = el('pattern', { id: 'dip-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'hatch' }, hatch);
    var dips = el('g', { class: 'dips' }, svg);
    (data.dips || []).forEach(function (d) {
      var width = Math.max(2, x(d.end) - x(d.start));
      var span = el('rect', { x: x(d.start), y: T, width: width, height: H - T - B, class: 'span', fill: 'url(#dip-hatch)' }, dips);
      el('rect', { x: x(d.start), y: T, width: width, height: 6, class: 'strip' }, dips);
      el('title', {}, span).textContent = 'dip ' + clock(d.start) + '–' + clock(d.end) + ': ' + d.advice;
    });
    var cuts = el('g', { class: 'cuts' }, svg);
    data.cuts.forEach(function (c) {
      el('line', { x1: x(c), x2: x(c), y1: T, y2: H - B }, cuts);
    });
    // Hold is drawn last and heaviest; the three ingredients sit lighter underneath.
    SERIES.forEach(function (name) {
      var values = data.series[name];
      var points = values
        .map(function (v, t) {
          return x(t + 0.5).toFixed(1) + ',' + y(v).toFixed(1);
        })
        .join(' ');
      var line = el('polyline', { points: points, class: 'series ' + name, 'data-series': name }, svg);
      if (name !== 'hold' && !shown[name]) line.setAttribute('visibility', 'hidden');
    });
    var moments = el('g', { class: 'moments' }, svg);
    data.moments.forEach(function (m) {
      var c = el('circle', { cx: x(m.second + 0.5), cy: y(m.hold), r: 6 }, moments);
      el('title', {}, c).textContent = 'moment at ' + clock(m.second) + ', hold ' + m.hold;
    });

    var guide = el('line', { class: 'guide', y1: T, y2: H - B, x1: -10, x2: -10 }, svg);
    var readout = document.createElement('p');
    readout.className = 'readout';
    readout.textContent = 'Hover or tap the plot to read a second.';
    // The advice of the dip under the pointer: a tap has no hover title, so it is written out.
    var dipNote = document.createElement('p');
    dipNote.className = 'dip-note';
    dipNote.hidden = true;
    var play = document.createElement('button');
    play.type = 'button';
    play.className = 'secondary play-from';
    play.hidden = true;
    var picked = 0;
    play.addEventListener('click', function () {
      seekTo(picked);
    });

    function secondAt(event) {
      var box = svg.getBoundingClientRect();
      var sx = ((event.clientX - box.left) / box.width) * W;
      return Math.min(n - 1, Math.max(0, Math.floor(((sx - L) / (W - L - R)) * span)));
    }
    function read(event) {
      var t = secondAt(event);
      picked = t;
      guide.setAttribute('x1', x(t + 0.5));
      guide.setAttribute('x2', x(t + 0.5));
      readout.textContent =
        t +
        ' s: ' +
        SERIES.slice()
          .reverse()
          .map(function (k) {
            return k + ' ' + data.series[k][t];
          })
          .join(', ');
      var dip = (data.dips || []).find(function (d) {
        return t >= d.start && t < d.end;
      });
      dipNote.hidden = !dip;
      dipNote.textContent = dip ? 'Dip ' + clock(dip.start) + '–' + clock(dip.end) + ': ' + dip.advice : '';
      if (player()) {
        play.hidden = false;
        play.textContent = 'Play from ' + clock(t);
      }
    }
    // Pointer events serve the mouse, the pen and the finger alike: hovering or
    // touching reads a second; a mouse click plays from it, a tap offers the button.
    svg.addEventListener('pointermove', read);
    svg.addEventListener('pointerdown', read);
    svg.addEventListener('click', function (event) {
      if (event.pointerType !== 'touch') seekTo(secondAt(event));
    });

    host.replaceChildren(svg, readout, dipNote, play);
  }

  function toggles(host, data, shown) {
    var box = document.createElement('div');
    box.className = 'plot-toggles';
    ['motion', 'loudness', 'speech'].forEach(function (name) {
      var label = document.createElement('label');
      label.className = name;
      var input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = shown[name];
      input.setAttribute('data-toggle', name);
      input.addEventListener('change', function () {
        shown[name] = input.checked;
        var line = host.querySelector('polyline[data-series=' + name + ']');
        if (line) line.setAttribute('visibility', input.checked ? 'visible' : 'hidden');
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + name));
      box.appendChild(label);
    });
    return box;
  }

  document.addEventListener('DOMContentLoaded', function () {
    var host = document.getElementById('plot');
    var source = document.getElementById('plot-data');
    if (host && source) {
      var data = JSON.parse(source.textContent);
      var shown = { motion: true, loudness: true, speech: true };
      draw(host, data, shown);
      host.parentNode.insertBefore(toggles(host, data, shown), host.nextSibling);
      var width = host.clientWidth;
      window.addEventListener('resize', function () {
        if (host.clientWidth !== width) {
          width = host.clientWidth;
          draw(host, data, shown);
        }
      });
    }
    document.querySelectorAll('[data-seek]').forEach(function (link) {
      link.addEventListener('click', function (event) {
        if (!player()) return;
        event.preventDefault();
        seekTo(Number(link.getAttribute('data-seek')));
      });
    });
  });
})();
