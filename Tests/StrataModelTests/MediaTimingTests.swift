import StrataModel
import XCTest

/// Which frame of time-based media shows when: frame intervals from
/// timestamps, the played part, and the layer-time mapping.
final class MediaTimingTests: XCTestCase {
    func testTheFrameWhoseIntervalContainsTheTimeShows() {
        // Variable frame rate: frames of 1/30, 1/10 and 1/60 s.
        let times = MediaFrameTimes.list(starts: [0, 1.0 / 30, 1.0 / 30 + 0.1, 1.0 / 30 + 0.1 + 1.0 / 60], end: 0.2)
        XCTAssertEqual(times.frame(at: 0), 0)
        XCTAssertEqual(times.frame(at: 0.03), 0)
        XCTAssertEqual(times.frame(at: 1.0 / 30), 1, "a frame shows from its own start")
        XCTAssertEqual(times.frame(at: 0.1), 1)
        XCTAssertEqual(times.frame(at: 0.14), 2)
        XCTAssertEqual(times.frame(at: 0.19), 3)
        XCTAssertEqual(times.frame(at: 5), 3, "the last frame after the end")
        XCTAssertEqual(times.frame(at: -1), 0, "the first before the start")
        XCTAssertEqual(times.duration, 0.2)
    }

    func testFrameTimesComputedAsIOverFpsLandOnTheirFrame() {
        // 1/30 s steps: i / 30 and i * (1 / 30) differ in the last bits for many i.
        let starts = (0..<3000).map { Double($0) / 30 }
        let list = MediaFrameTimes.list(starts: starts, end: 100)
        let uniform = MediaFrameTimes.uniform(rate: 30, count: 3000)
        for i in 0..<3000 {
            let t = Double(i) * (1.0 / 30)
            XCTAssertEqual(list.frame(at: t), i)
            XCTAssertEqual(uniform.frame(at: t), i)
            XCTAssertEqual(list.frame(at: t.nextDown), i, "one ulp early is still frame \(i)")
        }
    }

    func testThePlayedPartKeepsItsFrames() {
        let times = MediaFrameTimes.uniform(rate: 10, count: 50)  // 5 s
        XCTAssertEqual(times.frame(at: 0, from: 1, to: 2), 10, "before the part: its first frame")
        XCTAssertEqual(times.frame(at: 1.55, from: 1, to: 2), 15)
        XCTAssertEqual(times.frame(at: 2, from: 1, to: 2), 19, "at its end: the last frame starting before it")
        XCTAssertEqual(times.frame(at: 9, from: 1, to: 2), 19)
        XCTAssertEqual(times.frame(at: 1.23, from: 1.25, to: 1.27), 12, "a part inside one frame shows that frame")
    }

    func testStartTrimRateAndLoopMapLayerTimeToMediaTime() {
        var p = MediaPlayback()
        p.start = 1; p.trimFrom = 2; p.trimTo = 6
        XCTAssertEqual(p.mediaTime(layerTime: 0, duration: 10), 2, "before start: the first frame of the part")
        XCTAssertEqual(p.mediaTime(layerTime: 1, duration: 10), 2)
        XCTAssertEqual(p.mediaTime(layerTime: 3.5, duration: 10), 4.5, accuracy: 1e-12)
        XCTAssertEqual(p.mediaTime(layerTime: 5, duration: 10), 6, "the end holds")
        XCTAssertEqual(p.mediaTime(layerTime: 50, duration: 10), 6)
        p.rate = 2
        XCTAssertEqual(p.mediaTime(layerTime: 2, duration: 10), 4, accuracy: 1e-12)
        p.loop = true; p.rate = 1
        XCTAssertEqual(p.mediaTime(layerTime: 5, duration: 10), 2, accuracy: 1e-12, "a loop starts again")
        XCTAssertEqual(p.mediaTime(layerTime: 6.5, duration: 10), 3.5, accuracy: 1e-12)
        p.loop = false; p.rate = -1
        XCTAssertEqual(p.mediaTime(layerTime: 1, duration: 10), 6, "backwards from the end")
        XCTAssertEqual(p.mediaTime(layerTime: 2, duration: 10), 5, accuracy: 1e-12)
        var whole = MediaPlayback()
        whole.start = -1
        XCTAssertEqual(whole.mediaTime(layerTime: 0.5, duration: 3), 1.5, accuracy: 1e-12, "a negative start is already playing")
    }

    func testFramesOfAPlaybackAtSceneFrameTimes() {
        // A 24 fps clip started at 0.5 s, trimmed to [0.5 s, 1.5 s), in a 24 fps scene.
        var p = MediaPlayback()
        p.start = 0.5; p.trimFrom = 0.5; p.trimTo = 1.5
        let times = MediaFrameTimes.list(starts: (0..<48).map { Double($0) / 24 }, end: 2)
        let frames = (0..<72).map { p.frame(atLayerTime: Double($0) / 24, times: times) }
        XCTAssertEqual(frames, Array(repeating: 12, count: 12) + Array(12..<36) + Array(repeating: 35, count: 36))
    }

    func testRasterScalesStepAQuarterOctaveUpAndKeepCommonScalesExact() {
        XCTAssertEqual(RasterScale.quantized(1), 1)
        XCTAssertEqual(RasterScale.quantized(1 + 1e-12), 1, "rounding noise stays on the step")
        XCTAssertEqual(RasterScale.quantized(1.01), 1.25)
        XCTAssertEqual(RasterScale.quantized(1.5), 1.5)
        XCTAssertEqual(RasterScale.quantized(2), 2)
        XCTAssertEqual(RasterScale.quantized(2.2), 2.5)
        XCTAssertEqual(RasterScale.quantized(3), 3)
        XCTAssertEqual(RasterScale.quantized(0.5), 0.5)
        XCTAssertEqual(RasterScale.quantized(0.3), 0.3125)
        XCTAssertEqual(RasterScale.quantized(0), 0)
        XCTAssertEqual(RasterScale.quantized(.nan), 0)
        // A zoom from 1 to 4 rasterizes at 9 scales, never shown enlarged.
        let scales = Set(stride(from: 1.0, through: 4, by: 0.001).map(RasterScale.quantized))
        XCTAssertEqual(scales.sorted(), [1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4])
        for s in stride(from: 0.01, through: 100, by: 0.37) {
            let q = RasterScale.quantized(s)
            XCTAssertGreaterThanOrEqual(q, s * (1 - 1e-9)); XCTAssertLessThanOrEqual(q, s * 1.25 + 1e-9)
        }
    }

    func testRasterSizesStayWithinTheLimits() {
        XCTAssertTrue(RasterScale.pixelSize(natural: Size(64, 32), scale: 2) == (128, 64))
        XCTAssertTrue(RasterScale.pixelSize(natural: Size(10.5, 3), scale: 1) == (11, 3))
        let huge = RasterScale.pixelSize(natural: Size(1000, 500), scale: 1000)
        XCTAssertLessThanOrEqual(huge.width, RasterScale.maxSide)
        XCTAssertLessThanOrEqual(huge.width * huge.height, RasterScale.maxPixels)
        XCTAssertEqual(Double(huge.width) / Double(huge.height), 2, accuracy: 0.01)
        XCTAssertTrue(RasterScale.pixelSize(natural: Size(100, 100), scale: 1e-9) == (1, 1))
    }
}
