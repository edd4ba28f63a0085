import StrataModel

/// What drawing one frame holds in memory at once, estimated from its
/// render tree before anything is drawn, so that a frame that would not
/// fit is a located error instead of an out-of-memory kill or a failed
/// allocation halfway.
///
/// The estimate follows the renderer's offscreen bitmaps and is an upper
/// bound of them: each one is taken as large as the canvas (`A` pixels,
/// 4 bytes each), a plane bitmap as twice the canvas (the renderer's cap),
/// whatever part of the canvas the layer really covers.
///
/// | while drawing a layer with | it holds |
/// | --- | --- |
/// | group opacity (opacity < 1 over more than one fill) | one group: 4A bytes |
/// | a mask | the content and the mask: 8A |
/// | a shadow | the body and the shadow's alpha plane: 5A |
/// | a cross-dissolve (contents or a fade transition) | two groups: 8A |
/// | particles | a scratch bitmap: 4A |
/// | rasterization or a 3D (non-affine) transform | its plane bitmap: 8A |
/// | a 3D context (CATransformLayer, preservesDepth) | every plane of it at once: 8A each, and the composite: 4A |
///
/// Nested layers add up (a group inside a group holds both); sublayers
/// drawn one after another do not (the largest counts).
public enum FrameMemory {
    /// Bytes the frame needs at most, and the layer whose offscreen
    /// bitmaps take it past `limit` (the root when it fits or the frame itself does not).
    public struct Estimate: Sendable, Equatable {
        public var bytes: Double
        public var layerPath: String
    }

    public static func estimate(_ tree: RenderTree, limit: Double = .infinity) -> Estimate {
        let area = Double(max(tree.pixelWidth, 0)) * Double(max(tree.pixelHeight, 0))
        let frame = 4 * area
        let peak = Self.peak(of: tree.root, area: area)
        var blamed = tree.root.path
        if frame + peak.bytes > limit {
            // Down the path of the largest need to the layer where the total passes the limit.
            var total = frame
            for (path, own) in peak.path {
                total += own
                blamed = path
                if total > limit { break }
            }
        }
        return Estimate(bytes: frame + peak.bytes, layerPath: blamed)
    }

    /// The largest need of a subtree and the layers along it with their own share.
    private struct Peak {
        var bytes: Double
        var path: [(String, Double)]
    }

    /// `inContext`: a plane of a 3D context, whose bitmap the context counts.
    private static func peak(of node: RenderNode, area: Double, inContext: Bool = false) -> Peak {
        var own = ownBytes(node, area: area, inContext: inContext)
        var inner = Peak(bytes: 0, path: [])
        if node.isTransformLayer {
            // Every plane of the context is kept until all are composited.
            let leaves = planeLeaves(of: node)
            own += 4 * area + Double(leaves.count) * 8 * area
            for leaf in leaves {
                let p = peak(of: leaf, area: area, inContext: true)
                if p.bytes > inner.bytes { inner = p }
            }
        } else {
            if let mask = node.mask?.node {
                let p = peak(of: mask, area: area)
                if p.bytes > inner.bytes { inner = p }
            }
            for child in node.children {
                let p = peak(of: child, area: area)
                if p.bytes > inner.bytes { inner = p }
            }
        }
        return Peak(bytes: own + inner.bytes, path: [(node.path, own)] + inner.path)
    }

    /// The layers of a 3D context drawn in their own planes: its sublayers,
    /// through nested transform layers.
    private static func planeLeaves(of node: RenderNode) -> [RenderNode] {
        node.children.flatMap { $0.isTransformLayer ? planeLeaves(of: $0) : [$0] }
    }

    /// The offscreen bitmaps drawing `node` itself needs (see the table).
    private static func ownBytes(_ node: RenderNode, area: Double, inContext: Bool) -> Double {
        var bytes = 0.0
        let fills = (node.backgroundColor != nil ? 1 : 0) + (node.image != nil ? 1 : 0)
            + (node.borderWidth > 0 ? 1 : 0) + contentFills(node) + node.children.count
        if node.opacity < 1 && node.allowsGroupOpacity && fills > 1 { bytes += 4 * area }
        if node.mask != nil { bytes += 8 * area }
        if node.shadow != nil { bytes += 5 * area }
        if node.contentsFade != nil || node.crossDissolve != nil { bytes += 8 * area }
        if case .particles = node.content { bytes += 4 * area }
        if !node.isTransformLayer, !inContext, node.rasterizationScale != nil || !node.transform.isAffine2D { bytes += 8 * area }
        return bytes
    }

    private static func contentFills(_ node: RenderNode) -> Int {
        switch node.content {
        case .none: return 0
        case .particles(let p): return min(p.particles.count, 2)
        default: return 1
        }
    }
}
