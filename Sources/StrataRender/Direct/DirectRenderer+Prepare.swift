import CCairo
import StrataModel

/// What the draw pass needs to know about one node, computed before drawing.
///
/// Coordinates are pixels of a *surface*: the frame, or the offscreen
/// bitmap of a layer drawn in its own plane (`plane`). A node's body
/// (background, contents, sublayers, border) is drawn into one surface and
/// composited into its parent's surface: the same one unless it has a plane.
struct NodeInfo {
    /// Layer bounds space -> pixels of the surface its body is drawn into.
    var matrix: cairo_matrix_t
    /// Whether anything of the subtree can reach the canvas.
    var visible: Bool
    /// Pixels the node may paint in its parent's surface (clipped to the
    /// canvas, masksToBounds and the mask); bounds group offscreens.
    var box: DeviceBox
    /// Fills the subtree makes, capped at 2: group opacity is only needed
    /// when more than one fill can overlap.
    var fills: Int
    /// This node plus its descendants (and its mask's), to step over a subtree in preorder.
    var subtreeCount: Int
    /// Index of the first sublayer's info (after the mask's subtree).
    var childStart: Int = 0
    /// What the body paints in the surface it is drawn into (the shadow's source).
    var bodyBox: DeviceBox = .empty
    /// The bounds in the body's surface.
    var ownBox: DeviceBox = .empty
    /// Set when the node is drawn offscreen in its own plane and then composited.
    var plane: PlaneInfo? = nil
    /// For a CATransformLayer: its 3D context in `contexts`.
    var context: Int? = nil
    /// Shadow offset in body-surface pixels and blur sigma in pixels.
    var shadowOffset: (x: Double, y: Double) = (0, 0)
    var shadowSigma: Double = 0
    /// Device pixels per point of the layer's space (filter radii).
    var pixelsPerPoint: Double = 1
}

/// A layer drawn into its own bitmap, in its own plane, then composited.
struct PlaneInfo {
    /// Bitmap size in pixels.
    var width: Int
    var height: Int
    /// Bitmap pixels -> parent surface pixels.
    var toSurface: Homography
    /// The bitmap's extent in the parent surface, cut at the near plane:
    /// where coverage anti-aliasing applies.
    var outline: ConvexPolygon
    /// The same extent in the layer's plane (before the bitmap's scale), for depth sorting.
    var planeOutline: ConvexPolygon
}

/// The planes of one CATransformLayer tree, in depth order.
struct DepthContext {
    struct Leaf { var info: Int; var path: [Int]; var alpha: Double }
    var leaves: [Leaf] = []
    /// Pieces in back-to-front order: which leaf, and its outline in surface pixels.
    var fragments: [(leaf: Int, outline: ConvexPolygon)] = []
}

extension DirectRenderer {
    /// W below which a point counts as at or behind the eye (near plane).
    static let nearW = 1e-5

    /// Fills `nodes` in preorder for `node` and its descendants.
    /// - Parameters:
    ///   - relative: the node's space -> its flattening superlayer's space (3D).
    ///   - parent: the superlayer's bounds space -> surface pixels (affine).
    ///   - forcePlane: draw through a plane bitmap even when affine (3D contexts).
    /// Returns the node's painted box in the parent surface and its fill count.
    func prepare(_ node: RenderNode, relative: Transform3D, parent: Homography, parentVisible: Bool,
                 canvas: DeviceBox, forcePlane: Bool = false) -> (box: DeviceBox, fills: Int) {
        let index = nodes.count
        nodes.append(NodeInfo(matrix: cairo_matrix_t(), visible: false, box: .empty, fills: 0, subtreeCount: 1))
        defer { nodes[index].subtreeCount = nodes.count - index }
        let rel = Homography(flattening: relative)
        let h = rel.then(parent)
        var visible = parentVisible && node.opacity > 0 && h.isFinite  // NaN opacity draws nothing
        if !node.doubleSided && visible {
            // Back-facing when the flattened map reverses orientation in front of the eye.
            visible = rel.determinant > 0
        }
        if node.isTransformLayer {
            return prepareContext(node, index: index, relative: relative, parent: parent,
                                  visible: visible, canvas: canvas)
        }
        if h.isAffine && !forcePlane && node.rasterizationScale == nil {
            let matrix = h.cairoMatrix
            visible = visible && matrix.isUsableCTM
            let (box, fills) = prepareBody(node, index: index, matrix: matrix, visible: visible, canvas: canvas)
            nodes[index].box = box
            return (box, fills)
        }
        return preparePlane(node, index: index, toParent: h, visible: visible, canvas: canvas)
    }

    /// Background, contents, border, shadow, mask and sublayers of a node
    /// whose body is drawn with `matrix`; returns its box in that surface.
    func prepareBody(_ node: RenderNode, index: Int, matrix: cairo_matrix_t, visible: Bool,
                     canvas: DeviceBox) -> (box: DeviceBox, fills: Int) {
        nodes[index].matrix = matrix
        let hasArea = node.bounds.hasDrawableArea
        let ownBox = visible && hasArea ? DeviceBox(node.bounds, through: matrix) : .empty
        var box = DeviceBox.empty, fills = 0
        if hasArea {
            if let bg = node.backgroundColor, bg.alpha > 0 { box = ownBox; fills += 1 }
            for image in node.contentsImages where visible {
                let d = ContentsLayout.destination(of: image, in: node.bounds)
                if d.hasDrawableArea {
                    let imageBox = DeviceBox(d, through: matrix)
                    box = box.union(node.masksToBounds ? imageBox.intersection(ownBox) : imageBox)
                    fills += 1
                }
            }
            if node.drawsBorder { box = box.union(ownBox); fills += 1 }
        }
        // Content may reach outside the bounds (a shape's path, particles)
        // and paint without them; masksToBounds clips it to them.
        if visible, let extent = contentExtent(node) {
            var contentBox = DeviceBox(extent, through: matrix)
            if node.masksToBounds { contentBox = contentBox.intersection(ownBox) }
            if !contentBox.isEmpty { box = box.union(contentBox); fills += contentFills(node) }
        }
        var maskBox: DeviceBox?
        if let mask = node.mask?.node {
            maskBox = prepare(mask, relative: mask.transform, parent: Homography(matrix),
                              parentVisible: visible, canvas: canvas).box
        }
        nodes[index].childStart = nodes.count
        let childrenVisible = visible && (!node.masksToBounds || hasArea)
        var childBox = DeviceBox.empty
        for child in node.children {
            let sub = prepare(child, relative: child.transform, parent: Homography(matrix),
                              parentVisible: childrenVisible, canvas: canvas)
            childBox = childBox.union(sub.box)
            fills += sub.fills
        }
        if node.masksToBounds { childBox = childBox.intersection(ownBox) }
        box = box.union(childBox)
        nodes[index].bodyBox = box.intersection(canvas)
        if let shadow = node.shadow, visible {
            let ox = shadow.offset.width, oy = shadow.offset.height
            let dx = ox * matrix.xx + oy * matrix.xy, dy = ox * matrix.yx + oy * matrix.yy
            let sigma = shadow.radius * abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
            var source = box
            if let path = shadow.path { source = DeviceBox(path.bounds, through: matrix) }
            let grow = (3 * sigma).rounded(.up) + 1
            var shadowBox = DeviceBox(minX: source.minX + dx - grow, minY: source.minY + dy - grow,
                                      maxX: source.maxX + dx + grow, maxY: source.maxY + dy + grow)
            if source.isEmpty { shadowBox = .empty }
            if node.masksToBounds { shadowBox = shadowBox.intersection(ownBox) }
            if !shadowBox.isEmpty { box = box.union(shadowBox); fills += 1 }
            nodes[index].shadowOffset = (dx, dy)
            nodes[index].shadowSigma = sigma.isFinite ? sigma : 0
        }
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        nodes[index].pixelsPerPoint = scale.isFinite ? scale : 0
        box = Self.filterBox(node, box: box, ownBox: ownBox, pixelsPerPoint: nodes[index].pixelsPerPoint, fills: &fills)
        if let maskBox { box = box.intersection(maskBox) }
        box = box.intersection(canvas)
        var shown = visible
        if box.isEmpty { shown = false }
        if !shown { box = .empty; fills = 0 }
        nodes[index].visible = shown
        nodes[index].ownBox = ownBox
        nodes[index].fills = min(fills, 2)
        return (box, min(fills, 2))
    }
}

extension ShapePath {
    /// The path's bounding rect in its layer's space (for paths: the box of
    /// its control points, which contains the curves).
    var bounds: Rect { controlBounds }
}
