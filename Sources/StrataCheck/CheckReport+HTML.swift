extension CheckReport {
    /// A self-contained `report.html` (inline CSS and JS, no network; opens
    /// from disk): the verdict and counts per status at the top, then one
    /// section per frame, problems first and open, passes collapsed. Each
    /// section shows the figures, expected / actual / diff side by side, and
    /// (for compared frames of equal size) an overlay of the actual over the
    /// expected with a slider that moves the split and a button that flips
    /// between the two. A missing golden's `expectedImage` is not linked. Image paths are
    /// used as relative URLs (percent-encoded); all text is HTML-escaped.
    public func html() -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Escape.html(title)): \(failed ? "FAILED" : "passed")</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header>
        <h1>\(Escape.html(title)) <span class="verdict \(failed ? "s-fail" : "s-pass")">\(failed ? "FAILED" : "passed")</span></h1>
        <p class="counts">\(countsHTML)</p>
        </header>
        <main>

        """
        for failure in sceneErrors { h += section(failure) }
        for check in orderedFrames { h += section(check) }
        if frames.isEmpty && sceneErrors.isEmpty { h += "<p>No golden frames were checked.</p>\n" }
        h += """
        </main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
        return h
    }

    private var countsHTML: String {
        var parts = ["<span>\(frames.count) frame\(frames.count == 1 ? "" : "s")</span>"]
        if !sceneErrors.isEmpty {
            parts.append("<span class=\"count s-fail\">\(sceneErrors.count) scene\(sceneErrors.count == 1 ? "" : "s") not loaded</span>")
        }
        for status in FrameCheck.Status.allCases {
            let n = count(status)
            parts.append("<span class=\"count s-\(status.rawValue)\(n == 0 ? " zero" : "")\">\(n) \(status.rawValue)</span>")
        }
        return parts.joined(separator: " ")
    }

    /// A scene that could not be checked: its diagnostics, as the terminal prints them.
    private func section(_ failure: SceneError) -> String {
        var h = "<details class=\"frame s-fail\" open>\n"
        h += "<summary><span class=\"badge s-fail\">error</span> <code>\(Escape.html(failure.scene))</code> "
        h += "<b>not checked</b> <span class=\"msg\">the scene does not load</span></summary>\n"
        h += "<div class=\"body\"><pre>\(Escape.html(failure.diagnostics.map { $0.location.hasPosition ? $0.description : "\($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")))</pre></div>\n"
        return h + "</details>\n"
    }

    private func section(_ c: FrameCheck) -> String {
        let s = c.status.rawValue
        var h = "<details class=\"frame s-\(s)\"\(c.status == .pass ? "" : " open")>\n"
        h += "<summary><span class=\"badge s-\(s)\">\(s)</span> "
        h += "<code>\(Escape.html("\(c.scene):\(c.line):\(c.column)"))</code> "
        h += "<b>\(Escape.html(c.title))</b> <span class=\"msg\">\(Escape.html(c.message))</span></summary>\n"
        h += "<div class=\"body\">\n"
        h += figures(c)
        h += "<div class=\"images\">\n"
        // A missing golden's path is where it would be, not an image.
        h += figure("expected", c.status == .missing ? nil : c.expectedImage, missing: "no golden image")
        h += figure("actual", c.actualImage, missing: "not rendered")
        h += figure("diff", c.diffImage, missing: "no diff")
        h += "</div>\n"
        if let timeline = c.timeline {
            h += "<figure class=\"timeline\"><figcaption>the scene's timeline (actual frames, contact sheet)</figcaption>"
                + "<a href=\"\(url(timeline))\"><img src=\"\(url(timeline))\" alt=\"contact sheet of the scene\" loading=\"lazy\"></a></figure>\n"
        }
        if c.status == .fail || c.status == .pass, let e = c.expectedImage, let a = c.actualImage,
           c.comparison?.sizeMismatch != true {
            h += """
            <div class="compare">
            <div class="overlay"><img class="under" src="\(url(e))" alt="expected" loading="lazy"><img class="over" src="\(url(a))" alt="actual" loading="lazy"></div>
            <div class="controls"><label>actual <input type="range" min="0" max="100" value="50" aria-label="split between actual (left) and expected (right)"> expected</label> <button type="button">flip</button></div>
            </div>

            """
        }
        h += "</div>\n</details>\n"
        return h
    }

    private func figures(_ c: FrameCheck) -> String {
        var rows: [(String, String)] = []
        if let f = c.comparison {
            rows.append(("size", "\(f.width)x\(f.height)" + (f.sizeMismatch ? " (golden \(f.expectedWidth)x\(f.expectedHeight))" : "")))
            if !f.sizeMismatch {
                rows.append(("max channel delta", "\(f.maxChannelDelta)"))
                rows.append(("differing pixels", "\(f.differingPixels) (\(Format.percent(f.differingFraction)); \(f.allowedDifferingPixels(c.tolerance)) allowed)"))
                if c.tolerance.antialiasing { rows.append(("anti-aliased pixels", "\(f.antialiasedPixels) (ignored)")) }
                rows.append(("PSNR", Format.decibels(f.psnr)))
            }
        }
        rows.append(("tolerance", c.tolerance.summary))
        var h = "<table class=\"figures\">\n"
        for (name, value) in rows {
            h += "<tr><th>\(Escape.html(name))</th><td>\(Escape.html(value))</td></tr>\n"
        }
        return h + "</table>\n"
    }

    private func figure(_ caption: String, _ path: String?, missing: String) -> String {
        guard let path else {
            return "<figure class=\"none\"><figcaption>\(caption)</figcaption><div class=\"placeholder\">\(missing)</div></figure>\n"
        }
        let u = url(path)
        return "<figure><figcaption>\(caption)</figcaption><a href=\"\(u)\"><img src=\"\(u)\" alt=\"\(caption)\" loading=\"lazy\"></a>"
            + "<div class=\"path\">\(Escape.html(path))</div></figure>\n"
    }

    private func url(_ path: String) -> String { Escape.html(Escape.urlPath(path)) }

    static let css = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d232b}
    header{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid #d8dde3;padding:8px 16px}
    h1{font-size:18px;margin:0 0 4px}
    .counts span{margin-right:12px}.counts .zero{opacity:.45}
    main{padding:12px 16px}
    details.frame{background:#fff;border:1px solid #d8dde3;border-left-width:6px;border-radius:4px;margin:0 0 10px}
    summary{cursor:pointer;padding:8px 10px}
    .body{padding:0 10px 10px}
    .badge,.verdict{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-weight:600;font-size:12px;text-transform:uppercase}
    .s-fail{border-color:#d1242f}.badge.s-fail,.verdict.s-fail{background:#d1242f}.count.s-fail{color:#d1242f}
    .s-missing{border-color:#bc4c00}.badge.s-missing{background:#bc4c00}.count.s-missing{color:#bc4c00}
    .s-orphan{border-color:#9a6700}.badge.s-orphan{background:#9a6700}.count.s-orphan{color:#9a6700}
    .s-updated{border-color:#0969da}.badge.s-updated{background:#0969da}.count.s-updated{color:#0969da}
    .s-pass{border-color:#1a7f37}.badge.s-pass,.verdict.s-pass{background:#1a7f37}.count.s-pass{color:#1a7f37}
    .msg{color:#57606a}
    table.figures{border-collapse:collapse;margin:4px 0 8px}
    .figures th{text-align:left;font-weight:500;color:#57606a;padding:1px 12px 1px 0}
    .images{display:flex;flex-wrap:wrap;gap:12px}
    figure{margin:0;max-width:32%;min-width:160px}
    figure.timeline{max-width:100%;margin-top:10px}
    figcaption{font-weight:600}
    .path{font:12px ui-monospace,monospace;color:#57606a;word-break:break-all}
    img{display:block;max-width:100%;image-rendering:pixelated;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
    .placeholder{border:1px dashed #aaa;padding:24px;color:#888;text-align:center}
    .compare{margin-top:10px}
    .overlay{position:relative;display:inline-block;max-width:100%}
    .overlay .over{position:absolute;left:0;top:0;width:100%;height:100%}
    .controls input{width:240px;vertical-align:middle}
    """

    static let script = """
    document.querySelectorAll('.compare').forEach(function (c) {
      var range = c.querySelector('input'), over = c.querySelector('.over');
      function show() { over.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)'; }
      range.addEventListener('input', show);
      c.querySelector('button').addEventListener('click', function () {
        range.value = range.value > 0 ? 0 : 100; show();
      });
      show();
    });
    """
}
