import CCairo
import StrataModel

/// Cross-dissolves: a fade transition between a layer's old and new
/// subtrees, and a `contents` animation between two images. Both composite
///
///     result = before · (1 - p) + after · p        (premultiplied)
///
/// inside one isolated group (the first drawn normally, the second added
/// with Cairo's ADD operator), which is then composited over what is below.
/// Where both are opaque the result is opaque at every p, which drawing one
/// over the other with opacities 1 - p and p cannot give (the background
/// would show through by p·(1 - p)).
extension DirectRenderer {
    /// A fade transition's node: `children[0]` is the old subtree,
    /// `children[1]` the new; each is rendered whole (the old one into the
    /// isolated group itself, the new one into a group of its own) and the
    /// two are summed with their weights.
    func drawCrossDissolve(_ node: RenderNode, index: Int, progress: Double, alpha: Double, cr: OpaquePointer) {
        let info = nodes[index]
        let (before, after) = CairoContent.dissolveWeights(progress)
        let oldIndex = info.childStart
        let newIndex = oldIndex + nodes[oldIndex].subtreeCount
        beginGroup(cr, box: info.bodyBox)
        // The old subtree straight into the (empty) group, then scaled by its
        // weight in place (DEST_IN with an opaque source): one buffer less
        // than a group of its own.
        drawNode(node.children[0], index: oldIndex, alpha: 1, cr: cr)
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_paint_with_alpha(cr, before)
        cairo_restore(cr)
        cairo_push_group(cr)
        drawNode(node.children[1], index: newIndex, alpha: 1, cr: cr)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        cairo_paint_with_alpha(cr, after)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        endGroup(cr, opacity: alpha)
    }

    /// The layer's `contents`: its image, or, while a contents animation
    /// runs, the dissolve from the old image to it. `cr` has the layer's matrix.
    func drawContents(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        guard let fade = node.contentsFade else {
            if let image = node.image { drawImage(image, node: node, alpha: alpha, cr: cr) }
            return
        }
        let (before, after) = CairoContent.dissolveWeights(fade.progress)
        switch (fade.from, node.image) {
        case (nil, nil):
            return
        case (let from?, nil):
            drawImage(from, node: node, alpha: alpha * before, cr: cr)
        case (nil, let to?):
            drawImage(to, node: node, alpha: alpha * after, cr: cr)
        case (let from?, let to?):
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            beginGroup(cr, box: nodes[index].bodyBox)
            cairo_set_matrix(cr, &m)
            drawImage(from, node: node, alpha: before, cr: cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            drawImage(to, node: node, alpha: after, cr: cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            endGroup(cr, opacity: alpha)
        }
    }
}

extension DirectRenderer {
    /// The layer's image in its bounds, clipped to them with masksToBounds;
    /// media pixels are made for the scale `cr` draws at. A media failure
    /// is kept for `render` to throw; the image is then not drawn.
    func drawImage(_ image: RenderImage, node: RenderNode, alpha: Double, cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let pixmap: Pixmap?
        do {
            pixmap = try CairoContent.imagePixels(image, scale: CairoContent.imageScale(image, in: node.bounds, matrix: m))
        } catch {
            if failure == nil { failure = RenderError(layerPath: node.path, message: error.message) }
            return
        }
        guard let pixmap else { return }
        CairoContent.drawImage(image, pixmap: pixmap, in: node.bounds,
                               clip: node.masksToBounds ? RoundedRect(bounds: node) : nil, alpha: alpha, cr: cr)
    }
}
