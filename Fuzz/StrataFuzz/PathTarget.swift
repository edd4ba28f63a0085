import StrataModel
@testable import StrataParse

/// The SVG path data parser (shapes, motion paths, shadow paths) on arbitrary text.
enum PathTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch PathDataParser.parse(text) {
        case .failure(let failure):
            FuzzCheck.require(failure.offset >= 0 && failure.offset <= text.unicodeScalars.count,
                              "error offset \(failure.offset) outside the text")
            FuzzCheck.require(!failure.message.isEmpty, "an empty message")
        case .success(let path):
            FuzzCheck.require(path.elements.count <= Limits.maxPathElements + 8, "\(path.elements.count) elements")
            var finite = true
            _ = path.mapPoints { p in finite = finite && p.x.isFinite && p.y.isFinite; return p }
            FuzzCheck.require(finite, "a path with a point that is not finite")
            // What the stages do with a parsed path: bounds, motion along it, its SVG text again.
            _ = path.controlPointBounds
            if case .move = path.elements.first {
                let motion = MotionPath(path)
                for i in motion.segments.indices { _ = motion.length(ofSegment: i) }
            }
            _ = path.svgPathData
        }
    }
}
