import StrataModel
import StrataRender
import XCTest

/// A renderer redraws only what changed since the frame it drew last; the
/// bytes must be those of a frame drawn from scratch, whatever frames came
/// before and in whatever order.
final class FrameReuseTests: XCTestCase {
    /// Golden frames and their neighbours of every scene, drawn in a shuffled
    /// order by one renderer, against a fresh renderer (with its own stores) per frame.
    func testReusedFramesAreTheBytesOfFreshOnesOnEveryScene() throws {
        var generator = SplitMix(seed: 11)
        for file in SceneFrames.files {
            let scene = try SceneFrames.load(file)
            let last = max(0, scene.frameCount - 1)
            var frames = Set<Int>()
            for f in SceneFrames.goldenFrames(scene) { for d in [-2, -1, 0, 1, 2] { frames.insert(min(max(f + d, 0), last)) } }
            var order = Array(frames).sorted()
            order.shuffle(using: &generator)
            // Each frame twice in a row somewhere: the second costs nothing and is the same.
            order.insert(order[0], at: 1)
            let reused = FrameRenderer()
            for f in order {
                let tree = SceneFrames.tree(scene, frame: f)
                let got = try reused.render(tree)
                let fresh = try FrameRenderer().render(tree)
                XCTAssertTrue(got == fresh, "\(file) frame \(f) after \(order.prefix { $0 != f }.last.map(String.init) ?? "none")")
            }
        }
    }

    func testAFrameWhosePlanRepeatsIsTheLastFrameItself() throws {
        let tree = Fixture.tree(40, 30, [Fixture.layer("root.a", Rect(5, 5, 20, 10), background: Fixture.red)])
        let renderer = FrameRenderer()
        let first = try renderer.render(tree)
        let again = try renderer.render(tree)
        XCTAssertEqual(first, again)
        // The same storage: nothing was drawn or copied.
        first.pixels.withUnsafeBufferPointer { a in
            again.pixels.withUnsafeBufferPointer { b in XCTAssertEqual(a.baseAddress, b.baseAddress) }
        }
    }

    func testKeepingAFrameIsSafe() throws {
        let renderer = FrameRenderer()
        let red = try renderer.render(Fixture.tree(8, 8, [Fixture.layer("root.a", Rect(0, 0, 8, 8), background: Fixture.red)]))
        let blue = try renderer.render(Fixture.tree(8, 8, [Fixture.layer("root.a", Rect(0, 0, 8, 8), background: Fixture.blue)]))
        XCTAssertEqual(red.rgba(3, 3), [255, 0, 0, 255])
        XCTAssertEqual(blue.rgba(3, 3), [0, 0, 255, 255])
    }
}

/// A small seeded generator (test order only).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Hand-built trees.
enum Fixture {
    static let red = Color(1, 0, 0)
    static let blue = Color(0, 0, 1)

    static func layer(_ path: String, _ frame: Rect, background: Color? = nil) -> RenderNode {
        RenderNode(path: path, bounds: Rect(0, 0, frame.width, frame.height), transform: .translation(frame.minX, frame.minY),
                   opacity: 1, backgroundColor: background, cornerRadius: 0, borderWidth: 0, borderColor: .black,
                   masksToBounds: false, children: [])
    }

    static func tree(_ width: Double, _ height: Double, _ children: [RenderNode]) -> RenderTree {
        let root = RenderNode(path: "root", bounds: Rect(0, 0, width, height), transform: .identity, opacity: 1,
                              backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: .black,
                              masksToBounds: false, children: children)
        return RenderTree(size: Size(width, height), scale: 1, root: root)
    }
}

extension Pixmap {
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }
}
