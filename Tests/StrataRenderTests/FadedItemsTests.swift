import StrataModel
import XCTest

@testable import StrataRender

/// A translucent layer without sublayers whose fills cannot overlap (or
/// that does not group them) has its opacity multiplied into each item as
/// the item is made (`FramePlanner.fadesAsItIsMade`, `Planned.alpha`): its
/// plan must be the very one that fading its opaque items gives, and a
/// layer whose fills may overlap keeps its group.
final class FadedItemsTests: XCTestCase {
    /// One renderer, so that both plans find the same stores (compared by identity).
    let renderer = FrameRenderer()
    let opacity = 0.37

    func items(_ node: RenderNode) throws -> [PlanItem] {
        try renderer.prepare(Fixture.tree(40, 40, [node])).plan.items
    }

    /// The layer's items made opaque, then each faded by `opacity`.
    func fadedAfter(_ node: RenderNode) throws -> [PlanItem] {
        var opaque = node
        opaque.opacity = 1
        return try items(opaque).map { $0.fading(by: opacity) }
    }

    func shape(fill: Color?, stroke: Color? = nil) -> RenderNode {
        var node = Fixture.layer("root.shape", Rect(5, 5, 20, 20), opacity: opacity)
        var s = ShapeProperties()
        s.path = .rect(Rect(2, 2, 12, 12))
        s.fillColor = fill
        s.strokeColor = stroke
        s.lineWidth = 2
        node.content = .shape(s)
        return node
    }

    func testABackgroundIsMadeFaded() throws {
        let node = Fixture.layer("root.a", Rect(5, 5, 20, 10), background: Fixture.red, opacity: opacity)
        let made = try items(node)
        XCTAssertEqual(made, try fadedAfter(node))
        guard case .fill(let fill) = made.first else { return XCTFail("expected a fill, got \(made)") }
        XCTAssertEqual(fill.alpha, opacity)
    }

    func testAShapesQuadIsMadeFadedWithItsColour() throws {
        let node = shape(fill: Fixture.blue)
        let made = try items(node)
        XCTAssertEqual(made, try fadedAfter(node))
        guard case .quad(let quad) = made.first else { return XCTFail("expected a quad, got \(made)") }
        XCTAssertEqual(quad.alpha, opacity)
        XCTAssertEqual(quad.color, Fixture.blue)
    }

    func testWithoutGroupOpacityOverlappingFillsAreEachMadeFaded() throws {
        var node = shape(fill: Fixture.blue, stroke: Fixture.green)
        node.allowsGroupOpacity = false
        let made = try items(node)
        XCTAssertEqual(made.count, 2)
        XCTAssertEqual(made, try fadedAfter(node))
    }

    func testFillsThatMayOverlapKeepTheirGroup() throws {
        for node in [shape(fill: Fixture.blue, stroke: Fixture.green),
                     Fixture.layer("root.b", Rect(5, 5, 20, 10), background: Fixture.red, borderWidth: 2,
                                   borderColor: Fixture.green, opacity: opacity)] {
            let made = try items(node)
            guard made.count == 1, case .group(let group) = made[0] else { return XCTFail("expected a group, got \(made)") }
            XCTAssertEqual(group.effect, .opacity)
            XCTAssertEqual(group.alpha, opacity)
        }
    }

    func testALayerWithSublayersFadesAfter() throws {
        let child = Fixture.layer("root.c.d", Rect(2, 2, 5, 5), background: Fixture.blue, opacity: 0.5)
        let node = Fixture.layer("root.c", Rect(5, 5, 20, 10), opacity: opacity, children: [child])
        let made = try items(node)
        guard case .fill(let fill) = made.first else { return XCTFail("expected a fill, got \(made)") }
        XCTAssertEqual(fill.alpha, 0.5 * opacity)
    }
}
