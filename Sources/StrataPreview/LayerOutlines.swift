import StrataModel

/// Where each drawn layer's bounds land on the canvas at one time: a
/// quadrilateral in canvas points per layer (several for a replicated
/// layer), for the page to outline the layer picked in the tree.
///
/// Each node's transform maps its bounds into its superlayer's space;
/// outside a CATransformLayer the result is flattened onto the superlayer's
/// plane (as Core Animation composites), inside one it stays 3D until the
/// transform layer's own plane.
enum LayerOutlines {
    struct Outline: Sendable {
        var path: String
        /// Four corners (top-left, top-right, bottom-right, bottom-left of the bounds) in canvas points.
        var corners: [Point]
    }

    static func outlines(of tree: RenderTree) -> [Outline] {
        var result: [Outline] = []
        visit(tree.root, toCanvas: .identity, into: &result)
        return result
    }

    /// `toCanvas` maps the superlayer's space to the canvas (flattened 2D, as a 4x4).
    private static func visit(_ node: RenderNode, toCanvas: Transform3D, into result: inout [Outline]) {
        let toSuper = node.transform
        let full = toSuper * toCanvas
        let b = node.bounds
        let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)]
        let projected = corners.map { full.project($0) }
        if projected.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            result.append(Outline(path: node.path, corners: projected))
        }
        // Flattening: a sublayer sees this layer's plane; a transform layer passes 3D through.
        let childBase = node.isTransformLayer ? full : flattened(full)
        for child in node.children { visit(child, toCanvas: childBase, into: &result) }
    }

    /// `m` with z dropped on the way out: points keep their x, y (and w), the
    /// depth they would carry into the next layer is discarded.
    private static func flattened(_ m: Transform3D) -> Transform3D {
        var f = m
        // Row-vector convention: the third row reads input z, the third column writes output z.
        f.m13 = 0; f.m23 = 0; f.m33 = 1; f.m43 = 0
        f.m31 = 0; f.m32 = 0; f.m34 = 0
        return f
    }

    static func json(_ outlines: [Outline], canvas: Canvas) -> JSON {
        .object([
            ("size", .array([.number(canvas.size.width), .number(canvas.size.height)])),
            ("layers", .array(outlines.map { o in
                .object([("path", .string(o.path)),
                         ("corners", .array(o.corners.map { .array([.number($0.x), .number($0.y)]) }))])
            })),
        ])
    }
}
