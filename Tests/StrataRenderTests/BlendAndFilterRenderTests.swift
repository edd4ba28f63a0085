import StrataModel
@testable import StrataRender
import XCTest

/// compositingFilter, filters and backgroundFilters drawn by both renderers,
/// at exact pixels.
final class BlendAndFilterRenderTests: XCTestCase {
    private func renderBoth(_ tree: RenderTree) throws -> [Pixmap] {
        [try FrameRenderer().render(tree), try DirectRenderer().render(tree)]
    }

    /// Grey multiplied onto orange: (255, 128, 0) x 128/255.
    func testMultiplyOnKnownPixels() throws {
        var top = Fixture.layer("root.top", Rect(10, 0, 20, 20), background: Color(128.0 / 255, 128.0 / 255, 128.0 / 255))
        top.compositingFilter = .multiply
        let below = Fixture.layer("root.below", Rect(0, 0, 20, 20), background: Color(1, 128.0 / 255, 0))
        for image in try renderBoth(Fixture.tree(40, 20, [below, top])) {
            XCTAssertEqual(image.rgba(5, 10), [255, 128, 0, 255])  // the backdrop alone
            XCTAssertEqual(image.rgba(15, 10), [128, 64, 0, 255])  // multiplied
            XCTAssertEqual(image.rgba(25, 10), [128, 128, 128, 255])  // over nothing: the source
        }
    }

    /// sourceIn clears the backdrop where the layer is transparent, within its bounds only.
    func testClearingOperatorsStayInTheBounds() throws {
        let below = Fixture.layer("root.below", Rect(0, 0, 40, 20), background: Fixture.red)
        var top = Fixture.layer("root.top", Rect(10, 0, 20, 20),
                                children: [Fixture.layer("root.top.dot", Rect(0, 0, 10, 20), background: Fixture.blue)])
        top.compositingFilter = .sourceIn
        for image in try renderBoth(Fixture.tree(40, 20, [below, top])) {
            XCTAssertEqual(image.rgba(5, 10), [255, 0, 0, 255])  // outside the bounds: untouched
            XCTAssertEqual(image.rgba(15, 10), [0, 0, 255, 255])  // the source, in the backdrop's alpha
            XCTAssertEqual(image.rgba(25, 10), [0, 0, 0, 0])  // in the bounds, no source: cleared
            XCTAssertEqual(image.rgba(35, 10), [255, 0, 0, 255])
        }
    }

    /// Saturation 0 turns a red layer's flattened group Rec. 709 grey; a
    /// background blur leaves the backdrop outside the bounds sharp.
    func testColorControlsAndBackgroundBlur() throws {
        var grey = Fixture.layer("root.grey", Rect(0, 0, 10, 10), background: Fixture.red)
        var controls = LayerFilter(.colorControls)
        controls.inputSaturation = 0
        grey.filters = [controls]
        let stripe = Fixture.layer("root.stripe", Rect(20, 0, 4, 30), background: Fixture.blue)
        var glass = Fixture.layer("root.glass", Rect(20, 15, 20, 15))
        glass.backgroundFilters = [LayerFilter(.gaussianBlur)]
        glass.backgroundFilters[0].inputRadius = 3
        for image in try renderBoth(Fixture.tree(40, 30, [grey, stripe, glass])) {
            XCTAssertEqual(image.rgba(5, 5), [54, 54, 54, 255])  // 0.2125 x 255 = 54.2
            XCTAssertEqual(image.rgba(22, 5), [0, 0, 255, 255])  // above the glass: sharp
            let blurred = image.rgba(22, 25)
            XCTAssertLessThan(blurred[3], 200)  // spread out under the glass
            XCTAssertGreaterThan(image.rgba(27, 25)[3], 0)
        }
    }
}
