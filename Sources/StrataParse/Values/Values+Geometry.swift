import StrataModel

extension Values {
    /// `[x, y]` in points.
    static func point(_ node: YAMLNode) -> Parsed<Point> {
        numbers(node, counts: [2], what: "a point [x, y]").map { Point($0[0], $0[1]) }
    }

    /// `[w, h]` in points, each within `bound`.
    static func size(_ node: YAMLNode, _ bound: Bound = .nonNegative) -> Parsed<Size> {
        numbers(node, counts: [2], what: "a size [w, h]") { number($0, bound) }.map { Size($0[0], $0[1]) }
    }

    /// `[x, y, w, h]` in points; w and h within `sizeBound`.
    static func rect(_ node: YAMLNode, sizeBound: Bound = .nonNegative) -> Parsed<Rect> {
        var index = 0
        return numbers(node, counts: [4], what: "a rect [x, y, w, h]") { item in
            defer { index += 1 }
            return number(item, index >= 2 ? sizeBound : .any)
        }.map { Rect($0[0], $0[1], $0[2], $0[3]) }
    }
}
