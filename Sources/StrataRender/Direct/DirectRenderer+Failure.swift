import CCairo
import StrataModel

/// A frame that cannot be drawn completely is an error at the layer where
/// drawing failed (a bitmap that cannot be allocated, a Cairo context in an
/// error state), never a blank or partial image. The first failure is kept;
/// drawing stops there and `render` throws it.
extension DirectRenderer {
    /// Records Cairo's error on `cr`, if any, as the failure of `node`.
    func check(_ cr: OpaquePointer, drawing node: RenderNode) {
        guard failure == nil else { return }
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return }
        var message = "Cairo failed drawing this layer: " + String(cString: cairo_status_to_string(status))
        if status == CAIRO_STATUS_NO_MEMORY {
            message += " (its offscreen bitmaps need more memory than the system gives; see --memory-limit)"
        }
        failure = RenderError(layerPath: node.path, message: message)
    }

    /// Records that a `width` x `height` bitmap for `node` could not be allocated.
    func unallocated(_ node: RenderNode, width: Int, height: Int, bytesPerPixel: Int = 4) {
        guard failure == nil else { return }
        failure = .unallocated(layerPath: node.path, location: node.location, width: width, height: height,
                               bytesPerPixel: bytesPerPixel)
    }
}
