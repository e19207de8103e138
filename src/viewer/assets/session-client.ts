/**
 * The session page's script (inlined by `html` with its hash in the page's policy, served by `serve`).
 * It renders transcripts lazily: items come from `<script type="application/json" class="chunk">` blocks
 * (never executed), a chunk is parsed and inserted when the end of what is shown comes near the screen,
 * subagent transcripts when their card is opened, and a link to a message renders what leads to it.
 * The HTML of the items was escaped when the page was written; this script adds no markup of its own
 * from the data. With `data-live` on `<body>` it follows the session over server-sent events.
 */
export const sessionClientJs = `(function () {
  'use strict';
  var metaEl = document.getElementById('viewer-meta');
  if (!metaEl) return;
  var meta = JSON.parse(metaEl.textContent || '{}');
  var chunkSize = meta.chunkSize || 100;
  var store = new Map();
  var states = new Map();
  document.querySelectorAll('script.chunk').forEach(function (el) {
    var t = Number(el.getAttribute('data-t'));
    var c = Number(el.getAttribute('data-c'));
    if (!store.has(t)) store.set(t, []);
    store.get(t)[c] = el;
  });
  function chunk(t, c) {
    var list = store.get(t) || [];
    var value = list[c];
    if (value && !Array.isArray(value)) {
      value = JSON.parse(value.textContent || '[]');
      list[c] = value;
    }
    return value;
  }
  function total(t) {
    return (meta.itemCounts && meta.itemCounts[t]) || 0;
  }
  function item(t, i) {
    var items = chunk(t, Math.floor(i / chunkSize));
    return items ? items[i % chunkSize] : undefined;
  }
  function itemNode(item) {
    var tpl = document.createElement('template');
    tpl.innerHTML = item[1];
    var div = document.createElement('div');
    div.className = 'item';
    div.setAttribute('data-key', item[0]);
    div.appendChild(tpl.content);
    return div;
  }
  var observer = new IntersectionObserver(
    function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        var t = Number(entry.target.getAttribute('data-t'));
        renderNext(t);
      });
    },
    { rootMargin: '1500px 0px' },
  );
  function init(t, container) {
    if (states.has(t)) return states.get(t);
    var sentinel = document.createElement('div');
    sentinel.className = 'sentinel';
    sentinel.setAttribute('data-t', String(t));
    container.appendChild(sentinel);
    var st = { container: container, sentinel: sentinel, html: [] };
    states.set(t, st);
    renderNext(t);
    return st;
  }
  function renderNext(t) {
    var st = states.get(t);
    if (!st) return false;
    var start = st.html.length;
    var end = Math.min(start + chunkSize, total(t));
    observer.unobserve(st.sentinel);
    if (start >= end) {
      updateProgress();
      return false;
    }
    var frag = document.createDocumentFragment();
    for (var i = start; i < end; i++) {
      var it = item(t, i);
      if (!it) break;
      frag.appendChild(itemNode(it));
      st.html.push(it[1]);
    }
    st.container.insertBefore(frag, st.sentinel);
    // Observing again reports the sentinel's current state: still near the screen means render more.
    if (st.html.length < total(t)) observer.observe(st.sentinel);
    updateProgress();
    return true;
  }
  function renderAll(t) {
    var st = states.get(t);
    while (st && renderNext(t)) {}
  }
  function updateProgress() {
    var el = document.getElementById('render-progress');
    var st = states.get(0);
    if (!el || !st) return;
    var total = meta.itemCounts ? meta.itemCounts[0] : 0;
    el.textContent = st.html.length >= total ? 'all ' + total + ' entries shown' : st.html.length + ' of ' + total + ' entries shown';
  }
  function openSubagent(details) {
    var t = Number(details.getAttribute('data-t'));
    var container = details.querySelector(':scope > .transcript');
    if (container) init(t, container);
  }
  document.addEventListener(
    'toggle',
    function (event) {
      var el = event.target;
      if (el && el.classList && el.classList.contains('subagent') && el.open) openSubagent(el);
    },
    true,
  );
  function reveal(t, index) {
    if (t !== 0) {
      var parent = meta.parents[t];
      if (!parent) return;
      reveal(parent[0], parent[1]);
      var details = document.querySelector('details.subagent[data-t="' + t + '"]');
      if (!details) return;
      details.open = true;
      openSubagent(details);
    }
    var st = states.get(t);
    while (st && st.html.length <= index && renderNext(t)) {}
  }
  function goToHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target && meta.anchors[id]) {
      reveal(meta.anchors[id][0], meta.anchors[id][1]);
      target = document.getElementById(id);
    }
    if (!target) return;
    var closed = target.closest('details:not([open])');
    while (closed) {
      closed.open = true;
      closed = closed.parentElement ? closed.parentElement.closest('details:not([open])') : null;
    }
    document.querySelectorAll('.target-hit').forEach(function (el) {
      el.classList.remove('target-hit');
    });
    target.classList.add('target-hit');
    target.scrollIntoView({ block: 'center' });
  }
  var main = document.querySelector('.transcript[data-t="0"]');
  if (main) init(0, main);
  var showAll = document.getElementById('show-all');
  if (showAll)
    showAll.addEventListener('click', function () {
      renderAll(0);
    });
  var expand = document.getElementById('expand-subagents');
  if (expand)
    expand.addEventListener('click', function () {
      document.querySelectorAll('details.subagent').forEach(function (d) {
        d.open = true;
        openSubagent(d);
      });
    });
  window.addEventListener('hashchange', goToHash);
  goToHash();
  window.agentlogViewer = { renderAll: renderAll, reveal: reveal };

  var live = document.body.getAttribute('data-live');
  var dataUrl = document.body.getAttribute('data-live-data');
  if (!live || !dataUrl || !window.EventSource) return;
  var indicator = document.getElementById('live-indicator');
  var source = new EventSource(live);
  var busy = false;
  var again = false;
  source.addEventListener('update', function () {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    update().finally(function () {
      busy = false;
      if (again) {
        again = false;
        source.dispatchEvent(new Event('update'));
      }
    });
  });
  source.addEventListener('open', function () {
    if (indicator) indicator.textContent = '● live';
  });
  source.addEventListener('error', function () {
    if (indicator) indicator.textContent = '○ reconnecting';
  });
  function update() {
    return fetch(dataUrl, { headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (data) {
        if (data) apply(data);
      });
  }
  function apply(data) {
    var atEnd = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
    var header = document.getElementById('session-header');
    if (header) {
      var tpl = document.createElement('template');
      tpl.innerHTML = data.header;
      header.replaceChildren(tpl.content);
    }
    meta.anchors = data.anchors;
    meta.parents = data.parents;
    var previous = meta.itemCounts || [];
    meta.itemCounts = data.transcripts.map(function (items) {
      return items.length;
    });
    store = new Map();
    data.transcripts.forEach(function (items, t) {
      var chunks = [];
      for (var i = 0; i < items.length; i += chunkSize) chunks.push(items.slice(i, i + chunkSize));
      store.set(t, chunks);
    });
    states.forEach(function (st, t) {
      var items = data.transcripts[t] || [];
      var nodes = Array.prototype.slice.call(st.container.children).filter(function (n) {
        return n.classList.contains('item');
      });
      var shownAll = st.html.length >= previous[t];
      var keep = Math.min(nodes.length, items.length);
      var html = [];
      for (var i = 0; i < keep; i++) {
        if (nodes[i].getAttribute('data-key') !== items[i][0] || st.html[i] !== items[i][1])
          st.container.replaceChild(itemNode(items[i]), nodes[i]);
        html.push(items[i][1]);
      }
      for (var j = keep; j < nodes.length; j++) nodes[j].remove();
      st.html = html;
      var end = shownAll ? items.length : html.length;
      var frag = document.createDocumentFragment();
      for (var k = html.length; k < end; k++) {
        frag.appendChild(itemNode(items[k]));
        st.html.push(items[k][1]);
      }
      st.container.insertBefore(frag, st.sentinel);
      observer.unobserve(st.sentinel);
      if (st.html.length < items.length) observer.observe(st.sentinel);
    });
    updateProgress();
    if (atEnd) window.scrollTo(0, document.body.scrollHeight);
  }
})();
`;
