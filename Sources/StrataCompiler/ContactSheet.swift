import StrataModel
import StrataRender

/// `--contact-sheet COLSxROWS` or `--every T`: frames of the timeline tiled
/// in a grid, left to right and top to bottom, each with its frame number
/// and time underneath: the whole animation at a glance, in one PNG.
///
/// Tiles are rendered (not scaled down) at a pixel scale that makes them at
/// most `defaultTileWidth` pixels wide, unless `--scale` is given; a tile is
/// exactly what `strata render --time T --scale S` draws.
public struct ContactSheet: Sendable, Equatable {
    public enum Selection: Sendable, Equatable {
        /// `COLSxROWS` frames spread evenly over the timeline, first and last frame included.
        case grid(columns: Int, rows: Int)
        /// One frame every `seconds` from the start (snapped to frames); `columns` nil picks a near 16:9 sheet.
        case every(seconds: Double, columns: Int?)
    }

    public var selection: Selection
    public init(_ selection: Selection) { self.selection = selection }

    /// Widest tile, in pixels, when `--scale` is not given.
    public static let defaultTileWidth = 320.0
    /// Most tiles in one sheet.
    public static let maxTiles = 400

    static let padding = 10.0, gap = 10.0, labelHeight = 20.0
    static let background = Color(0.106, 0.122, 0.141)
    static let labelColor = Color(0.816, 0.843, 0.871)

    /// The frame numbers to tile, within `range` (the scene's frames, or `--frames`).
    func frames(in range: ClosedRange<Int>, fps: Double) throws(CompileError) -> [Int] {
        switch selection {
        case .grid(let columns, let rows):
            let n = columns * rows
            if n >= range.count { return Array(range) }
            if n == 1 { return [range.lowerBound] }
            let span = Double(range.upperBound - range.lowerBound)
            return (0..<n).map { range.lowerBound + Int((Double($0) * span / Double(n - 1)).rounded()) }
        case .every(let seconds, _):
            let step = seconds * fps
            guard step.isFinite, step > 0 else { throw CompileError("--every must be a time > 0") }
            // Counted in a Double first: a tiny step gives more tiles than an Int holds.
            let tiles = (Double(range.upperBound - range.lowerBound) / step).rounded(.down) + 1
            guard tiles <= Double(Self.maxTiles) else {
                let shown = tiles < 1e15 ? String(Int(tiles)) : String(tiles)
                throw CompileError("--every \(seconds)s gives \(shown) tiles; a contact sheet has at most \(Self.maxTiles)")
            }
            let count = Int(tiles)
            var frames: [Int] = []
            for k in 0..<count {
                let frame = range.lowerBound + Int((Double(k) * step).rounded())
                if frame <= range.upperBound, frames.last != frame { frames.append(frame) }
            }
            return frames
        }
    }

    /// Columns of the sheet for `count` tiles of `tileWidth` x `tileHeight`.
    func columns(count: Int, tileWidth: Double, tileHeight: Double) -> Int {
        switch selection {
        case .grid(let columns, _): return min(columns, max(1, count))
        case .every(_, let columns?): return min(columns, max(1, count))
        case .every(_, nil):
            // cols * w : rows * h close to 16 : 9, with rows = count / cols.
            let ideal = (16.0 / 9.0 * Double(count) * tileHeight / max(tileWidth, 1)).squareRoot()
            return min(count, max(1, Int(ideal.rounded(.up))))
        }
    }

    /// The pixel scale of the tiles: `--scale` when given, else the
    /// canvas's, lowered so that a tile is at most `defaultTileWidth` pixels wide.
    static func tileScale(canvas: Canvas, requested: Double?) -> Double {
        if let requested { return requested }
        return min(canvas.scale, defaultTileWidth / max(canvas.size.width, 1))
    }

    /// Draws the tiles and their labels into one sheet (1 pixel per point).
    static func compose(_ tiles: [Pixmap], labels: [String], columns: Int,
                        renderer: FrameRenderer) throws(CompileError) -> Pixmap {
        let tileW = Double(tiles.first?.width ?? 1), tileH = Double(tiles.first?.height ?? 1)
        let rows = (tiles.count + columns - 1) / max(columns, 1)
        let cellH = tileH + labelHeight
        let size = Size(padding * 2 + Double(columns) * tileW + Double(columns - 1) * gap,
                        padding * 2 + Double(rows) * cellH + Double(max(rows - 1, 0)) * gap)
        guard size.width * size.height <= Double(Limits.maxPixels), size.width <= Double(Limits.maxPixelsPerSide),
              size.height <= Double(Limits.maxPixelsPerSide) else {
            throw CompileError("the contact sheet would be \(Int(size.width))x\(Int(size.height)) pixels, beyond the limits; use fewer tiles or a smaller --scale")
        }
        var children: [RenderNode] = []
        for (i, (tile, label)) in zip(tiles, labels).enumerated() {
            let x = padding + Double(i % columns) * (tileW + gap)
            let y = padding + Double(i / columns) * (cellH + gap)
            var image = node("tile \(i)", Rect(0, 0, tileW, tileH), at: Point(x, y))
            image.image = RenderImage(pixmap: tile, gravity: .resize, contentsRect: Rect(0, 0, 1, 1),
                                      contentsCenter: Rect(0, 0, 1, 1), contentsScale: 1)
            var text = TextProperties()
            text.string = label
            text.font = FontSpec(description: "DejaVu Sans")
            text.fontSize = 12
            text.foregroundColor = labelColor
            text.alignmentMode = .center
            text.truncationMode = .end
            var caption = node("label \(i)", Rect(0, 0, tileW, labelHeight), at: Point(x, y + tileH + 3))
            caption.content = .text(text)
            children += [image, caption]
        }
        var root = node("", Rect(0, 0, size.width, size.height), at: .zero)
        root.backgroundColor = background
        root.children = children
        do {
            return try renderer.render(RenderTree(size: size, scale: 1, root: root))
        } catch {
            throw CompileError("cannot draw the contact sheet: \(error.message)", status: .failure)
        }
    }

    /// `frame 15 · 0.50s`.
    static func label(frame: Int, time: Double) -> String {
        var seconds = String(Int((time * 100).rounded()) / 100) + "."
        let hundredths = Int((time * 100).rounded()) % 100
        seconds += (hundredths < 10 ? "0" : "") + String(hundredths)
        return "frame \(frame) · \(seconds)s"
    }

    private static func node(_ path: String, _ bounds: Rect, at origin: Point) -> RenderNode {
        RenderNode(path: path, bounds: bounds, transform: .translation(origin.x, origin.y), opacity: 1,
                   backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: .clear,
                   masksToBounds: false, children: [])
    }
}
