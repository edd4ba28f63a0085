/// The preview page: plain HTML, CSS and JavaScript served from the binary
/// (no CDN, no build step). The script is in PreviewPage+Script.swift, the
/// style in PreviewPage+Style.swift.
enum PreviewPage {
    static func response(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(contentType: type, body: Array(text.utf8), headers: [("Cache-Control", "no-cache")])
    }

    static let html = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>strata preview</title>
    <link rel="stylesheet" href="/app.css">
    </head>
    <body>
    <header>
      <b class="brand">strata preview</b>
      <code id="file"></code>
      <span id="status" class="status">loading</span>
      <span class="spacer"></span>
      <label>size <select id="canvas" aria-label="canvas size"></select></label>
      <input id="custom-size" placeholder="WxH" size="9" aria-label="custom size in points" hidden>
      <label>zoom <select id="zoom" aria-label="zoom">
        <option value="fit">fit</option><option value="1">100%</option><option value="2">200%</option>
      </select></label>
      <label>playback <select id="format" aria-label="playback format">
        <option value="jpg">JPEG (fast)</option><option value="png">PNG (exact)</option>
      </select></label>
    </header>
    <section id="diagnostics" role="alert" hidden></section>
    <main>
      <section id="stage">
        <div id="frame-box">
          <img id="frame" alt="the frame at the current time" data-state="empty">
          <svg id="outline" aria-hidden="true"></svg>
        </div>
      </section>
      <aside id="panel">
        <h2>Layers <small id="tree-time"></small></h2>
        <ol id="tree"></ol>
        <h3 id="layer-title">click a layer to outline it</h3>
        <pre id="layer-json"></pre>
      </aside>
    </main>
    <footer id="controls">
      <div class="row">
        <button id="play" title="play / pause (space)">&#9654;</button>
        <button id="prev" title="previous frame (left arrow)">&#9664;|</button>
        <button id="next" title="next frame (right arrow)">|&#9654;</button>
        <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="timeline (frames)">
        <span id="position"></span>
      </div>
      <div id="ruler"></div>
      <div class="row">
        <label>jump to <input id="jump" size="8" placeholder="1.5s"></label>
        <label><input id="loop" type="checkbox"> loop</label>
        <label>in <input id="loop-in" type="number" min="0" value="0"></label>
        <button id="set-in" title="loop from the current frame">[</button>
        <label>out <input id="loop-out" type="number" min="0" value="0"></label>
        <button id="set-out" title="loop to the current frame">]</button>
        <span class="spacer"></span>
        <span id="fps"></span>
      </div>
    </footer>
    <script src="/app.js"></script>
    </body>
    </html>

    """#
}
