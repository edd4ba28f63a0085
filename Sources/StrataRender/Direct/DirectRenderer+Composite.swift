import CCairo
import StrataModel

extension DirectRenderer {
    /// A layer drawn in its own plane: body, shadow and mask into a bitmap,
    /// then composited with its opacity through its plane map.
    func drawPlane(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        guard let plane = nodes[index].plane, let bitmap = renderPlaneBitmap(node, index: index) else { return }
        defer { cairo_surface_destroy(bitmap) }
        let total = alpha * min(node.opacity, 1)
        if plane.toSurface.isAffine {
            // A rasterized layer under an affine map: Cairo's bilinear composite.
            cairo_save(cr)
            var m = plane.toSurface.cairoMatrix
            cairo_set_matrix(cr, &m)
            cairo_set_source_surface(cr, bitmap, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cr, 0, 0, Double(plane.width), Double(plane.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, total)
            cairo_restore(cr)
        } else {
            warp([WarpPiece(bitmap: bitmap, toSurface: plane.toSurface, outline: plane.outline, alpha: total)],
                 box: nodes[index].box, for: node, cr: cr)
        }
    }

    /// The planes of a CATransformLayer, each rendered once, their pieces
    /// warped back to front into one bitmap that is then composited.
    func drawContext(_ node: RenderNode, index: Int, context c: Int, alpha: Double, cr: OpaquePointer) {
        let context = contexts[c]
        var bitmaps: [OpaquePointer?] = Array(repeating: nil, count: context.leaves.count)
        defer { for b in bitmaps { if let b { cairo_surface_destroy(b) } } }
        var pieces: [WarpPiece] = []
        for fragment in context.fragments {
            let leaf = context.leaves[fragment.leaf]
            var layer = node
            for i in leaf.path { layer = layer.children[i] }
            if bitmaps[fragment.leaf] == nil { bitmaps[fragment.leaf] = renderPlaneBitmap(layer, index: leaf.info) }
            guard let bitmap = bitmaps[fragment.leaf], let plane = nodes[leaf.info].plane else { continue }
            pieces.append(WarpPiece(bitmap: bitmap, toSurface: plane.toSurface, outline: fragment.outline,
                                    alpha: alpha * leaf.alpha * min(layer.opacity, 1)))
        }
        warp(pieces, box: nodes[index].box, for: node, cr: cr)
    }

    /// The node's body, shadow and mask (no opacity) in its plane bitmap.
    private func renderPlaneBitmap(_ node: RenderNode, index: Int) -> OpaquePointer? {
        guard let plane = nodes[index].plane else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(plane.width), Int32(plane.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS || { cairo_surface_destroy(surface); return false }(),
              let c2 = cairo_create(surface) else {
            unallocated(node, width: plane.width, height: plane.height)
            return nil
        }
        drawComposited(node, index: index, alpha: 1, cr: c2, opacityApplied: true)
        check(c2, drawing: node)
        cairo_destroy(c2)
        cairo_surface_flush(surface)
        return surface
    }

    struct WarpPiece {
        var bitmap: OpaquePointer
        /// Bitmap pixels -> surface pixels.
        var toSurface: Homography
        /// Where it lands, in surface pixels.
        var outline: ConvexPolygon
        var alpha: Double
    }

    /// Warps the pieces, in order, into a scratch bitmap covering `box`
    /// (surface pixels), then paints it: clips and groups of `cr` apply.
    func warp(_ pieces: [WarpPiece], box: DeviceBox, for node: RenderNode, cr: OpaquePointer) {
        let b = box.pixelAligned
        guard !b.isEmpty, !pieces.isEmpty else { return }
        let w = Int(b.maxX - b.minX), h = Int(b.maxY - b.minY)
        guard let dest = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            return unallocated(node, width: w, height: h)
        }
        defer { cairo_surface_destroy(dest) }
        guard cairo_surface_status(dest) == CAIRO_STATUS_SUCCESS, let dp = cairo_image_surface_get_data(dest) else {
            return unallocated(node, width: w, height: h)
        }
        cairo_surface_flush(dest)
        let target = Warp.Target(pixels: UnsafeMutableRawPointer(dp).assumingMemoryBound(to: UInt32.self), width: w, height: h,
                                 stride: Int(cairo_image_surface_get_stride(dest)) / 4,
                                 originX: Int(b.minX), originY: Int(b.minY))
        for piece in pieces {
            guard let toSource = piece.toSurface.inverted, let sp = cairo_image_surface_get_data(piece.bitmap) else { continue }
            let source = Warp.Source(pixels: UnsafeRawPointer(sp).assumingMemoryBound(to: UInt32.self),
                                     width: Int(cairo_image_surface_get_width(piece.bitmap)),
                                     height: Int(cairo_image_surface_get_height(piece.bitmap)),
                                     stride: Int(cairo_image_surface_get_stride(piece.bitmap)) / 4)
            Warp.composite(source, toSource: toSource, polygon: piece.outline, alpha: piece.alpha, into: target)
        }
        cairo_surface_mark_dirty(dest)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, dest, b.minX, b.minY)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
