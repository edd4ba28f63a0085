extension PreviewPage {
    /// The page's behaviour. State lives in `state`; `show` puts one frame
    /// on screen (PNG, exact), `play` runs playback (JPEG or PNG, frames
    /// requested ahead so the render pool works in parallel), and the event
    /// stream reloads the scene and shows the same time again. `window.strata`
    /// exposes the state and `seek` for tests.
    static let script = #"""
    'use strict';
    const $ = (id) => document.getElementById(id);
    const img = $('frame'), slider = $('slider'), svg = $('outline');
    const state = {
      scene: null, version: 0, time: 0, canvas: 'authored', zoom: 'fit', format: 'jpg',
      playing: false, selected: null, tree: null, outlines: null, shownURL: null, pending: null,
    };

    function fps() { return state.scene && state.scene.canvas ? state.scene.canvas.fps : 30; }
    function frameCount() { return state.scene && state.scene.canvas ? state.scene.canvas.frameCount : 1; }
    function frameOf(time) { return Math.min(frameCount() - 1, Math.max(0, Math.round(time * fps()))); }
    function timeOfFrame(frame) { return frame / fps(); }
    function fmt(t) { return t.toFixed(3) + 's'; }

    function canvasQuery() {
      if (state.canvas.startsWith('variant:')) return '&variant=' + encodeURIComponent(state.canvas.slice(8));
      if (state.canvas.startsWith('size:')) return '&size=' + encodeURIComponent(state.canvas.slice(5));
      return '';
    }
    function query(time) { return 't=' + time + canvasQuery() + '&v=' + state.version; }
    function frameURL(time, format) { return '/frame.' + format + '?' + query(time); }

    // --- scene status and diagnostics -------------------------------------------------------
    async function loadScene() {
      const response = await fetch('/api/scene', {cache: 'no-store'});
      const scene = await response.json();
      const changed = scene.version !== state.version;
      state.scene = scene.canvas ? scene : (state.scene || scene);
      state.version = scene.version;
      state.latest = scene;
      $('file').textContent = scene.file;
      const status = $('status');
      status.textContent = scene.ok ? 'version ' + scene.version : (scene.version ? 'errors: showing version ' + scene.version : 'errors');
      status.className = 'status ' + (scene.ok ? 'ok' : 'error');
      document.body.dataset.sceneOk = String(scene.ok);
      document.body.dataset.attempt = String(scene.attempt);
      showDiagnostics(scene);
      if (scene.canvas) {
        slider.max = String(frameCount() - 1);
        $('loop-in').max = $('loop-out').max = slider.max;
        if (!$('loop').checked) $('loop-out').value = slider.max;
        fillCanvasChoices(scene.canvas);
        drawRuler();
      }
      return changed;
    }

    function showDiagnostics(scene) {
      const box = $('diagnostics');
      box.replaceChildren();
      const items = scene.diagnostics || [];
      box.hidden = items.length === 0;
      if (!items.length) return;
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = scene.ok ? 'warnings' : (scene.version
        ? 'The scene has errors; the frame shown is the last good version (' + scene.version + ').'
        : 'The scene has errors; fix them and save: the page reloads.');
      box.append(note);
      for (const d of items) {
        const div = document.createElement('div');
        div.className = 'diagnostic ' + d.severity;
        const where = document.createElement('div');
        where.className = 'where';
        const sev = document.createElement('span');
        sev.className = 'sev';
        sev.textContent = d.severity + ':';
        where.append(d.file + ':' + d.line + ':' + d.column + ': ', sev, ' ' + d.message);
        div.append(where);
        if (d.source !== null) {
          const pre = document.createElement('pre');
          const caret = document.createElement('span');
          caret.className = 'caret';
          caret.textContent = '^';
          pre.append(d.source + '\n' + d.caretPrefix, caret);
          div.append(pre);
        }
        box.append(div);
      }
    }

    function fillCanvasChoices(canvas) {
      const select = $('canvas');
      const size = (s) => s[0] + 'x' + s[1];
      const choices = [['authored', 'authored ' + size(canvas.size)]]
        .concat(canvas.variants.map((v) => ['variant:' + v.name, v.name + ' ' + size(v.size)]));
      if (state.canvas.startsWith('size:')) choices.push([state.canvas, state.canvas.slice(5)]);
      choices.push(['custom', 'custom size...']);
      const key = JSON.stringify(choices);
      if (select.dataset.key === key) return;
      select.dataset.key = key;
      select.replaceChildren(...choices.map(([value, label]) => new Option(label, value)));
      select.value = state.canvas;
    }

    function drawRuler() {
      const ruler = $('ruler');
      ruler.replaceChildren();
      // Under the slider's track: the thumb's centre runs from 8px in to 8px before the end.
      const footer = $('controls').getBoundingClientRect();
      ruler.style.marginLeft = (slider.getBoundingClientRect().left - footer.left - 10 + 8) + 'px';
      ruler.style.width = Math.max(0, slider.offsetWidth - 16) + 'px';
      const last = frameCount() - 1;
      const marks = Math.min(10, last);
      for (let i = 0; i <= marks && last > 0; i++) {
        const frame = Math.round(i * last / marks);
        const span = document.createElement('span');
        span.style.left = (100 * frame / last) + '%';
        span.textContent = frame + ' · ' + timeOfFrame(frame).toFixed(2) + 's';
        ruler.append(span);
      }
    }

    // --- one frame on screen ----------------------------------------------------------------
    function updatePosition(time) {
      const frame = frameOf(time);
      slider.value = String(frame);
      const exact = Math.abs(timeOfFrame(frame) - time) < 1e-9;
      $('position').textContent = 'frame ' + (exact ? '' : '~') + frame + ' / ' + (frameCount() - 1) + ' · ' + fmt(time);
    }

    function display(url, time) {
      img.src = url;
      state.shownURL = url;
      img.dataset.time = String(time);
      img.dataset.version = String(state.version);
      img.dataset.canvas = state.canvas;
      img.dataset.state = 'shown';
    }

    // Shows `time` as an exact PNG; the latest request wins. Resolves once it is on screen.
    function show(time) {
      state.time = time;
      updatePosition(time);
      const url = frameURL(time, 'png');
      state.pending = url;
      img.dataset.state = 'loading';
      return load(url).then(() => {
        if (state.pending !== url) return;
        display(url, time);
        if (!state.playing) inspect(time);
      }, (message) => {
        if (state.pending !== url) return;
        img.dataset.state = 'error';
        $('status').textContent = message;
        $('status').className = 'status error';
      });
    }

    // Loads an image, retrying while the server is busy (503).
    function load(url, tries = 20) {
      return new Promise((resolve, reject) => {
        const probe = new Image();
        probe.onload = () => resolve(probe);
        probe.onerror = async () => {
          const response = await fetch(url).catch(() => null);
          if (response && response.status === 503 && tries > 0) {
            setTimeout(() => load(url, tries - 1).then(resolve, reject), 150);
          } else {
            reject(response ? (await response.text()).trim() : 'the server is not answering');
          }
        };
        probe.src = url;
      });
    }

    // --- presentation tree and outlines -----------------------------------------------------
    async function inspect(time) {
      const q = query(time);
      const [tree, outlines] = await Promise.all([
        fetch('/api/inspect?' + q).then((r) => r.ok ? r.json() : null),
        fetch('/api/outlines?' + q).then((r) => r.ok ? r.json() : null),
      ]).catch(() => [null, null]);
      if (!tree || state.time !== time) return;
      state.tree = tree;
      state.outlines = outlines;
      $('tree-time').textContent = 'at ' + fmt(tree.time);
      const list = $('tree');
      list.replaceChildren(...tree.layers.map((layer) => {
        const li = document.createElement('li');
        const depth = layer.path === '' ? 0 : layer.path.split('/').length;
        li.style.paddingLeft = (4 + depth * 14) + 'px';
        const name = document.createElement('span');
        name.textContent = layer.path === '' ? '(root)' : layer.path.split('/').pop();
        const type = document.createElement('span');
        type.className = 'type';
        type.textContent = ' ' + layer.type + (layer.animations ? ' · ' + layer.animations.length + ' anim' : '');
        li.append(name, type);
        li.dataset.path = layer.path;
        if (layer.hidden) li.classList.add('hidden-layer');
        if (layer.path === state.selected) li.classList.add('selected');
        li.addEventListener('click', () => select(layer.path));
        return li;
      }));
      select(state.selected);
    }

    function select(path) {
      state.selected = path;
      for (const li of $('tree').children) li.classList.toggle('selected', li.dataset.path === path);
      const layer = state.tree && state.tree.layers.find((l) => l.path === path);
      $('layer-title').textContent = layer ? (path === '' ? '(root)' : path) : 'click a layer to outline it';
      $('layer-json').textContent = layer ? JSON.stringify(layer, null, 1) : '';
      drawOutline();
    }

    function drawOutline() {
      svg.replaceChildren();
      const o = state.outlines;
      if (!o || state.selected === null) return;
      svg.setAttribute('viewBox', '0 0 ' + o.size[0] + ' ' + o.size[1]);
      svg.setAttribute('preserveAspectRatio', 'none');
      for (const layer of o.layers.filter((l) => l.path === state.selected)) {
        const polygon = document.createElementNS('http://www.w3.org/2000/svg', 'polygon');
        polygon.setAttribute('points', layer.corners.map((c) => c.join(',')).join(' '));
        svg.append(polygon);
      }
    }

    // --- playback ---------------------------------------------------------------------------
    const playback = {buffer: new Map(), next: 0, due: 0, shown: [], timer: 0};

    function loopRange() {
      const last = frameCount() - 1;
      if (!$('loop').checked) return [0, last];
      const a = Math.max(0, Math.min(last, +$('loop-in').value || 0));
      const b = Math.max(0, Math.min(last, +$('loop-out').value || 0));
      return a <= b ? [a, b] : [b, a];
    }
    function following(frame) { const [a, b] = loopRange(); return frame + 1 > b || frame < a ? a : frame + 1; }

    function request(frame) {
      if (playback.buffer.has(frame)) return;
      const url = frameURL(timeOfFrame(frame), state.format);
      const entry = {url, ready: false, failed: false};
      playback.buffer.set(frame, entry);
      load(url, 40).then(() => { entry.ready = true; }, () => { entry.failed = true; });
    }

    function fillAhead() {
      // As many requests ahead as the server renders at once: its workers stay busy.
      const ahead = Math.max(2, state.latest ? state.latest.render.capacity - 1 : 4);
      let frame = playback.next;
      const wanted = new Set();
      for (let i = 0; i < ahead && i < frameCount(); i++) { wanted.add(frame); request(frame); frame = following(frame); }
      for (const key of playback.buffer.keys()) if (!wanted.has(key)) playback.buffer.delete(key);
    }

    function tick(now) {
      if (!state.playing) return;
      const entry = playback.buffer.get(playback.next);
      if (entry && entry.failed) { playback.buffer.delete(playback.next); }
      if (entry && entry.ready && now >= playback.due) {
        const frame = playback.next;
        state.time = timeOfFrame(frame);
        updatePosition(state.time);
        display(entry.url, state.time);
        playback.shown.push(now);
        while (playback.shown.length && now - playback.shown[0] > 1000) playback.shown.shift();
        $('fps').textContent = playback.shown.length + ' fps shown (scene ' + fps() + ')';
        const interval = 1000 / fps();
        playback.due = Math.max(playback.due + interval, now - interval);
        playback.buffer.delete(frame);
        playback.next = following(frame);
      }
      fillAhead();
      playback.timer = requestAnimationFrame(tick);
    }

    function play() {
      if (!state.scene || !state.scene.canvas || state.playing) return;
      state.playing = true;
      $('play').innerHTML = '&#10074;&#10074;';
      playback.buffer.clear();
      playback.shown = [];
      playback.next = following(frameOf(state.time));
      playback.due = performance.now();
      fillAhead();
      playback.timer = requestAnimationFrame(tick);
    }

    function pause() {
      if (!state.playing) return;
      state.playing = false;
      cancelAnimationFrame(playback.timer);
      playback.buffer.clear();
      $('play').innerHTML = '&#9654;';
      $('fps').textContent = '';
      show(state.time);
    }

    function step(delta) {
      pause();
      show(timeOfFrame(Math.max(0, Math.min(frameCount() - 1, frameOf(state.time) + delta))));
    }

    // Seconds from '1.5s', '500ms', '1.5', or a frame from 'f45'.
    function parseTime(text) {
      const t = text.trim().toLowerCase();
      let m;
      if ((m = /^f(\d+)$/.exec(t))) return timeOfFrame(+m[1]);
      if ((m = /^(\d+(?:\.\d+)?)ms$/.exec(t))) return +m[1] / 1000;
      if ((m = /^(\d+(?:\.\d+)?)s?$/.exec(t))) return +m[1];
      return NaN;
    }

    // --- wiring -----------------------------------------------------------------------------
    $('play').addEventListener('click', () => state.playing ? pause() : play());
    $('prev').addEventListener('click', () => step(-1));
    $('next').addEventListener('click', () => step(1));
    slider.addEventListener('input', () => { pause(); show(timeOfFrame(+slider.value)); });
    $('jump').addEventListener('change', () => {
      const t = parseTime($('jump').value);
      const duration = state.scene.canvas.duration;
      if (!(t >= 0 && t <= duration)) { $('jump').setCustomValidity('a time in 0...' + duration + 's'); $('jump').reportValidity(); return; }
      $('jump').setCustomValidity('');
      pause();
      show(t);
    });
    $('set-in').addEventListener('click', () => { $('loop-in').value = frameOf(state.time); $('loop').checked = true; });
    $('set-out').addEventListener('click', () => { $('loop-out').value = frameOf(state.time); $('loop').checked = true; });
    $('format').addEventListener('change', () => { state.format = $('format').value; });
    $('zoom').addEventListener('change', () => applyZoom($('zoom').value));
    $('canvas').addEventListener('change', () => {
      const value = $('canvas').value;
      $('custom-size').hidden = value !== 'custom';
      if (value === 'custom') { $('custom-size').focus(); return; }
      setCanvas(value);
    });
    $('custom-size').addEventListener('change', () => {
      const m = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/i.exec($('custom-size').value);
      if (!m) { $('custom-size').setCustomValidity('a size like 1080x1920'); $('custom-size').reportValidity(); return; }
      $('custom-size').setCustomValidity('');
      $('custom-size').hidden = true;
      setCanvas('size:' + m[1] + 'x' + m[2]);
    });
    img.addEventListener('load', () => applyZoom(state.zoom));
    document.addEventListener('keydown', (e) => {
      if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
      if (e.key === ' ') { e.preventDefault(); state.playing ? pause() : play(); }
      else if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
      else if (e.key === 'Home') { pause(); show(0); }
      else if (e.key === 'End') { pause(); show(timeOfFrame(frameCount() - 1)); }
    });

    function setCanvas(value) {
      state.canvas = value;
      fillCanvasChoices(state.scene.canvas);
      $('canvas').value = value;
      pause();
      show(state.time);
    }

    // fit: the whole frame in the stage; 100% and 200%: one or two screen pixels per frame pixel.
    function applyZoom(zoom) {
      state.zoom = zoom;
      img.classList.toggle('pixelated', zoom === '2');
      if (!img.naturalWidth) return;
      const stage = $('stage');
      const scale = zoom === 'fit'
        ? Math.min((stage.clientWidth - 24) / img.naturalWidth, (stage.clientHeight - 24) / img.naturalHeight)
        : +zoom;
      img.style.width = Math.max(1, Math.floor(img.naturalWidth * scale)) + 'px';
      img.style.height = Math.max(1, Math.floor(img.naturalHeight * scale)) + 'px';
    }
    new ResizeObserver(() => { applyZoom(state.zoom); drawRuler(); }).observe($('stage'));

    // Reload on save: the server says a new version exists (or that the file has errors).
    function connect() {
      const events = new EventSource('/events');
      events.addEventListener('scene', async (e) => {
        const data = JSON.parse(e.data);
        if (data.attempt === +(document.body.dataset.attempt || -1)) return;
        const changed = await loadScene();
        if (changed && !state.playing) show(state.time);
      });
    }

    window.strata = {
      state,
      seek: (time) => { pause(); return show(time); },
      play, pause, select, setCanvas,
    };

    loadScene().then(() => { if (state.scene && state.scene.canvas) show(0); connect(); });
    """#
}
