import XCTest
import StrataModel
@testable import StrataLayout

final class ConstraintGraphTests: XCTestCase {
    typealias Node = ConstraintGraph.Node

    func testOrderPutsEveryNodeAfterTheNodesItReads() {
        // c reads b, b reads a; listed c, b, a.
        let layers = [
            layer("c", .zero, [constraint(.minX, "b", .maxX)]),
            layer("b", .zero, [constraint(.minX, "a", .maxX), constraint(.minY, "superlayer", .minY)]),
            layer("a", .zero, [constraint(.minX, "superlayer", .minX)]),
        ]
        let g = ConstraintGraph(sublayers: layers)
        XCTAssertTrue(g.cycles.isEmpty)
        let position = Dictionary(uniqueKeysWithValues: g.order.enumerated().map { ($1, $0) })
        XCTAssertEqual(Set(g.order), [Node(layer: 0, axis: .x), Node(layer: 1, axis: .x), Node(layer: 1, axis: .y),
                                      Node(layer: 2, axis: .x)], "only constrained nodes")
        XCTAssertLessThan(position[Node(layer: 2, axis: .x)]!, position[Node(layer: 1, axis: .x)]!)
        XCTAssertLessThan(position[Node(layer: 1, axis: .x)]!, position[Node(layer: 0, axis: .x)]!)
        XCTAssertEqual(g.resolved[0], [.sibling(1)])
        XCTAssertEqual(g.resolved[1], [.sibling(2), .superlayer])
    }

    func testUnknownNamesAreMarkedAndAddNoEdge() {
        let g = ConstraintGraph(sublayers: [layer("a", .zero, [constraint(.minX, "nobody", .maxX)])])
        XCTAssertEqual(g.resolved, [[.unknown]])
        XCTAssertEqual(g.order, [Node(layer: 0, axis: .x)])
    }

    func testATwoLayerCycleNamesBothLayersAndStartsAtTheFirstWrittenConstraint() {
        let layers = [
            layer("a", .zero, [constraint(.minY, "superlayer", .minY, line: 3), constraint(.minX, "b", .maxX, line: 4)]),
            layer("b", .zero, [constraint(.minX, "a", .maxX, line: 6)]),
            layer("c", .zero, [constraint(.minX, "b", .maxX, line: 8)]),  // behind the cycle, not in it
        ]
        let g = ConstraintGraph(sublayers: layers)
        XCTAssertEqual(g.cycles.count, 1)
        let cycle = g.cycles[0]
        XCTAssertEqual(cycle.layers, [0, 1])
        XCTAssertEqual(cycle.path.map { [$0.layer, $0.constraint] }, [[0, 1], [1, 0]])
        XCTAssertEqual(cycle.edges.count, 2)
        // a's y axis does not read the cycle and is still laid out; c (behind the cycle) and the cycle are not.
        XCTAssertEqual(g.order, [Node(layer: 0, axis: .y)])
    }

    func testAThreeLayerCyclePathFollowsWhatEachConstraintReads() {
        let layers = [
            layer("a", .zero, [constraint(.minX, "c", .maxX, line: 2)]),
            layer("b", .zero, [constraint(.minX, "a", .maxX, line: 4)]),
            layer("c", .zero, [constraint(.minX, "b", .maxX, line: 6)]),
        ]
        let cycle = ConstraintGraph(sublayers: layers).cycles[0]
        XCTAssertEqual(cycle.layers, [0, 1, 2])
        // a reads c, c reads b, b reads a.
        XCTAssertEqual(cycle.path.map(\.layer), [0, 2, 1])
        for (e, next) in zip(cycle.path, cycle.path.dropFirst() + [cycle.path[0]]) {
            XCTAssertEqual(e.from, next.to, "each constraint reads what the next one sets")
        }
    }

    func testASelfReferenceOnTheSameAxisIsACycleButAcrossAxesIsNot() {
        let same = ConstraintGraph(sublayers: [layer("a", .zero, [constraint(.width, "a", .minX)])])
        XCTAssertEqual(same.cycles.count, 1)
        XCTAssertEqual(same.cycles[0].layers, [0])
        XCTAssertEqual(same.cycles[0].path.count, 1)
        let across = ConstraintGraph(sublayers: [layer("a", .zero, [constraint(.height, "a", .width)])])
        XCTAssertTrue(across.cycles.isEmpty)
    }

    func testAxesAreSeparateNodes() {
        // a.x reads b.x and b.y reads a.y: a per-layer order would see a cycle, per-axis nodes do not.
        let layers = [
            layer("a", .zero, [constraint(.minX, "b", .maxX)]),
            layer("b", .zero, [constraint(.minY, "a", .maxY)]),
        ]
        let g = ConstraintGraph(sublayers: layers)
        XCTAssertTrue(g.cycles.isEmpty)
        XCTAssertEqual(g.order.count, 2)
    }

    func testTwoSeparateCyclesAreReportedInWrittenOrder() {
        let layers = [
            layer("p", .zero, [constraint(.minY, "q", .maxY, line: 10)]),
            layer("q", .zero, [constraint(.minY, "p", .maxY, line: 12)]),
            layer("a", .zero, [constraint(.minX, "b", .maxX, line: 2)]),
            layer("b", .zero, [constraint(.minX, "a", .maxX, line: 4)]),
        ]
        let cycles = ConstraintGraph(sublayers: layers).cycles
        XCTAssertEqual(cycles.map(\.layers), [[2, 3], [0, 1]])
    }

    func testALongChainAndALongCycleFinishWithoutDeepRecursion() {
        let n = 5000
        var chain = [layer("l0", Rect(0, 0, 2, 2), [constraint(.minX, "superlayer", .minX)])]
        for i in 1..<n { chain.append(layer("l\(i)", Rect(0, 0, 2, 2), [constraint(.minX, "l\(i - 1)", .maxX)])) }
        chain.reverse()
        let g = ConstraintGraph(sublayers: chain)
        XCTAssertEqual(g.order.count, n)
        var warnings: [Diagnostic] = []
        ConstraintSolver.apply(g, to: &chain, in: Rect(0, 0, 100, 100), warnings: &warnings)
        XCTAssertEqual(chain[0].properties.frame.minX, Double(2 * (n - 1)))

        var loop = (0..<n).map { i in layer("l\(i)", .zero, [constraint(.minX, "l\((i + 1) % n)", .maxX, line: i + 1)]) }
        let cycles = ConstraintGraph(sublayers: loop).cycles
        XCTAssertEqual(cycles.count, 1)
        XCTAssertEqual(cycles[0].layers.count, n)
        XCTAssertEqual(cycles[0].path.count, n)
        loop.removeAll()
    }
}
