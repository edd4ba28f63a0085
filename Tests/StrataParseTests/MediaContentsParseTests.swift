import Foundation
import StrataModel
@testable import StrataParse
import XCTest

/// Media `contents`: the kinds a file can be, the mapping forms and their
/// keys, `type: lottie` layers, and where media cannot go.
final class MediaContentsParseTests: XCTestCase {
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/scenes/media/assets"
    let assets = "assets: {svg: \(media)/badge.svg, anim: \(media)/pulse.json, clip: \(media)/app-recording.mp4, talk: \(media)/ticker.mp4}\n"

    func testStringsOpenTheKindTheirFileHolds() throws {
        let s = try XCTUnwrap(scene(Marked(sceneText(assets + "layers: [{contents: svg}, {contents: anim}, {contents: clip}]"))))
        XCTAssertEqual(s.root.sublayers.map(\.properties.contents), ["svg", "anim", "clip"])
        XCTAssertEqual(s.media["svg"]?.source.kind, .svg)
        XCTAssertEqual(s.media["anim"]?.source.kind, .lottie)
        XCTAssertEqual(s.media["clip"]?.source.kind, .video)
        XCTAssertEqual(s.media["clip"]?.source.naturalSize, Size(200, 400))
        XCTAssertEqual(s.media["clip"]?.source.frameTimes.count, 90)
        XCTAssertEqual(s.media["clip"]?.playback, MediaPlayback(), "a plain name plays from the layer's time 0")
        XCTAssertTrue(s.images.isEmpty)
    }

    func testMappingsAreKeyedByTheirNonDefaultValuesAndShared() throws {
        let s = try XCTUnwrap(scene(Marked(sceneText(assets + """
        layers:
          - {contents: {video: clip, start: 1s, trim: [0.5s, 2s], rate: 2, loop: true}}
          - {contents: {video: clip, loop: true, rate: 2, start: 1000ms, trim: [0.5, 2]}}
          - {contents: {video: clip}}
          - {contents: {lottie: anim, speed: -1}}
        """))))
        let keys = s.root.sublayers.map(\.properties.contents)
        XCTAssertEqual(keys, ["{video: clip, start: 1, trim: [0.5, 2], rate: 2, loop: true}",
                              "{video: clip, start: 1, trim: [0.5, 2], rate: 2, loop: true}",
                              "{video: clip}", "{lottie: anim, speed: -1}"])
        XCTAssertEqual(s.media.count, 3, "the two equal mappings share an entry")
        let p = try XCTUnwrap(s.media[keys[0]!]?.playback)
        XCTAssertEqual([p.start, p.trimFrom, p.trimTo, p.rate], [1, 0.5, 2, 2])
        XCTAssertTrue(p.loop)
        XCTAssertEqual(s.media[keys[3]!]?.playback.rate, -1)
    }

    func testClipAudioSettingsAreReadIntoTheKeyAndTheEntry() throws {
        let s = try XCTUnwrap(scene(Marked(sceneText(assets + """
        layers:
          - {contents: {video: talk, audio: true}}
          - {contents: {video: talk, audio: {volume: -6dB, fadeOut: 500ms, timePitch: varispeed}}}
          - {contents: {video: talk, audio: {}}}
          - {contents: {video: talk, audio: false}}
        """))))
        let keys = s.root.sublayers.map(\.properties.contents)
        XCTAssertEqual(keys, ["{video: talk, audio: true}",
                              "{video: talk, audio: {volume: 0.5011872336272722, fadeOut: 0.5, timePitch: varispeed}}",
                              "{video: talk, audio: true}", "{video: talk}"])
        let plain = try XCTUnwrap(s.media[keys[0]!]?.audio)
        XCTAssertEqual(plain.file, "\(Self.media)/ticker.mp4")
        XCTAssertEqual([plain.gain, plain.fadeIn, plain.fadeOut], [1, 0, 0])
        XCTAssertEqual(plain.timePitch, .timeDomain)
        XCTAssertEqual(plain.offset, 0, accuracy: 1e-9, "strata's own MP4: picture and sound both start at 0")
        let tuned = try XCTUnwrap(s.media[keys[1]!]?.audio)
        XCTAssertEqual(tuned.gain, 0.501187, accuracy: 1e-6)
        XCTAssertEqual(tuned.fadeOut, 0.5)
        XCTAssertEqual(tuned.timePitch, .varispeed)
        XCTAssertNil(s.media[keys[3]!]?.audio)
    }

    func testLottieLayersFitTheirAnimationAndTakeNoOtherContents() throws {
        let s = try XCTUnwrap(scene(Marked(sceneText(assets + """
        layers:
          - {type: lottie, animation: anim, loop: true}
          - {type: lottie, animation: anim, contentsGravity: center}
        """))))
        XCTAssertEqual(s.root.sublayers.map(\.properties.contents), ["{lottie: anim, loop: true}", "{lottie: anim}"])
        XCTAssertEqual(s.root.sublayers.map(\.properties.contentsGravity), [.resizeAspect, .center])
        XCTAssertEqual(s.root.sublayers.first?.type, .lottie)

        let both = Marked(sceneText(assets + "layers: [{type: lottie, ⟨c⟩contents: svg, animation: anim}]"))
        assertOnlyError(both, at: "c", "a lottie layer draws its 'animation' as its contents; give the file as 'animation'")
        let none = Marked(sceneText(assets + "layers: [⟨l⟩{type: lottie}]"))
        guard case .success(let loaded) = load(none) else { return XCTFail("a lottie layer without animation loads") }
        XCTAssertEqual(loaded.warnings.map(\.description), ["\(none.at("l")): warning: the lottie layer has no 'animation', so it draws nothing"])
        let wrong = Marked(sceneText(assets + "layers: [{⟨k⟩animation: anim}]"))
        assertOnlyError(wrong, at: "k", "'animation' is a key of 'lottie' layers, not of type 'layer'")
    }

    func testMediaMappingsAreChecked() {
        let cases: [(layer: String, message: String)] = [
            ("{contents: ⟨m⟩{start: 1s}}", "media contents name their file with 'video' or 'lottie'"),
            ("{contents: {video: clip, ⟨m⟩speed: 2}}", "'speed' is a key of lottie contents, not of video contents; a video plays faster with 'rate'"),
            ("{contents: {lottie: anim, ⟨m⟩audio: true}}", "'audio' is a key of video contents, not of lottie contents"),
            ("{contents: {video: clip, trim: [1s, ⟨m⟩0.5s]}}", "trim ends at 0.5s, not after it starts (1s)"),
            ("{contents: {video: clip, trim: ⟨m⟩[1s]}}", "trim is [from, to] in seconds of the media, found 1 values"),
            ("{contents: {lottie: anim, trim: [⟨m⟩2.5s, 3s]}}", "trim starts at 2.5s, past the end of the media (2s)"),
            ("{contents: {video: clip, rate: ⟨m⟩100}}", "expected a number from -64 to 64, found '100'"),
            ("{contents: {video: clip, audio: ⟨m⟩true}}", "audio: true, but the clip has no audio stream"),
            ("{contents: {video: talk, audio: {timePitch: ⟨m⟩spectral}}}", "unknown timePitch 'spectral'; expected 'timeDomain' or 'varispeed'"),
            ("{contents: {video: talk, audio: {⟨m⟩pitch: 1}}}", "unknown clip audio key 'pitch'; expected 'volume', 'fadeIn', 'fadeOut' or 'timePitch'"),
        ]
        for c in cases {
            assertOnlyError(Marked(sceneText(assets + "layers: [\(c.layer)]")), at: "m", c.message)
        }
    }

    func testParticlesTakeStillImagesOnly() {
        let m = Marked(sceneText(assets + """
        layers:
          - type: emitter
            emitterCells: [{contents: ⟨c⟩svg, birthRate: 1, lifetime: 1}]
        """))
        assertOnlyError(m, at: "c", "particle contents must be a still image (PNG, JPEG or WebP); 'svg' is an SVG")
    }

    func testTransactionsMayChangeContentsToMedia() throws {
        let s = try XCTUnwrap(scene(Marked(sceneText(assets + """
        layers: [{name: l, contents: svg}]
        timeline: [{at: 1s, set: {l.contents: {video: clip, loop: true}}}]
        """))))
        XCTAssertEqual(s.timeline.flatMap(\.changes).map(\.value), [.animatable(.image(ContentsValue(key: "{video: clip, loop: true}")))])
        XCTAssertNotNil(s.media["{video: clip, loop: true}"])
    }

    func testTheSchemaDescribesMediaContents() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sceneJSONSchema().utf8)) as? [String: Any])
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let media = try XCTUnwrap(defs["mediaContents"] as? [String: Any])
        XCTAssertEqual(Set(((media["properties"] as? [String: Any]) ?? [:]).keys),
                       ["video", "lottie", "start", "trim", "rate", "speed", "loop", "audio"])
        let clipAudio = try XCTUnwrap(defs["clipAudio"] as? [String: Any])
        XCTAssertEqual(Set(((clipAudio["properties"] as? [String: Any]) ?? [:]).keys), ["volume", "fadeIn", "fadeOut", "timePitch"])
        let layer = try XCTUnwrap(((defs["layer"] as? [String: Any])?["properties"] as? [String: Any]))
        let contents = try XCTUnwrap(layer["contents"] as? [String: Any])
        XCTAssertEqual((contents["anyOf"] as? [[String: Any]])?.count, 2)
        XCTAssertNotNil(layer["animation"])
    }
}
