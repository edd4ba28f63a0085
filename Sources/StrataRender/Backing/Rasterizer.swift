import CCairo
import StrataModel

/// Makes backing stores: draws a store's content with Cairo and Pango
/// through its raster map. The pixels depend on the key only, whichever
/// thread makes them (each thread brings its own Pango state).
struct Rasterizer {
    let textEngine: TextEngine

    /// The store for `key`, or a message saying why it cannot be made.
    func rasterize(_ key: StoreKey) -> Result<BackingStore, RasterFailure> {
        guard let store = BackingStore(format: key.format, width: key.width, height: key.height) else {
            return .failure(RasterFailure(BackingStore.fits(width: key.width, height: key.height)
                ? RenderError.unallocatedMessage(width: key.width, height: key.height, bytesPerPixel: key.format.bytesPerPixel)
                : "a \(key.width)x\(key.height) pixel backing store is too large"))
        }
        var failure: RasterFailure?
        let status = store.draw { cr in
            var m = cairo_matrix_t(xx: key.raster.xx, yx: key.raster.yx, xy: key.raster.xy, yy: key.raster.yy,
                                   x0: key.raster.x0, y0: key.raster.y0)
            cairo_set_matrix(cr, &m)
            failure = draw(key.content, cr: cr)
        }
        if let failure { return .failure(failure) }
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(RasterFailure("Cairo failed drawing the layer: " + String(cString: cairo_status_to_string(status))))
        }
        if case .shadowShape(_, let sigma) = key.content, sigma > 0 {
            Blur.gaussian(store.pixels.assumingMemoryBound(to: UInt8.self), width: store.width, height: store.height,
                          stride: store.stride, sigma: sigma)
        }
        store.seal()
        return .success(store)
    }

    /// Draws the content in the layer's space (the context's matrix is the
    /// raster map). Coverage content is drawn in opaque white. Says why
    /// when it could not be drawn.
    private func draw(_ content: StoreContent, cr: OpaquePointer) -> RasterFailure? {
        switch content {
        case .fill(let path, let rule):
            var s = ShapeProperties()
            s.path = path
            s.fillRule = rule
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            CairoContent.fillShape(s, cr: cr)
        case .stroke(let style):
            CairoContent.strokeShape(style.shape, color: .white, alpha: 1, cr: cr)
        case .text(let layout, let bounds):
            guard textEngine.draw(layout.text, in: bounds, alpha: 1, cr: cr) else {
                return RasterFailure("Pango could not lay out the text")
            }
        case .gradient(let g, let bounds):
            CairoContent.drawGradient(g, in: bounds, alpha: 1, cr: cr)
        case .image(let image, let fade, let bounds):
            do throws(MediaError) {
                try drawImages(image, fade: fade, bounds: bounds, cr: cr)
            } catch {
                return RasterFailure(error.message)
            }
        case .texels(let image):
            copyTexels(image, cr: cr)
        case .particleShape(let sprite):
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            let size = sprite.size
            if case .circle = sprite {
                CairoPath.addShape(cr, .ellipse(Rect(-size.width / 2, -size.height / 2, size.width, size.height)))
            } else {
                cairo_rectangle(cr, -size.width / 2, -size.height / 2, size.width, size.height)
            }
            cairo_fill(cr)
        case .shadowShape(let shape, _):
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            CairoPath.addShape(cr, shape)
            cairo_fill(cr)
        case .flattened:
            return RasterFailure("a flattened subtree is composited, not drawn")  // never asked: the planner makes those
        }
        return nil
    }

    /// The image, or the dissolve summing `fade.from` (1 - progress) and
    /// `image` (progress) with weights that add up to exactly 255.
    private func drawImages(_ image: ImageContent?, fade: ImageFade?, bounds: Rect,
                            cr: OpaquePointer) throws(MediaError) {
        guard let fade else {
            if let image { try draw(image, alpha: 1, bounds: bounds, cr: cr) }
            return
        }
        let (before, after) = CairoContent.dissolveWeights(fade.progress)
        if let from = fade.from { try draw(from, alpha: before, bounds: bounds, cr: cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        if let image { try draw(image, alpha: after, bounds: bounds, cr: cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    private func draw(_ image: ImageContent, alpha: Double, bounds: Rect, cr: OpaquePointer) throws(MediaError) {
        guard let pixmap = try image.pixmap() else { return }
        CairoContent.drawImage(image.image, pixmap: pixmap, in: bounds, clip: nil, alpha: alpha, cr: cr)
    }

    /// The cell image's shown part (`contentsRect`, edge pixels repeated
    /// past the image) copied pixel for pixel; the raster map is ignored.
    private func copyTexels(_ image: ParticleImage, cr: OpaquePointer) {
        let shown = image.shownPixels, pixmap = image.pixmap
        guard pixmap.width > 0, pixmap.height > 0, let target = cairo_get_target(cr),
              let data = cairo_image_surface_get_data(target) else { return }
        let stride = Int(cairo_image_surface_get_stride(target))
        let width = min(shown.width, Int(cairo_image_surface_get_width(target)))
        let height = min(shown.height, Int(cairo_image_surface_get_height(target)))
        cairo_surface_flush(target)
        pixmap.pixels.withUnsafeBytes { src in
            for y in 0..<height {
                let sy = min(max(shown.y + y, 0), pixmap.height - 1)
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<width {
                    let sx = min(max(shown.x + x, 0), pixmap.width - 1)
                    row.storeBytes(of: src.loadUnaligned(fromByteOffset: (sy * pixmap.width + sx) * 4, as: UInt32.self),
                                   toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(target)
    }
}

/// Why a store could not be made (the planner adds the layer's place).
struct RasterFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
