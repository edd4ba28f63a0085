import StrataModel
import StrataRender
import XCTest

/// Draw order and compositing: borders, masksToBounds, group opacity.
final class FrameRendererCompositingTests: XCTestCase {
    func testBorderIsInsideTheBoundsAndAboveSublayers() throws {
        let child = Fixture.layer("root.box.child", Rect(0, 0, 20, 20), background: Fixture.red)
        let box = Fixture.layer("root.box", Rect(5, 5, 20, 20), background: Fixture.green,
                                borderWidth: 2, borderColor: Fixture.blue, children: [child])
        let pixmap = try Fixture.render(Fixture.tree(30, 30, [box]))
        let painted = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertEqual([painted.minX, painted.minY, painted.maxX, painted.maxY], [5, 5, 24, 24])
        for (x, y) in [(5, 5), (6, 6), (24, 24), (23, 23), (15, 5), (5, 15), (24, 15), (15, 24)] {
            XCTAssertEqual(pixmap.rgba(x, y), opaqueBlue, "border at (\(x), \(y))")
        }
        for (x, y) in [(7, 7), (22, 22), (15, 15), (7, 22)] {
            XCTAssertEqual(pixmap.rgba(x, y), opaqueRed, "child at (\(x), \(y))")
        }
    }

    func testRoundedBorderFollowsTheCornerAndLeavesTheHoleUnpainted() throws {
        // Translucent background would show through a missing hole; none here.
        let box = Fixture.layer("root.ring", Rect(0, 0, 20, 20), cornerRadius: 6,
                                borderWidth: 3, borderColor: Fixture.blue)
        let pixmap = try Fixture.render(Fixture.tree(20, 20, [box]))
        XCTAssertEqual(pixmap.rgba(0, 0), transparent)
        XCTAssertEqual(pixmap.rgba(10, 0), opaqueBlue)
        XCTAssertEqual(pixmap.rgba(10, 2), opaqueBlue)
        XCTAssertEqual(pixmap.rgba(10, 3), transparent)
        XCTAssertEqual(pixmap.rgba(10, 10), transparent)
        XCTAssertEqual(pixmap.rgba(19, 10), opaqueBlue)
    }

    func testBorderWiderThanHalfTheLayerFillsIt() throws {
        let box = Fixture.layer("root.b", Rect(2, 2, 6, 4), borderWidth: 10, borderColor: Fixture.blue)
        let pixmap = try Fixture.render(Fixture.tree(10, 10, [box]))
        pixmap.assertExactly(opaqueBlue, in: (2, 2, 7, 5))
    }

    func testMasksToBoundsClipsSublayers() throws {
        let child = Fixture.layer("root.clip.child", Rect(5, 5, 20, 20), background: Fixture.red)
        let clip = Fixture.layer("root.clip", Rect(10, 10, 10, 10), masksToBounds: true, children: [child])
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [clip]))
        pixmap.assertExactly(opaqueRed, in: (15, 15, 19, 19))

        var unclipped = clip
        unclipped.masksToBounds = false
        try Fixture.render(Fixture.tree(40, 40, [unclipped])).assertExactly(opaqueRed, in: (15, 15, 34, 34))
    }

    func testMasksToBoundsWithCornerRadiusClipsToTheRoundedRect() throws {
        let child = Fixture.layer("root.clip.child", Rect(-5, -5, 30, 30), background: Fixture.red)
        let clip = Fixture.layer("root.clip", Rect(10, 10, 20, 20), cornerRadius: 8, masksToBounds: true,
                                 children: [child])
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [clip]))
        let painted = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertEqual([painted.minX, painted.minY, painted.maxX, painted.maxY], [10, 10, 29, 29])
        XCTAssertEqual(pixmap.rgba(10, 10), transparent)
        XCTAssertEqual(pixmap.rgba(29, 29), transparent)
        XCTAssertEqual(pixmap.rgba(20, 10), opaqueRed)
        XCTAssertEqual(pixmap.rgba(20, 20), opaqueRed)
        // The rounded clip matches the same layer's rounded background exactly.
        let filled = try Fixture.render(Fixture.tree(40, 40, [
            Fixture.layer("root.fill", Rect(10, 10, 20, 20), background: Fixture.red, cornerRadius: 8),
        ]))
        XCTAssertEqual(pixmap, filled)
    }

    func testMasksToBoundsClipsASublayerThatOnlyCrossesTheRoundedCorner() throws {
        // The child stays inside the straight edges but crosses the corner arcs.
        let child = Fixture.layer("root.clip.child", Rect(1, 1, 18, 18), background: Fixture.red)
        let clip = Fixture.layer("root.clip", Rect(10, 10, 20, 20), cornerRadius: 8, masksToBounds: true,
                                 children: [child])
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [clip]))
        XCTAssertEqual(pixmap.rgba(11, 11), transparent)  // (12, 12) is 8.49 from the arc centre (18, 18)
        XCTAssertEqual(pixmap.rgba(28, 28), transparent)
        XCTAssertEqual(pixmap.rgba(11, 20), opaqueRed)
        XCTAssertEqual(pixmap.rgba(14, 14), opaqueRed)
    }

    func testSublayersInsideTheMaskLookTheSameClippedOrNot() throws {
        // Rotated, rounded, fractional: a sublayer wholly inside the mask is
        // drawn exactly as without masksToBounds; one sticking out is cut.
        let inside = Fixture.layer("root.clip.inside", Rect(6.3, 5.7, 20, 12), background: Fixture.green,
                                   cornerRadius: 3)
        let outside = Fixture.layer("root.clip.outside", Rect(30, 20, 30, 30), background: Fixture.blue)
        let turn = Transform3D.rotation(0.4, 0, 0, 1) * .translation(20.5, 8.25)
        func render(masks: Bool, _ children: [RenderNode]) throws -> Pixmap {
            try Fixture.render(Fixture.tree(60, 60, [
                Fixture.layer("root.clip", Rect(0, 0, 40, 30), background: Color(0.5, 0.5, 0.5, 0.5),
                              cornerRadius: 6, masksToBounds: masks, transform: turn, children: children),
            ]))
        }
        XCTAssertEqual(try render(masks: true, [inside]), try render(masks: false, [inside]))
        let cut = try render(masks: true, [inside, outside])
        XCTAssertNotEqual(cut, try render(masks: false, [inside, outside]))
        XCTAssertEqual(cut, try render(masks: true, [inside, outside]))
        // The blue square's far corner (60, 50) maps outside the 40x30 bounds: not painted there.
        let far = turn.project(Point(45, 35))
        XCTAssertEqual(cut.rgba(Int(far.x), Int(far.y)), transparent)
    }

    func testMasksToBoundsOnAnEmptyLayerHidesSublayers() throws {
        let child = Fixture.layer("root.clip.child", Rect(0, 0, 5, 5), background: Fixture.red)
        let clip = Fixture.layer("root.clip", Rect(2, 2, 0, 10), masksToBounds: true, children: [child])
        XCTAssertNil(try Fixture.render(Fixture.tree(10, 10, [clip])).paintedBox)
    }

    func testGroupOpacityShowsNoDarkerOverlap() throws {
        // Two opaque children overlapping at x 10..14 in a 0.5-opacity parent:
        // the group is flattened first, so the overlap shows only the top child.
        let a = Fixture.layer("root.g.a", Rect(0, 0, 15, 10), background: Fixture.red)
        let b = Fixture.layer("root.g.b", Rect(10, 0, 15, 10), background: Fixture.blue)
        let group = Fixture.layer("root.g", Rect(0, 0, 25, 10), opacity: 0.5, children: [a, b])
        let pixmap = try Fixture.render(Fixture.tree(30, 10, [group]))
        let half: RGBA = [128, 0, 0, 128], halfBlue: RGBA = [0, 0, 128, 128]
        XCTAssertEqual(pixmap.rgba(5, 5), half)
        XCTAssertEqual(pixmap.rgba(12, 5), halfBlue, "overlap is not darker")
        XCTAssertEqual(pixmap.rgba(20, 5), halfBlue)
        XCTAssertEqual(pixmap.rgba(27, 5), transparent)

        // Without grouping (each child at 0.5 itself) the overlap composites twice.
        var aHalf = a, bHalf = b
        aHalf.opacity = 0.5; bHalf.opacity = 0.5
        let separate = try Fixture.render(Fixture.tree(30, 10, [
            Fixture.layer("root.g", Rect(0, 0, 25, 10), children: [aHalf, bHalf]),
        ]))
        XCTAssertEqual(separate.rgba(5, 5), half)
        XCTAssertEqual(separate.rgba(12, 5)[3], 192, "ungrouped overlap is denser")
        XCTAssertEqual(separate.rgba(12, 5)[0], 64)
    }

    func testGroupOpacityIncludesBackgroundAndBorder() throws {
        // Background under the border must not show through a translucent layer's border.
        let box = Fixture.layer("root.b", Rect(0, 0, 10, 10), background: Fixture.red, borderWidth: 2,
                                borderColor: Fixture.blue, opacity: 0.5)
        let pixmap = try Fixture.render(Fixture.tree(10, 10, [box]))
        XCTAssertEqual(pixmap.rgba(0, 0), [0, 0, 128, 128])
        XCTAssertEqual(pixmap.rgba(5, 5), [128, 0, 0, 128])
    }

    func testSingleFillOpacityMatchesGroupedResult() throws {
        // A leaf (no group needed) and a nested chain whose only fill is deep
        // inside (opacity multiplied down) give the same pixels as one 0.25 fill.
        let leaf = Fixture.layer("root.leaf", Rect(0, 0, 10, 10), background: Fixture.red, opacity: 0.25)
        let inner = Fixture.layer("root.outer.inner", Rect(0, 0, 10, 10), background: Fixture.red, opacity: 0.5)
        let outer = Fixture.layer("root.outer", Rect(0, 0, 10, 10), opacity: 0.5, children: [inner])
        let a = try Fixture.render(Fixture.tree(10, 10, [leaf]))
        let b = try Fixture.render(Fixture.tree(10, 10, [outer]))
        XCTAssertEqual(a.rgba(5, 5), [64, 0, 0, 64])
        XCTAssertEqual(a, b)
    }

    func testTranslucentColorsComposeOverEachOther() throws {
        let back = Fixture.layer("root.back", Rect(0, 0, 10, 10), background: Color(0, 0, 1, 1))
        let front = Fixture.layer("root.front", Rect(0, 0, 10, 10), background: Color(1, 0, 0, 0.5))
        let pixmap = try Fixture.render(Fixture.tree(10, 10, [back, front]))
        XCTAssertEqual(pixmap.rgba(3, 3), [128, 0, 127, 255])
    }

    func testZeroOpacityHidesTheSubtree() throws {
        let child = Fixture.layer("root.h.child", Rect(0, 0, 5, 5), background: Fixture.red)
        let hidden = Fixture.layer("root.h", Rect(0, 0, 10, 10), background: Fixture.blue, opacity: 0,
                                   children: [child])
        let shown = Fixture.layer("root.s", Rect(5, 5, 2, 2), background: Fixture.green)
        try Fixture.render(Fixture.tree(10, 10, [hidden, shown])).assertExactly(opaqueGreen, in: (5, 5, 6, 6))
    }

    func testLayersOutsideTheCanvasAreHarmless() throws {
        let far = Fixture.layer("root.far", Rect(1e6, -1e6, 50, 50), background: Fixture.red, opacity: 0.5,
                                children: [Fixture.layer("root.far.c", Rect(0, 0, 5, 5), background: Fixture.blue)])
        let near = Fixture.layer("root.near", Rect(1, 1, 2, 2), background: Fixture.green)
        try Fixture.render(Fixture.tree(10, 10, [far, near])).assertExactly(opaqueGreen, in: (1, 1, 2, 2))
    }
}
