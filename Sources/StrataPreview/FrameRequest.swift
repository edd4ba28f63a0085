import StrataModel

/// The query of `/frame.png`, `/frame.jpg`, `/api/inspect` and
/// `/api/outlines`: one time (`t=SECONDS` or `frame=N`) and one canvas size
/// (`variant=NAME`, `size=WxH` in points, or the authored size), checked
/// against the scene before any work is queued.
struct FrameRequest: Sendable {
    /// Seconds of scene time.
    var time: Double
    var canvas: CanvasChoice

    static let parameters = ["t", "frame", "size", "variant", "v"]

    init(query: [String: String], route: String, scene: Scene) throws(HTTPError) {
        if let unknown = query.keys.sorted().first(where: { !Self.parameters.contains($0) }) {
            throw .badRequest("unknown parameter '\(unknown)' for \(route); it takes t=SECONDS or frame=N, and size=WxH or variant=NAME")
        }
        let canvas = scene.canvas
        switch (query["t"], query["frame"]) {
        case (let t?, nil):
            guard let seconds = Double(t), seconds.isFinite else {
                throw .badRequest("t='\(t)' is not a number of seconds")
            }
            guard seconds >= 0, seconds <= canvas.duration else {
                throw .badRequest("t=\(t) is outside the scene: its times are 0...\(canvas.duration) seconds")
            }
            time = seconds
        case (nil, let f?):
            guard let frame = Int(f) else { throw .badRequest("frame='\(f)' is not a frame number") }
            guard frame >= 0, frame < scene.frameCount else {
                throw .badRequest("frame=\(f) is outside the scene: its frames are 0...\(scene.frameCount - 1)")
            }
            time = scene.time(ofFrame: frame)
        case (nil, nil):
            throw .badRequest("\(route) needs a time: t=SECONDS or frame=N")
        case (.some, .some):
            throw .badRequest("give t or frame, not both")
        }
        switch (query["size"], query["variant"]) {
        case (nil, nil): self.canvas = .authored
        case (nil, let name?):
            guard canvas.variants.contains(where: { $0.name == name }) else {
                let names = canvas.variants.map(\.name)
                throw .badRequest("unknown variant '\(name)'; " + (names.isEmpty ? "the scene defines no canvas.variants"
                                                                   : "known variants: " + names.joined(separator: ", ")))
            }
            self.canvas = .variant(name)
        case (let size?, nil):
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
                  w > 0, h > 0 else {
                throw .badRequest("size='\(size)' is not a size like 1080x1920 (points)")
            }
            self.canvas = .size(width: w, height: h)
        case (.some, .some):
            throw .badRequest("give size or variant, not both")
        }
    }

    /// Cache and job key within a version: the time's exact bits and the size.
    var key: String { "\(canvas.key)@\(time.bitPattern)" }
}
