import StrataModel

/// Several problems at once (a transform list can hold more than one bad operation).
typealias ParsedMany<T> = Result<T, DiagnosticList>

extension Values {
    /// A transform: a list of one-key operations composed in order (like
    /// successive CATransform3D calls and a CSS transform list), a flat list
    /// of 16 numbers (row-major m11...m44), or a single operation mapping.
    /// An empty list is the identity.
    static func transform(_ node: YAMLNode) -> ParsedMany<Transform3D> {
        let operations: [YAMLNode]
        switch node.content {
        case .mapping:
            operations = [node]
        case .sequence(let items):
            if let first = items.first, first.scalar != nil {
                return numbers(node, counts: [16], what: "a transform matrix of 16 numbers or a list of operations")
                    .map { Transform3D(rowMajor: $0) }.mapError { DiagnosticList([$0]) }
            }
            operations = items
        case .scalar:
            return .failure(DiagnosticList([Diagnostic(node.location,
                "expected a transform (a list of operations like '- rotate: 45deg', or 16 numbers), found \(node.found)")]))
        }
        var ops: [TransformOperation] = []
        var problems: [Diagnostic] = []
        for op in operations {
            switch operation(op) {
            case .success(let o): ops.append(o)
            case .failure(let d): problems.append(d)
            }
        }
        return problems.isEmpty ? .success(Transform3D(operations: ops)) : .failure(DiagnosticList(problems))
    }

    /// One `{name: value}` operation.
    static func operation(_ node: YAMLNode) -> Parsed<TransformOperation> {
        let table = KeyTables.transformOperations
        guard let pairs = node.mapping else {
            return fail(node, "expected a transform operation like 'rotate: 45deg', found \(node.found)")
        }
        guard pairs.count == 1, let pair = pairs.first else {
            return fail(node, "a transform operation has exactly one key; write several operations as list items")
        }
        let v = pair.value
        switch pair.name {
        case "perspective": return length(v, .positive).map { .perspective($0) }
        case "rotate", "rotateZ": return angle(v).map { .rotate(angle: $0, x: 0, y: 0, z: 1) }
        case "rotateX": return angle(v).map { .rotate(angle: $0, x: 1, y: 0, z: 0) }
        case "rotateY": return angle(v).map { .rotate(angle: $0, x: 0, y: 1, z: 0) }
        case "rotate3d": return rotate3d(v)
        case "translate":
            return numbers(v, counts: [2, 3], what: "a translation [x, y] or [x, y, z]") { length($0) }
                .map { .translate($0[0], $0[1], $0.count == 3 ? $0[2] : 0) }
        case "translateX": return length(v).map { .translate($0, 0, 0) }
        case "translateY": return length(v).map { .translate(0, $0, 0) }
        case "translateZ": return length(v).map { .translate(0, 0, $0) }
        case "scale":
            if v.sequence != nil {
                return numbers(v, counts: [2, 3], what: "a scale s, [sx, sy] or [sx, sy, sz]")
                    .map { .scale($0[0], $0[1], $0.count == 3 ? $0[2] : 1) }
            }
            return number(v, what: "a scale factor").map { .scale($0, $0, 1) }
        case "scaleX": return number(v, what: "a scale factor").map { .scale($0, 1, 1) }
        case "scaleY": return number(v, what: "a scale factor").map { .scale(1, $0, 1) }
        case "scaleZ": return number(v, what: "a scale factor").map { .scale(1, 1, $0) }
        case "skew":
            if v.sequence != nil {
                return numbers(v, counts: [2], what: "a skew [ax, ay]") { angle($0) }.map { .skew($0[0], $0[1]) }
            }
            return angle(v).map { .skew($0, 0) }
        case "skewX": return angle(v).map { .skew($0, 0) }
        case "skewY": return angle(v).map { .skew(0, $0) }
        case "matrix":
            return numbers(v, counts: [16], what: "a matrix of 16 numbers (row-major)").map { .matrix(Transform3D(rowMajor: $0)) }
        default:
            let hint = Suggestion.hint(for: pair.name, in: table.names)
            return fail(pair.key, "unknown transform operation '\(YAMLNode.clip(pair.name))'"
                        + (hint.isEmpty ? "; expected one of \(Suggestion.list(table.names))" : hint))
        }
    }

    /// `[x, y, z, angle]`; the axis must not be zero.
    private static func rotate3d(_ v: YAMLNode) -> Parsed<TransformOperation> {
        var index = 0
        return numbers(v, counts: [4], what: "a rotation [x, y, z, angle]") { item in
            defer { index += 1 }
            return index == 3 ? angle(item) : number(item)
        }.flatMap { n in
            n[0] == 0 && n[1] == 0 && n[2] == 0
                ? fail(v, "the axis of rotate3d must not be [0, 0, 0]")
                : .success(.rotate(angle: n[3], x: n[0], y: n[1], z: n[2]))
        }
    }
}
