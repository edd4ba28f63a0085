import StrataModel

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

extension RenderNode {
    /// The box in the node's bounds space that its content can paint, or nil
    /// when it paints nothing. Text and gradients live in the layer's backing
    /// store (its bounds); a shape's path and an emitter's particles are
    /// drawn wherever they lie, as Core Animation's render server draws them.
    var contentExtent: Rect? {
        switch content {
        case .none:
            return nil
        case .text, .gradient:
            return bounds.hasDrawableArea ? bounds : nil
        case .shape(let s):
            return ShapeGeometry.extent(of: s)
        case .particles(let p):
            return ParticleGeometry.extent(of: p)
        }
    }

    /// Fills the content makes that may overlap each other (capped later at
    /// 2): more than one means group opacity needs an offscreen group.
    var contentFills: Int {
        switch content {
        case .none: return 0
        case .text, .gradient: return 1
        case .shape(let s): return (ShapeGeometry.fills(s) ? 1 : 0) + (ShapeGeometry.strokes(s) ? 1 : 0)
        case .particles(let p): return min(p.particles.count, 2)
        }
    }

    /// The images the layer's contents draw (the one dissolving out too).
    var contentsImages: [RenderImage] {
        var list: [RenderImage] = []
        if let image { list.append(image) }
        if let from = contentsFade?.from { list.append(from) }
        return list
    }

    /// Whether this node cross-dissolves its two children (a fade transition).
    var dissolvesChildren: Bool { crossDissolve != nil && children.count == 2 }
}

