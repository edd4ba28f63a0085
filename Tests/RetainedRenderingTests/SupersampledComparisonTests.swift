import StrataModel
import Foundation
import StrataEncode
import StrataRender
import XCTest

/// The retained renderer on every scene in scenes/ against the truth: the
/// direct reference renderer (every layer drawn straight into the frame
/// with Cairo) at 4x the scale, each 4x4 block averaged. Compositing cached
/// bitmaps moves anti-aliased edges by fractions of a pixel, so this bounds
/// the error instead of asking for equality: the retained renderer may be
/// off the truth by at most twice what direct drawing at 1x is, plus an
/// allowance for resampling (text and tiny canvases are far from their 4x
/// rendering for both, which a relative bound absorbs).
final class SupersampledComparisonTests: XCTestCase {
    /// Mean channel difference (0...255): at most twice the direct one plus this.
    static let meanAllowance = 0.5
    /// Share of pixels off by more than 32 in some channel: at most three
    /// times the direct one plus this.
    static let visibleAllowance = 0.005

    func testRetainedMatchesSupersampledDirectOnEveryScene() throws {
        var report: [String] = []
        for file in SceneFrames.files {
            let scene = try SceneFrames.load(file)
            let frames = SceneFrames.goldenFrames(scene)
            // One frame per scene (the middle golden one) keeps the 4x renders affordable.
            let f = frames[frames.count / 2]
            let truth = try DirectRenderer().render(SceneFrames.tree(scene, frame: f, supersample: 4)).downsampled(by: 4)
            let retained = try FrameRenderer().render(SceneFrames.tree(scene, frame: f))
            let direct = try DirectRenderer().render(SceneFrames.tree(scene, frame: f))
            let r = PictureError(retained, truth), d = PictureError(direct, truth)
            let name = String(file.dropFirst(SceneFrames.root.path.count + 1))
            report.append("\(name) frame \(f): retained \(r); direct \(d)")
            XCTAssertLessThanOrEqual(r.mean, 2 * d.mean + Self.meanAllowance, "\(name) frame \(f): \(r) (direct: \(d))")
            XCTAssertLessThanOrEqual(r.visible, 3 * d.visible + Self.visibleAllowance, "\(name) frame \(f): \(r) (direct: \(d))")
        }
        print(report.joined(separator: "\n"))
    }
}

extension SupersampledComparisonTests {
    /// Writes retained / truth / direct PNGs of one scene frame for review
    /// (set STRATA_COMPARE_SCENE=path and STRATA_COMPARE_OUT=dir).
    func testWriteComparisonImages() throws {
        let env = ProcessInfo.processInfo.environment
        guard let file = env["STRATA_COMPARE_SCENE"], let dir = env["STRATA_COMPARE_OUT"] else {
            throw XCTSkip("set STRATA_COMPARE_SCENE and STRATA_COMPARE_OUT")
        }
        let scene = try SceneFrames.load(file)
        let f = Int(env["STRATA_COMPARE_FRAME"] ?? "") ?? SceneFrames.goldenFrames(scene)[0]
        let truth = try DirectRenderer().render(SceneFrames.tree(scene, frame: f, supersample: 4)).downsampled(by: 4)
        try PNGCodec.write(truth, to: dir + "/truth.png")
        try PNGCodec.write(try FrameRenderer().render(SceneFrames.tree(scene, frame: f)), to: dir + "/retained.png")
        try PNGCodec.write(try DirectRenderer().render(SceneFrames.tree(scene, frame: f)), to: dir + "/direct.png")
    }
}
