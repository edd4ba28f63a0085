import StrataModel
import StrataRender
import XCTest

/// Hand-built RenderTrees for renderer tests.
enum Fixture {
    static let red = Color(1, 0, 0)
    static let green = Color(0, 1, 0)
    static let blue = Color(0, 0, 1)

    /// A layer whose bounds are (0, 0, frame size), placed at `frame.origin`
    /// in its superlayer (or by `transform` when given).
    static func layer(_ path: String, _ frame: Rect, background: Color? = nil,
                      cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: Color = .black,
                      opacity: Double = 1, masksToBounds: Bool = false,
                      transform: Transform3D? = nil, children: [RenderNode] = []) -> RenderNode {
        RenderNode(path: path, bounds: Rect(0, 0, frame.width, frame.height),
                   transform: transform ?? .translation(frame.minX, frame.minY), opacity: opacity,
                   backgroundColor: background, cornerRadius: cornerRadius, borderWidth: borderWidth,
                   borderColor: borderColor, masksToBounds: masksToBounds, children: children)
    }

    /// A canvas of `width` x `height` points with a bare root holding `children`.
    static func tree(_ width: Double, _ height: Double, scale: Double = 1,
                     _ children: [RenderNode]) -> RenderTree {
        let root = RenderNode(path: "root", bounds: Rect(0, 0, width, height), transform: .identity,
                              opacity: 1, backgroundColor: nil, cornerRadius: 0, borderWidth: 0,
                              borderColor: .black, masksToBounds: false, children: children)
        return RenderTree(size: Size(width, height), scale: scale, root: root)
    }

    static func render(_ tree: RenderTree) throws -> Pixmap {
        try FrameRenderer().render(tree)
    }
}

/// Premultiplied (r, g, b, a) as an array, comparable with XCTAssertEqual.
typealias RGBA = [Int]

extension Pixmap {
    func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// The inclusive pixel box of everything with alpha > 0, or nil.
    var paintedBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where pixel(x, y).a > 0 {
                if let b = box {
                    box = (Swift.min(b.minX, x), Swift.min(b.minY, y), Swift.max(b.maxX, x), Swift.max(b.maxY, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
        return box
    }

    /// Asserts that exactly the inclusive pixel box is painted, every pixel
    /// inside it with `color`, and everything else transparent.
    func assertExactly(_ color: RGBA, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int),
                       file: StaticString = #filePath, line: UInt = #line) {
        var wrong = 0
        var first: String?
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY
                let expected = inside ? color : [0, 0, 0, 0]
                let got = rgba(x, y)
                if got != expected {
                    wrong += 1
                    if first == nil { first = "(\(x), \(y)) is \(got), expected \(expected)" }
                }
            }
        }
        XCTAssertEqual(wrong, 0, "\(wrong) wrong pixels; first: \(first ?? "")", file: file, line: line)
    }
}

let opaqueRed: RGBA = [255, 0, 0, 255]
let opaqueGreen: RGBA = [0, 255, 0, 255]
let opaqueBlue: RGBA = [0, 0, 255, 255]
let transparent: RGBA = [0, 0, 0, 0]
