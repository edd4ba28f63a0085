import CCairo
import StrataModel

/// `compositingFilter`, `filters` and `backgroundFilters` (docs/compositing.md#filters):
/// the layer's flattened group is filtered, then composited with the
/// compositing filter's operator; the backdrop under the layer's rounded
/// bounds is filtered in place before the layer draws.
extension DirectRenderer {
    /// The box a layer's pixels may reach once its filters spread them
    /// (a blur reads and writes 3 sigma around), and the bounds for
    /// background filters, which change what is behind them.
    static func filterBox(_ node: RenderNode, box: DeviceBox, ownBox: DeviceBox, pixelsPerPoint: Double,
                          fills: inout Int) -> DeviceBox {
        var box = box
        // Operators that clear where the layer is transparent act on all of its bounds.
        let clears = node.compositingFilter.map { !$0.leavesBackdropOutside } ?? false
        if !node.backgroundFilters.isEmpty || clears, !ownBox.isEmpty {
            box = box.union(ownBox)
            fills += 1
        }
        let reach = node.filters.map { Double(PixelFilter($0, pixelsPerPoint: pixelsPerPoint).reach) }.reduce(0, +)
        if reach > 0, !box.isEmpty {
            box = DeviceBox(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
        }
        return box
    }

    /// Runs the layer's `filters` over its popped group, in place.
    func applyFilters(_ node: RenderNode, index: Int, to group: OpaquePointer?) {
        guard !node.filters.isEmpty, let group else { return }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        for f in node.filters {
            FilterMath.apply(PixelFilter(f, pixelsPerPoint: nodes[index].pixelsPerPoint), pixels,
                             width: width, height: height, stride: stride)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Sets the operator of the layer's compositing filter; the operators
    /// that change the backdrop where the layer is transparent (clear,
    /// copy, sourceIn, sourceOut, destIn, destAtop) are clipped to the
    /// layer's rounded bounds. The current matrix is kept.
    func beginCompositingFilter(_ node: RenderNode, index: Int, cr: OpaquePointer) {
        guard let mode = node.compositingFilter else { return }
        cairo_set_operator(cr, Self.cairoOperator(mode))
        guard !mode.leavesBackdropOutside else { return }
        var current = cairo_matrix_t()
        cairo_get_matrix(cr, &current)
        var m = nodes[index].matrix
        cairo_set_matrix(cr, &m)
        addBoundsPath(node, cr: cr)
        cairo_clip(cr)
        cairo_set_matrix(cr, &current)
    }

    /// Filters what is already drawn under the layer's rounded bounds (its
    /// backdrop in the surface it is drawn into) with `backgroundFilters`,
    /// mixed in by `alpha`.
    func filterBackdrop(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        let info = nodes[index]
        guard node.bounds.hasDrawableArea, !info.ownBox.isEmpty, alpha > 0,
              let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        let filters = node.backgroundFilters.map { PixelFilter($0, pixelsPerPoint: info.pixelsPerPoint) }
        let reach = Double(filters.map(\.reach).reduce(0, +))
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target)) / 4
        // The bounds and the blur's margin, in the target's pixels.
        let b = info.ownBox.pixelAligned
        let x0 = max(0, Int(b.minX - reach + ox)), y0 = max(0, Int(b.minY - reach + oy))
        let x1 = min(width, Int(b.maxX + reach + ox)), y1 = min(height, Int(b.maxY + reach + oy))
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(copy) }
        guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS, let out = cairo_image_surface_get_data(copy) else { return }
        let src = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self)
        let outStride = Int(cairo_image_surface_get_stride(copy)) / 4
        for y in 0..<h { (dst + y * outStride).update(from: src + (y0 + y) * stride + x0, count: w) }
        for f in filters { FilterMath.apply(f, dst, width: w, height: h, stride: outStride) }
        cairo_surface_mark_dirty(copy)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, copy, Double(x0) - ox, Double(y0) - oy)
        var m = info.matrix
        cairo_set_matrix(cr, &m)
        addBoundsPath(node, cr: cr)
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceOver: return CAIRO_OPERATOR_OVER
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destOver: return CAIRO_OPERATOR_DEST_OVER
        case .destIn: return CAIRO_OPERATOR_DEST_IN
        case .destOut: return CAIRO_OPERATOR_DEST_OUT
        case .destAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusL: return CAIRO_OPERATOR_ADD
        }
    }
}
