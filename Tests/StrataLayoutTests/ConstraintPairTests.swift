import XCTest
import StrataModel
@testable import StrataLayout

/// Every attribute alone and every pair of attributes on one axis, on both
/// axes, through the parser and the layout pass: a 40x30 layer at [10, 20]
/// in a 400x300 superlayer, its constraints reading the superlayer.
final class ConstraintPairTests: XCTestCase {
    typealias Role = LayoutAttribute.Role

    /// Superlayer values the constraints read (scale 0 plus an offset gives a constant).
    let values: [Role: Double] = [.min: 60, .mid: 100, .max: 180, .size: 50]

    /// The expected span for the constrained roles; the layer starts at min 10 (x) / 20 (y) with size 40 / 30.
    func expected(_ roles: [Role], start: Double, size: Double) -> AxisSpan {
        let v = values
        switch Set(roles) {
        case []: return AxisSpan(min: start, size: size)
        case [.min]: return AxisSpan(min: 60, size: size)
        case [.mid]: return AxisSpan(min: 100 - size / 2, size: size)
        case [.max]: return AxisSpan(min: 180 - size, size: size)
        case [.size]: return AxisSpan(min: start, size: 50)
        case [.min, .max]: return AxisSpan(min: 60, size: 120)
        case [.min, .mid]: return AxisSpan(min: 60, size: 80)
        case [.mid, .max]: return AxisSpan(min: 20, size: 160)
        case [.min, .size]: return AxisSpan(min: 60, size: 50)
        case [.mid, .size]: return AxisSpan(min: 75, size: 50)
        case [.max, .size]: return AxisSpan(min: 130, size: 50)
        default: XCTFail("unexpected roles \(roles) \(v)"); return AxisSpan(min: 0, size: 0)
        }
    }

    func testEveryAttributeAndEveryPairOnBothAxes() {
        let roles = Role.allCases
        var combos: [[Role]] = [[]] + roles.map { [$0] }
        for i in roles.indices { for j in roles.indices where j > i { combos.append([roles[i], roles[j]]) } }
        XCTAssertEqual(combos.count, 11)
        for axis in LayoutAttribute.Axis.allCases {
            for combo in combos {
                let lines = combo.map { role -> String in
                    let a = LayoutAttribute(axis, role)
                    // Read a constant through the superlayer's width: width * 0 + value.
                    return "      - {attribute: \(a.rawValue), relativeTo: superlayer, target: width, scale: 0, offset: \(values[role]!)}"
                }
                let yaml = sceneYAML("  - name: l\n    frame: [10, 20, 40, 30]\n" + (lines.isEmpty ? "" : "    constraints:\n" + lines.joined(separator: "\n") + "\n"))
                guard let s = laidOut(yaml), let frame = s.frame("l") else { return }
                let other = axis == .x ? LayoutAttribute.Axis.y : .x
                let want = axis == .x ? expected(combo, start: 10, size: 40) : expected(combo, start: 20, size: 30)
                XCTAssertEqual(frame.span(axis), want, "\(axis) \(combo)")
                XCTAssertEqual(frame.span(other), Rect(10, 20, 40, 30).span(other), "other axis untouched: \(axis) \(combo)")
            }
        }
    }

    func testEveryTargetAttributeReadsTheSuperlayersBounds() {
        // A superlayer with a bounds origin: sublayer frames are in its bounds coordinates.
        for target in LayoutAttribute.allCases {
            let yaml = sceneYAML("""
              - name: parent
                bounds: [-50, -20, 200, 100]
                position: [200, 150]
                sublayers:
                  - name: l
                    frame: [0, 0, 10, 10]
                    constraints:
                      - {attribute: \(target.axis == .x ? "minX" : "minY"), relativeTo: superlayer, target: \(target.rawValue), scale: 2, offset: 1}

            """)
            guard let s = laidOut(yaml), let frame = s.frame("parent/l") else { return }
            let bounds = Rect(-50, -20, 200, 100)
            let want = target.value(in: bounds) * 2 + 1
            XCTAssertEqual(target.axis == .x ? frame.minX : frame.minY, want, "\(target)")
        }
    }

    func testEveryTargetAttributeReadsASiblingsFrame() {
        for target in LayoutAttribute.allCases {
            let attribute: LayoutAttribute = target.axis == .x ? .minX : .minY
            let yaml = sceneYAML("""
              - {name: a, frame: [30, 40, 50, 60]}
              - name: b
                frame: [0, 0, 10, 10]
                constraints:
                  - {attribute: \(attribute.rawValue), relativeTo: a, target: \(target.rawValue), scale: 0.5, offset: -3}

            """)
            guard let s = laidOut(yaml), let frame = s.frame("b") else { return }
            XCTAssertEqual(attribute.value(in: frame), target.value(in: Rect(30, 40, 50, 60)) * 0.5 - 3, "\(target)")
        }
    }

    func testCrossAxisConstraintsOnTheLayerItself() {
        // height follows the layer's own width (its x axis is laid out first).
        let yaml = sceneYAML("""
          - name: square
            frame: [0, 0, 10, 10]
            constraints:
              - {attribute: width, relativeTo: superlayer, target: width, scale: 0.25}
              - {attribute: height, relativeTo: square, target: width}
              - {attribute: midY, relativeTo: superlayer, target: midY}

        """)
        guard let s = laidOut(yaml) else { return }
        XCTAssertEqual(s.frame("square"), Rect(0, 100, 100, 100))
    }
}
