#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

extension FramePlanner {
    /// An emitter's particles in draw order, each a quad: a cell image's
    /// texels (sampled bilinearly, clamped to the edge, its sides
    /// anti-aliased by area) or a built-in shape's coverage store, centred
    /// on the particle, scaled and turned, times the particle's colour,
    /// over the layer or added to it (additive mode).
    func planParticles(_ content: ParticleContent, map: Homography, in context: Context, for node: RenderNode,
                       into out: inout Planned) throws(RenderError) {
        let blend: Blend = content.additive ? .add : .over
        var fills = 0
        for p in content.particles {
            let size = p.sprite.size
            let w = size.width * p.scale, h = size.height * p.scale
            guard w > 0, h > 0, w.isFinite, h.isFinite, p.center.x.isFinite, p.center.y.isFinite, p.angle.isFinite,
                  p.color.alpha > 0 else { continue }
            // The sprite's space (points, centred) -> the layer's space.
            let place = Homography.scale(p.scale).then(.rotation(p.angle)).then(.translation(p.center.x, p.center.y))
            let toSurface = place.then(map)
            let extent = Rect(-size.width / 2, -size.height / 2, size.width, size.height)
            let item: PlanItem
            switch p.sprite {
            case .image(let image):
                guard var q = try imageParticle(image, size: size, toSurface: toSurface, in: context, for: node)
                else { continue }
                q.color = p.color
                q.blend = blend
                item = .quad(q)
            case .rect, .circle where size.width == size.height:
                // Rectangles and circles are exact shapes, filled per pixel.
                let radius = p.sprite == .rect(size) ? 0 : size.width / 2
                guard let shape = SoftShape(RoundedRect(extent, cornerRadius: radius), through: toSurface,
                                            nearW: Self.nearW) else { continue }
                item = .fill(SolidFill(shape: shape, hole: nil, color: p.color, alpha: 1, blend: blend, clip: context.clip,
                                       box: box(of: shape, in: context)))
            case .circle:
                guard var q = try storeQuad(.particleShape(p.sprite), extent: extent, map: toSurface, moving: true,
                                            in: context, for: node) else { continue }
                q.color = p.color
                q.blend = blend
                item = .quad(q)
            }
            guard !item.box.isEmpty else { continue }
            out.items.append(item)
            out.box = out.box.union(item.box)
            fills += 1
        }
        out.fills = min(out.fills + min(fills, 2), 2)
    }

    /// A cell image: one store of its shown texels (no padding: the quad's
    /// sides are anti-aliased by area, so a small image scaled up keeps sharp sides).
    private func imageParticle(_ image: ParticleImage, size: Size, toSurface: Homography, in context: Context,
                               for node: RenderNode) throws(RenderError) -> TexturedQuad? {
        let shown = image.shownPixels
        guard shown.width > 0, shown.height > 0, shown.width <= BackingStore.maxSide, shown.height <= BackingStore.maxSide
        else { return nil }
        let key = StoreKey(content: .texels(image), raster: .scale(1, offsetX: 0, offsetY: 0),
                           width: shown.width, height: shown.height)
        // Texels -> the sprite's space: the shown pixels fill its size around the centre.
        let fromTexels = Homography(a11: size.width / Double(shown.width), a12: 0, a13: 0,
                                    a21: 0, a22: size.height / Double(shown.height), a23: 0,
                                    a31: -size.width / 2, a32: -size.height / 2, a33: 1).then(toSurface)
        guard let toStore = fromTexels.inverted,
              let edges = SoftShape(RoundedRect(Rect(0, 0, Double(shown.width), Double(shown.height)), cornerRadius: 0),
                                    through: fromTexels, nearW: Self.nearW) else { return nil }
        let box = PixelBox(covering: edges.boundingBox).intersection(context.clipBox)
        guard !box.isEmpty else { return nil }
        let store = try self.store(for: key, node: node)
        return TexturedQuad(store: StoreRef(store: store), toStore: toStore, alpha: 1, hull: [], edges: edges,
                            clip: context.clip, box: box)
    }
}

extension Homography {
    /// Turns by `angle` radians, clockwise on screen (y down), as Cairo does.
    static func rotation(_ angle: Double) -> Homography {
        let c = cos(angle), s = sin(angle)
        return Homography(a11: c, a12: s, a13: 0, a21: -s, a22: c, a23: 0, a31: 0, a32: 0, a33: 1)
    }
}
