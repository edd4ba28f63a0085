import StrataModel
import XCTest
@testable import StrataParse

/// cornerCurve, compositingFilter, filters and backgroundFilters as a scene writes them.
final class BlendAndFilterParseTests: XCTestCase {
    func testCornerCurve() {
        XCTAssertEqual(scene(Marked(layerScene("cornerCurve: continuous")))?.root.sublayers[0].properties.cornerCurve, .continuous)
        XCTAssertEqual(scene(Marked(layerScene("opacity: 1")))?.root.sublayers[0].properties.cornerCurve, .circular)
        assertOnlyError(Marked(layerScene("cornerCurve: ⟨v⟩continous")), at: "v",
                        "unknown corner curve 'continous'; did you mean 'continuous'?")
    }

    func testCompositingFilterTakesCoreAnimationAndCoreImageNames() {
        for (text, mode) in [("multiplyBlendMode", BlendMode.multiply), ("CIMultiplyBlendMode", .multiply),
                             ("sourceAtop", .sourceAtop), ("CISourceAtopCompositing", .sourceAtop),
                             ("luminosityBlendMode", .luminosity), ("destOut", .destOut)] {
            XCTAssertEqual(scene(Marked(layerScene("compositingFilter: \(text)")))?.root.sublayers[0].properties.compositingFilter,
                           mode, text)
        }
        XCTAssertNil(scene(Marked(layerScene("compositingFilter: null")))?.root.sublayers[0].properties.compositingFilter)
        assertOnlyError(Marked(layerScene("compositingFilter: ⟨v⟩multiplyBlendMod")), at: "v",
                        "unknown compositing filter 'multiplyBlendMod'; did you mean 'multiplyBlendMode'?")
    }

    func testFilters() {
        let m = Marked(layerScene("""
        filters: [{filter: CIGaussianBlur, inputRadius: 4}, {filter: CIColorControls, name: mono, inputSaturation: 0, inputBrightness: 0.1, inputContrast: 1.5}]
        backgroundFilters: [{filter: CIGaussianBlur}]
        """))
        guard let p = scene(m)?.root.sublayers[0].properties else { return XCTFail() }
        var blur = LayerFilter(.gaussianBlur)
        blur.inputRadius = 4
        var mono = LayerFilter(.colorControls, name: "mono")
        mono.inputSaturation = 0; mono.inputBrightness = 0.1; mono.inputContrast = 1.5
        XCTAssertEqual(p.filters, [blur, mono])
        XCTAssertEqual(p.backgroundFilters, [LayerFilter(.gaussianBlur)])
        XCTAssertEqual(p.backgroundFilters[0].inputRadius, 10)
    }

    func testFilterErrorsAreLocated() {
        assertOnlyError(Marked(layerScene("filters: [{filter: ⟨v⟩CIGaussianBlr}]")), at: "v",
                        "unknown filter 'CIGaussianBlr'; did you mean 'CIGaussianBlur'?")
        assertOnlyError(Marked(layerScene("filters: [{filter: CIColorControls, ⟨v⟩inputRadius: 3}]")), at: "v",
                        "CIColorControls has no 'inputRadius'; its keys are 'inputSaturation', 'inputBrightness' or 'inputContrast'")
        assertOnlyError(Marked(layerScene("filters: [⟨v⟩{inputRadius: 3}]")), at: "v",
                        "missing required key 'filter' in filter")
        assertOnlyError(Marked(layerScene("backgroundFilters: [{filter: CIGaussianBlur, inputRadius: ⟨v⟩-1}]")), at: "v",
                        "expected a length from 0 to 1000, found '-1'")
        assertOnlyError(Marked(layerScene("filters: [{filter: CIColorControls, inputBrightness: ⟨v⟩2}]")), at: "v",
                        "expected a number from -1 to 1, found '2'")
        assertOnlyError(Marked(layerScene("filters: ⟨v⟩CIGaussianBlur")), at: "v",
                        "expected a list of filters, found 'CIGaussianBlur'")
    }
}
