import XCTest
@testable import StrataModel

/// The property table (`LayerProperty.all`) is consistent with the stored
/// fields it points at, and what the stages derive from it holds.
final class LayerPropertyTableTests: XCTestCase {
    func testNamesAreUniqueAndIndicesArePositions() {
        let names = LayerProperty.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for (i, p) in LayerProperty.all.enumerated() {
            XCTAssertEqual(p.index, i, p.name)
            XCTAssertEqual(LayerProperty.named(p.name), p)
        }
        XCTAssertNil(LayerProperty.named("opactiy"))
    }

    func testEveryPropertyReadsBackWhatItWrites() {
        for p in LayerProperty.all {
            for type in p.layerTypes ?? [.layer] {
                var props = LayerProperties(type: type)
                let value = p.value(of: props)
                XCTAssertEqual(value, p.defaultValue, "\(p.name): a \(type) layer starts at the default")
                p.set(value, on: &props)
                XCTAssertEqual(p.value(of: props), value, p.name)
                // `locations` reads the stops in use (evenly spread ones too); writing them makes them explicit.
                if p.name != "locations" {
                    XCTAssertEqual(props, LayerProperties(type: type), "\(p.name): writing the default changes nothing")
                }
            }
        }
    }

    func testAWriteChangesOnlyItsProperty() {
        // A changed value for each kind of form, written on a layer of the property's type.
        // `locations` reads the stops in use: one per color (tested with the gradient's keys).
        for p in LayerProperty.all where p.name != "locations" {
            guard let changed = Self.otherValue(p) else { continue }
            let type = p.layerTypes?.first ?? .layer
            var props = LayerProperties(type: type)
            p.set(changed, on: &props)
            XCTAssertEqual(p.value(of: props), changed, p.name)
            XCTAssertFalse(p.isDefault(in: props), p.name)
            // Views of another field (scrollPoint shows bounds.origin) change with it.
            for other in LayerProperty.all where other != p && !p.alsoChanges.contains(other.name)
                && !other.alsoChanges.contains(p.name) && !(p.name == "colors" && other.name == "locations") {
                XCTAssertTrue(other.isDefault(in: props), "writing \(p.name) changed \(other.name)")
            }
        }
    }

    /// A value other than the default, of the property's own case.
    static func otherValue(_ p: LayerProperty) -> PropertyValue? {
        switch p.defaultValue {
        case .animatable(.scalar(let x)): return .animatable(.scalar(x == 0.5 ? 0.25 : 0.5))
        case .animatable(.point): return .animatable(.point(Point(0.25, 0.75)))
        case .animatable(.size): return .animatable(.size(Size(2, 3)))
        case .animatable(.rect): return .animatable(.rect(Rect(0.25, 0.25, 0.5, 0.5)))
        case .animatable(.color): return .animatable(.color(Color(0.1, 0.2, 0.3)))
        case .animatable(.transform): return .animatable(.transform(.scale(2, 3)))
        case .animatable(.bool(let b)): return .animatable(.bool(!b))
        case .animatable(.colors): return .animatable(.colors([.white]))
        case .animatable(.numbers): return .animatable(.numbers([4]))
        case .animatable(.image): return .animatable(.image(ContentsValue(key: "a")))
        case .integer(let i): return .integer(i + 1)
        case .name(let n):
            guard case .choice(let names) = p.form else { return nil }
            return names.first { $0 != n }.map { .name($0) }
        default: return nil
        }
    }

    func testFormsFitTheStoredValues() {
        for p in LayerProperty.all {
            // A form with a value kind stores that kind; the default reads as it.
            if let kind = p.form.valueKind, case .animatable(let v) = p.defaultValue {
                XCTAssertEqual(v.kind, kind, p.name)
            }
            // Numbers of the form's bound: the default is inside it.
            if case .animatable(.scalar(let x)) = p.defaultValue { XCTAssertTrue(p.form.bound.contains(x), p.name) }
            if p.nullable {
                // Null is none: no colour, no list, no image, no shape.
                var props = LayerProperties(type: p.layerTypes?.first ?? .layer)
                p.set(.none, on: &props)
                if let kind = p.form.valueKind {
                    XCTAssertEqual(p.animatableValue(of: props), .empty(of: kind), p.name)
                } else {
                    XCTAssertEqual(p.value(of: props), PropertyValue.none, p.name)
                }
            }
            if case .alongside(let other) = p.inspect { XCTAssertNotNil(LayerProperty.named(other), p.name) }
            for other in p.alsoChanges { XCTAssertNotNil(LayerProperty.named(other), p.name) }
        }
    }

    func testKeyPathsAreTheAddressableProperties() throws {
        for p in LayerProperty.all {
            let parsed = LayerKeyPath.parse(p.name)
            switch (p.animation.isAddressable, p.form) {
            case (true, .cells):
                // Only its cells' keys are key paths.
                XCTAssertThrowsError(try parsed.get(), p.name)
                XCTAssertEqual(try LayerKeyPath.parse("emitterCells.spark.velocity").get().property, p)
            case (true, _):
                let path = try parsed.get()
                XCTAssertEqual(path.property, p)
                XCTAssertEqual(path.valueKind, p.valueKind, p.name)
            case (false, _):
                guard case .failure(let e) = parsed else { return XCTFail("\(p.name) is not addressable") }
                XCTAssertFalse(e.candidates.contains(p.name))
                XCTAssertTrue(e.candidates.contains("opacity"))
            }
        }
        XCTAssertEqual(try LayerKeyPath.parse("bounds.size.width").get().valueKind, .scalar)
        XCTAssertEqual(try LayerKeyPath.parse("contentsRect.origin").get().valueKind, .point)
        XCTAssertEqual(try LayerKeyPath.parse("shadowOffset.height").get().valueKind, .scalar)
        XCTAssertThrowsError(try LayerKeyPath.parse("opacity.x").get())
        XCTAssertThrowsError(try LayerKeyPath.parse("fillRule").get())
        XCTAssertEqual(("position.x" as LayerKeyPath).fields, ["x"])
    }

    func testAnimationKinds() {
        XCTAssertFalse(LayerProperty.named("masksToBounds")!.animation.isAnimatable)
        XCTAssertTrue(LayerProperty.named("masksToBounds")!.animation.isAddressable)
        XCTAssertEqual(LayerProperty.named("shadowPath")!.animation, .sameStructure, "animated shadowPath, element by element as path")
        XCTAssertEqual(LayerProperty.transform.animation, .decomposed)
        XCTAssertEqual(LayerProperty.named("path")!.animation, .sameStructure)
        for p in LayerProperty.all where [.sameCount].contains(p.animation) {
            XCTAssertTrue([.colors, .numbers].contains(p.form.valueKind), p.name)
        }
    }

    func testLayoutIsInvalidatedByTheFramesProperties() {
        // The properties a frame is made of (what layout over time watches).
        let layout = LayerProperty.all.filter { $0.invalidates.contains(.layout) }.map(\.name)
        XCTAssertEqual(layout, ["bounds", "position", "anchorPoint", "transform"])
        XCTAssertEqual(LayerProperty.named("opacity")!.invalidates, .compositing)
        XCTAssertEqual(LayerProperty.named("shadowRadius")!.invalidates, .shadow)
        XCTAssertTrue(LayerProperty.named("strokeEnd")!.invalidates.contains(.content))
        XCTAssertEqual(LayerProperty.named("rasterizationScale")!.invalidates, .rasterization)
        XCTAssertEqual(Invalidation([.content, .shadow]).names, ["content", "shadow"])
        for p in LayerProperty.all { XCTAssertFalse(p.invalidates.isEmpty, p.name) }
    }
}

/// The emitter cell table (`CellKey.all`) fits the fields it points at.
final class CellKeyTableTests: XCTestCase {
    func testEveryCellKeyReadsBackWhatItWritesAndChangesOnlyItself() {
        XCTAssertEqual(Set(CellKey.all.map(\.name)).count, CellKey.all.count)
        for k in CellKey.all {
            XCTAssertEqual(CellKey.named(k.name), k)
            var cell = EmitterCell()
            let changed: AnimatableValue = k.form.valueKind == .color ? .color(Color(0.1, 0.2, 0.3))
                : k.form.valueKind == .bool ? .bool(false) : .scalar(0.25)
            k.set(changed, on: &cell)
            XCTAssertEqual(k.value(of: cell), changed, k.name)
            for other in CellKey.all where other != k {
                XCTAssertEqual(other.value(of: cell), other.defaultValue, "writing \(k.name) changed \(other.name)")
            }
            // A value of another kind is ignored.
            k.set(k.form.valueKind == .bool ? .scalar(1) : .bool(true), on: &cell)
            XCTAssertEqual(k.value(of: cell), changed, k.name)
        }
    }

    func testCellKeyPathsAreTheAnimatableKeys() throws {
        for k in CellKey.all {
            let parsed = LayerKeyPath.parse("emitterCells.spark.\(k.name)")
            if k.animates {
                let path = try parsed.get()
                XCTAssertEqual(path.emitterCell?.key, k)
                XCTAssertEqual(path.emitterCell?.path, ["spark"])
                XCTAssertEqual(path.valueKind, k.form.valueKind, k.name)
            } else {
                XCTAssertThrowsError(try parsed.get(), k.name)
            }
        }
        XCTAssertEqual(CellKey.all.filter { !$0.animates }.map(\.name), ["beginTime", "duration", "enabled"])
    }
}
