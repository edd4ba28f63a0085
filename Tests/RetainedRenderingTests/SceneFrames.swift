import Foundation
import StrataModel
import StrataParse
import StrataRender
import StrataTimeline
import XCTest

/// The scenes of `scenes/`, loaded and compiled, and their golden frames.
enum SceneFrames {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every scene file under scenes/, sorted.
    static var files: [String] {
        let dir = root.appendingPathComponent("scenes").path
        let all = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".yaml") }.sorted().map { dir + "/" + $0 }
    }

    /// The scene as loaded (the sampler compiles its timeline and layers).
    static func load(_ file: String) throws -> Scene {
        try SceneLoader.load(file: file).scene
    }

    /// The frames the scene's goldens check (frame 0 when it names none).
    static func goldenFrames(_ scene: Scene) -> [Int] {
        let frames = (scene.golden?.frames ?? []).map { $0.index(fps: scene.canvas.fps) }
        return frames.isEmpty ? [0] : frames
    }

    /// The render tree at frame `f`, its scale multiplied by `supersample`.
    static func tree(_ scene: Scene, frame f: Int, supersample: Double = 1) -> RenderTree {
        var tree = Sampler.renderTree(of: scene, at: scene.time(ofFrame: f))
        tree.scale *= supersample
        return tree
    }
}

/// How far one picture is from another (premultiplied channels, 0...255).
struct PictureError: CustomStringConvertible {
    /// Mean absolute difference over every channel.
    var mean: Double
    /// Share of pixels with a channel off by more than 32 (clearly visible).
    var visible: Double
    /// Largest channel difference.
    var largest: Int

    init(_ a: Pixmap, _ b: Pixmap) {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0, visibleCount = 0, largest = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in stride(from: 0, to: pa.count, by: 4) {
                    var worst = 0
                    for c in 0..<4 {
                        let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
                        total += d
                        worst = max(worst, d)
                    }
                    if worst > 32 { visibleCount += 1 }
                    largest = max(largest, worst)
                }
            }
        }
        let pixels = max(1, a.width * a.height)
        mean = Double(total) / Double(pixels * 4)
        visible = Double(visibleCount) / Double(pixels)
        self.largest = largest
    }

    var description: String {
        String(format: "mean %.3f, visible %.3f%%, largest %d", mean, visible * 100, largest)
    }
}

extension Pixmap {
    /// Each `k` x `k` block averaged (premultiplied, rounded): a picture
    /// drawn at k times the size seen at the size.
    func downsampled(by k: Int) -> Pixmap {
        let w = width / k, h = height / k
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<4 {
                        var sum = 0
                        for dy in 0..<k {
                            let row = ((y * k + dy) * width + x * k) * 4 + c
                            for dx in 0..<k { sum += Int(p[row + dx * 4]) }
                        }
                        out[(y * w + x) * 4 + c] = UInt8((sum + k * k / 2) / (k * k))
                    }
                }
            }
        }
        return Pixmap(width: w, height: h, pixels: out)
    }
}
