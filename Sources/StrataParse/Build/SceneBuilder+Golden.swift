import StrataModel

extension SceneBuilder {
    /// The `golden:` section. Frames are checked against the canvas's frame
    /// count when the canvas parsed.
    mutating func buildGolden(_ node: YAMLNode, canvas: Canvas?) -> GoldenPolicy? {
        guard let m = MappingReader(node, KeyTables.golden, sink: &sink) else { return nil }
        var policy = GoldenPolicy(location: node.location)
        if let t = m["tolerance"] { policy.tolerance = buildTolerance(t) }
        if let v = m["variants"] { policy.variants = buildGoldenVariants(v, canvas: canvas) }
        guard let framesNode = m["frames"], let items = take(Values.list(framesNode, of: "golden frames")) else {
            return policy
        }
        if items.isEmpty { sink.error(framesNode.location, "'frames' lists no frames") }
        var seen: [Int: SourceLocation] = [:]
        for item in items {
            guard let frame = buildGoldenFrame(item, base: policy.tolerance ?? .default) else { continue }
            guard let canvas else {
                policy.frames.append(frame)
                continue
            }
            let count = Int((canvas.duration * canvas.fps).rounded())
            let index = frame.index(fps: canvas.fps)
            if index >= count {
                let what: String
                switch frame.ref {
                case .frame(let i): what = "frame \(i)"
                case .time(let t): what = "time \(Values.format(t))s (frame \(index))"
                }
                sink.error(item.location, "\(what) is past the last frame, \(count - 1), of this \(count)-frame scene")
                continue
            }
            if let first = seen[index] {
                sink.warning(item.location, "frame \(index) is already listed",
                             notes: [DiagnosticNote(first, "frame \(index) is first listed here")])
            } else {
                seen[index] = item.location
            }
            policy.frames.append(frame)
        }
        return policy
    }

    /// `15` (a frame), `2s` / `500ms` (a time), or `{frame: N}` / `{time: T}` with an
    /// optional `tolerance`, whose keys override `base` (the golden-level tolerance).
    mutating func buildGoldenFrame(_ node: YAMLNode, base: Tolerance) -> GoldenFrame? {
        let expected = "expected a frame number, a time with a unit like 2s, or a mapping {frame: N} or {time: T}"
        switch node.content {
        case .sequence:
            sink.error(node.location, "\(expected), found \(node.found)")
            return nil
        case .scalar(let s):
            if case .int = s.value {
                return take(Values.integer(node, .nonNegative, what: "a frame number")).map { GoldenFrame(.frame($0), location: node.location) }
            }
            guard case .string(let text) = s.value, Values.unitValue(text, units: Values.timeUnits) != nil else {
                sink.error(node.location, "\(expected), found \(Values.found(node))")
                return nil
            }
            return take(Values.time(node, KeyTables.goldenFrame.bound(of: "time"))).map { GoldenFrame(.time($0), location: node.location) }
        case .mapping:
            guard let m = MappingReader(node, KeyTables.goldenFrame, sink: &sink) else { return nil }
            let tolerance = m["tolerance"].flatMap { buildTolerance($0, base: base) }
            switch (m["frame"], m["time"]) {
            case (let f?, nil):
                return take(Values.integer(f, .nonNegative, what: "a frame number"))
                    .map { GoldenFrame(.frame($0), tolerance: tolerance, location: node.location) }
            case (nil, let t?):
                return take(Values.time(t, m.table.bound(of: "time")))
                    .map { GoldenFrame(.time($0), tolerance: tolerance, location: node.location) }
            case (_?, _?):
                sink.error(node.location, m.table.exclusion(excluding: "time"))
            case (nil, nil) where !m.rejectedKeys:
                sink.error(node.location, "a golden frame needs 'frame' or 'time'")
            case (nil, nil):
                break
            }
            return nil
        }
    }

    /// A tolerance mapping; keys not given keep the values of `base`.
    mutating func buildTolerance(_ node: YAMLNode, base: Tolerance = .default) -> Tolerance? {
        guard let m = MappingReader(node, KeyTables.tolerance, sink: &sink) else { return nil }
        var t = base
        if let v = integer(m, "channel") { t.channel = v }
        if let v = number(m, "pixels", what: "a fraction of pixels") { t.pixels = v }
        if let v = integer(m, "pixelCount", what: "a pixel count") { t.pixelCount = v }
        if let v = number(m, "psnr", what: "a PSNR in dB") { t.psnr = v }
        if let v = read(m, "antialiasing", Values.bool) { t.antialiasing = v }
        return t
    }
}
