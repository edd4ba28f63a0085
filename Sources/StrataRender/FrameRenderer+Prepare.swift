import CCairo
import StrataModel

/// What the draw pass needs to know about one node, computed before drawing.
struct NodeInfo {
    /// Layer bounds space -> device pixels.
    var matrix: cairo_matrix_t
    /// Whether anything of the subtree can reach the canvas.
    var visible: Bool
    /// Device pixels the subtree may paint (clipped to the canvas and to
    /// masksToBounds); bounds the offscreen buffer of group opacity.
    var box: DeviceBox
    /// Fills the subtree makes, capped at 2: group opacity is only needed
    /// when more than one fill can overlap.
    var fills: Int
    /// This node plus its descendants, to step over a subtree in preorder.
    var subtreeCount: Int
}

extension FrameRenderer {
    /// Fills `nodes` in preorder for `node` and its descendants: validates
    /// every transform, composes device matrices and measures subtrees.
    /// Returns the subtree's painted box and fill count.
    func prepare(_ node: RenderNode, parent: cairo_matrix_t, parentVisible: Bool,
                 canvas: DeviceBox) throws(RenderError) -> (box: DeviceBox, fills: Int) {
        guard let local = node.transform.cairoMatrix else {
            throw RenderError(layerPath: node.path, message:
                "3D perspective transforms are not supported yet (the layer's transform, or its superlayer's "
                + "sublayerTransform, makes m14/m24 non-zero or m44 zero); use a 2D transform")
        }
        let index = nodes.count
        let matrix = cairo_matrix_t.concatenating(local, parent)
        let opacity = node.opacity
        var visible = parentVisible && matrix.isUsableCTM && opacity > 0  // NaN opacity draws nothing
        nodes.append(NodeInfo(matrix: matrix, visible: visible, box: .empty, fills: 0, subtreeCount: 1))

        let hasArea = node.bounds.hasDrawableArea
        let ownBox = visible && hasArea ? DeviceBox(node.bounds, through: matrix) : .empty
        var box = DeviceBox.empty, fills = 0
        if hasArea {
            if let bg = node.backgroundColor, bg.alpha > 0 { box = ownBox; fills += 1 }
            if node.drawsBorder { box = ownBox; fills += 1 }
        }
        // Content may reach outside the bounds (a shape's path, particles)
        // and paint without them; masksToBounds clips it to them.
        if visible, let extent = contentExtent(node) {
            var contentBox = DeviceBox(extent, through: matrix)
            if node.masksToBounds { contentBox = contentBox.intersection(ownBox) }
            if !contentBox.isEmpty { box = box.union(contentBox); fills += contentFills(node) }
        }
        let childrenVisible = visible && (!node.masksToBounds || hasArea)
        var childBox = DeviceBox.empty
        for child in node.children {
            let sub = try prepare(child, parent: matrix, parentVisible: childrenVisible, canvas: canvas)
            childBox = childBox.union(sub.box)
            fills += sub.fills
        }
        if node.masksToBounds { childBox = childBox.intersection(ownBox) }
        box = box.union(childBox).intersection(canvas)
        if box.isEmpty { visible = false }
        if !visible { box = .empty; fills = 0 }
        fills = min(fills, 2)
        nodes[index].visible = visible
        nodes[index].box = box
        nodes[index].fills = fills
        nodes[index].subtreeCount = nodes.count - index
        return (box, fills)
    }
}

extension Rect {
    /// Finite with a positive width and height (Core Animation draws nothing otherwise).
    var hasDrawableArea: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
            && size.width > 0 && size.height > 0
    }
}

extension RenderNode {
    var drawsBorder: Bool { borderWidth > 0 && borderWidth.isFinite && borderColor.alpha > 0 }
}
