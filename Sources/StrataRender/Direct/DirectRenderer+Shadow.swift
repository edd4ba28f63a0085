import CCairo
import StrataModel

extension DirectRenderer {
    /// The layer's body over its shadow: the body's alpha (or shadowPath),
    /// offset, blurred by a Gaussian of sigma shadowRadius and coloured,
    /// then the body itself; both scaled by `alpha`.
    func drawShadowed(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        guard let shadow = node.shadow else { return }
        let info = nodes[index]
        let (dx, dy) = info.shadowOffset
        let sigma = info.shadowSigma
        let grow = (3 * sigma).rounded(.up) + 1
        let limit = info.box.pixelAligned
        func shadowBox(from source: DeviceBox) -> DeviceBox {
            DeviceBox(minX: source.minX + dx - grow, minY: source.minY + dy - grow,
                      maxX: source.maxX + dx + grow, maxY: source.maxY + dy + grow).pixelAligned.intersection(limit)
        }
        if let path = shadow.path {
            let sb = shadowBox(from: DeviceBox(path.bounds, through: info.matrix))
            if let plane = alphaPlane(sb, for: node) {
                // The device offset must be set before the context reads it.
                cairo_surface_set_device_offset(plane, -sb.minX, -sb.minY)
                let c3 = cairo_create(plane)!
                var m = info.matrix
                m.x0 += dx; m.y0 += dy
                cairo_set_matrix(c3, &m)
                CairoPath.addShape(c3, path)
                cairo_fill(c3)
                check(c3, drawing: node)
                cairo_destroy(c3)
                cairo_surface_set_device_offset(plane, 0, 0)
                paintShadow(plane, at: sb, sigma: sigma, color: shadow.color, alpha: alpha, cr: cr)
            }
            drawBody(node, index: index, alpha: alpha, cr: cr)
            return
        }
        let bb = info.bodyBox.pixelAligned
        guard !bb.isEmpty, let body = argbSurface(bb, for: node) else { return }
        defer { cairo_surface_destroy(body) }
        // Draw the body with its usual matrices: the device offset places it.
        cairo_surface_set_device_offset(body, -bb.minX, -bb.minY)
        let c2 = cairo_create(body)!
        drawBody(node, index: index, alpha: 1, cr: c2)
        check(c2, drawing: node)
        cairo_destroy(c2)
        cairo_surface_set_device_offset(body, 0, 0)
        cairo_surface_flush(body)
        let sb = shadowBox(from: bb)
        if let plane = alphaPlane(sb, for: node) {
            let c3 = cairo_create(plane)!
            cairo_set_source_surface(c3, body, bb.minX + dx - sb.minX, bb.minY + dy - sb.minY)
            cairo_paint(c3)
            cairo_destroy(c3)
            paintShadow(plane, at: sb, sigma: sigma, color: shadow.color, alpha: alpha, cr: cr)
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, body, bb.minX, bb.minY)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Blurs the A8 plane in place and fills the shadow colour through it.
    private func paintShadow(_ plane: OpaquePointer, at box: DeviceBox, sigma: Double, color: Color,
                             alpha: Double, cr: OpaquePointer) {
        defer { cairo_surface_destroy(plane) }
        cairo_surface_flush(plane)
        if sigma > 0, let data = cairo_image_surface_get_data(plane) {
            Blur.gaussian(data, width: Int(cairo_image_surface_get_width(plane)),
                          height: Int(cairo_image_surface_get_height(plane)),
                          stride: Int(cairo_image_surface_get_stride(plane)), sigma: sigma)
            cairo_surface_mark_dirty(plane)
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        CairoPath.setSource(cr, color, alpha: alpha)
        cairo_mask_surface(cr, plane, box.minX, box.minY)
        cairo_restore(cr)
    }

    private func alphaPlane(_ box: DeviceBox, for node: RenderNode) -> OpaquePointer? {
        surface(box, format: CAIRO_FORMAT_A8, for: node)
    }

    private func argbSurface(_ box: DeviceBox, for node: RenderNode) -> OpaquePointer? {
        surface(box, format: CAIRO_FORMAT_ARGB32, for: node)
    }

    /// A bitmap covering `box`, or nil when the box is empty, or when it
    /// cannot be had (then the frame fails at `node`).
    private func surface(_ box: DeviceBox, format: cairo_format_t, for node: RenderNode) -> OpaquePointer? {
        guard !box.isEmpty else { return nil }
        let w = Int(box.maxX - box.minX), h = Int(box.maxY - box.minY)
        guard w > 0, h > 0 else { return nil }
        guard w <= 32_767, h <= 32_767, let s = cairo_image_surface_create(format, Int32(w), Int32(h)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS || { cairo_surface_destroy(s); return false }() else {
            unallocated(node, width: w, height: h, bytesPerPixel: format == CAIRO_FORMAT_A8 ? 1 : 4)
            return nil
        }
        return s
    }
}
