import StrataModel
@testable import StrataTimeline
import XCTest

/// Where a layer's clip sound is heard: the layer's time chain and the
/// contents' playback, as segments of scene time.
final class ClipSoundPlannerTests: XCTestCase {
    /// A 2 s clip of 40 frames that draws nothing (only its timing matters here).
    final class Clip: MediaSource, @unchecked Sendable {
        let kind = MediaKind.video
        let identity = "clip"
        let naturalSize = Size(16, 16)
        let frameTimes = MediaFrameTimes.uniform(rate: 20, count: 40)
        func pixels(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap { Pixmap(width: 1, height: 1) }
    }

    let here = EngineFixture.here

    /// Layer `a` showing the clip with `playback`, set up by `configure`, in a 4 s scene.
    /// `modelChanges`: the timeline's changes of layer `a`.
    func sounds(_ playback: MediaPlayback, configure: (inout Layer) -> Void = { _ in },
                parent: LayerTiming = .identity, modelChanges: [ModelChange] = []) throws -> [ClipSoundSegment] {
        var scene = EngineFixture.scene([]) { a in
            a.properties.contents = "clip"
            configure(&a)
        }
        scene.root.timing = parent
        scene.media["clip"] = MediaContents(source: Clip(), playback: playback,
                                            audio: ClipAudio(file: "clip.mp4", location: here), file: "clip.mp4")
        let timeline = CompiledTimeline(scene: scene, layers: [[0]: TimelineOutput(modelChanges: modelChanges)])
        let sounds = try ClipSoundPlanner.sounds(in: scene, layers: CompiledLayers(timeline))
        XCTAssertTrue(sounds.allSatisfy { $0.layerPath == "a" })
        return sounds.flatMap(\.segments)
    }

    func assertSegments(_ found: [ClipSoundSegment], _ expected: [(Double, Double, Double, Double)],
                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.count, expected.count, "\(found)", file: file, line: line)
        for (f, e) in zip(found, expected) {
            for (a, b) in [(f.sceneStart, e.0), (f.sceneEnd, e.1), (f.mediaStart, e.2), (f.rate, e.3)] {
                XCTAssertEqual(a, b, accuracy: 1e-9, "\(found)", file: file, line: line)
            }
        }
    }

    func testStartAndTrimPlayOnceAndTheHeldFramesAreSilent() throws {
        var p = MediaPlayback()
        p.start = 1; p.trimFrom = 0.5; p.trimTo = 1.5
        assertSegments(try sounds(p), [(1, 2, 0.5, 1)])
    }

    func testTheLayersChainAndAncestorsMapSceneTimeLinearly() throws {
        // Parent: local = (t - 1) * 2; layer: local = (parent - 0) * 0.5 + 0.25 → t - 0.75.
        let parent = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0)
        assertSegments(try sounds(MediaPlayback(), configure: { $0.timing = LayerTiming(beginTime: 0, speed: 0.5, timeOffset: 0.25) },
                                  parent: parent),
                       [(0.75, 2.75, 0, 1)])
        // Speed 3 from scene 0 with timeOffset 1: media 1 ... 2 over scene 0 ... 1/3.
        assertSegments(try sounds(MediaPlayback(), configure: { $0.timing = LayerTiming(beginTime: 0, speed: 3, timeOffset: 1) }),
                       [(0, 1.0 / 3, 1, 3)])
    }

    func testALoopRestartsTheSpanAndARateScalesIt() throws {
        var p = MediaPlayback()
        p.trimFrom = 0.5; p.trimTo = 1.5; p.rate = 0.8; p.loop = true
        // One play lasts 1 / 0.8 = 1.25 s of the 4 s scene.
        assertSegments(try sounds(p), [(0, 1.25, 0.5, 0.8), (1.25, 2.5, 0.5, 0.8), (2.5, 3.75, 0.5, 0.8), (3.75, 4, 0.5, 0.8)])
    }

    func testBackwardsAndFrozenPlayAreSilent() throws {
        var backwards = MediaPlayback()
        backwards.rate = -1
        XCTAssertEqual(try sounds(backwards).count, 0)
        XCTAssertEqual(try sounds(MediaPlayback(), configure: { $0.timing.speed = -1 }).count, 0)
        XCTAssertEqual(try sounds(MediaPlayback(), configure: { $0.timing.speed = 0 }).count, 0)
    }

    func testModelChangesSwitchTheSoundAtTheirCommitTimes() throws {
        let contents = EngineFixture.path("contents")
        let changes = [
            ModelChange(time: 0.61, sequence: 0, keyPath: contents, value: .animatable(.image(ContentsValue(key: "clip"))), layerTime: 0.61),
            ModelChange(time: 1.234, sequence: 1, keyPath: contents, value: .animatable(.image(ContentsValue(key: nil))), layerTime: 1.234),
        ]
        let segments = try sounds(MediaPlayback(), configure: { $0.properties.contents = nil }, modelChanges: changes)
        assertSegments(segments, [(0.61, 1.234, 0.61, 1)])
    }

    func testAContentsAnimationIsFoundBetweenFramesByBisection() throws {
        // A discrete keyframe animation shows the clip over layer seconds [0.51, 1.52).
        let keyframes = KeyframeAnimation(values: [.image(ContentsValue(key: nil)), .image(ContentsValue(key: "clip")),
                                                   .image(ContentsValue(key: nil))],
                                          keyTimes: [0, 0.51 / 4, 1.52 / 4, 1], calculationMode: .discrete)
        let animation = EngineFixture.animation("contents", .keyframe(keyframes), duration: 4) { $0.removedOnCompletion = false }
        let segments = try sounds(MediaPlayback()) { a in
            a.properties.contents = nil
            a.animations = [animation]
        }
        XCTAssertEqual(segments.count, 1)
        XCTAssertEqual(segments.first?.sceneStart ?? 0, 0.51, accuracy: 1e-6)
        XCTAssertEqual(segments.first?.sceneEnd ?? 0, 1.52, accuracy: 1e-6)
        XCTAssertEqual(segments.first?.mediaStart ?? 0, 0.51, accuracy: 1e-6)
    }

    func testARateSoundCannotPlayAtIsAnErrorAtTheAudioEntry() throws {
        var p = MediaPlayback()
        p.rate = 8
        XCTAssertThrowsError(try sounds(p, configure: { $0.timing.speed = 5 })) { error in
            XCTAssertEqual((error as? Diagnostic)?.location, here)
            XCTAssertTrue((error as? Diagnostic)?.message.contains("would play at 40x") ?? false, "\(error)")
        }
    }
}
