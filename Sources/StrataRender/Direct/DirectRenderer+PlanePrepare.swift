import CCairo
import StrataModel

extension DirectRenderer {
    /// Prepares a node drawn in its own plane: its body goes into a bitmap
    /// (plane units times a scale), which `toParent` then maps into the
    /// parent surface (a perspective warp, or an affine Cairo composite for
    /// a rasterized layer).
    ///
    /// The bitmap covers only the part of the subtree that is in front of
    /// the eye and on the canvas, at the largest magnification the warp
    /// needs there (or at rasterizationScale), within a pixel budget.
    func preparePlane(_ node: RenderNode, index: Int, toParent h: Homography, visible: Bool,
                      canvas: DeviceBox) -> (box: DeviceBox, fills: Int) {
        // Body in plane units first, culled against the canvas seen through h.
        let huge = DeviceBox(minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9)
        let planeCanvas = ConvexPolygon.visiblePart(of: huge, under: h, nearW: Self.nearW, clip: canvas).boundingBox
        let body = prepareBody(node, index: index, matrix: cairo_matrix_t.identity, visible: visible && !planeCanvas.isEmpty,
                               canvas: planeCanvas.isEmpty ? huge : planeCanvas)
        let seen = ConvexPolygon.visiblePart(of: body.box, under: h, nearW: Self.nearW, clip: canvas)
        guard nodes[index].visible, !body.box.isEmpty, !seen.isEmpty else { return hide(index) }
        let extent = seen.boundingBox
        guard extent.maxX > extent.minX, extent.maxY > extent.minY else { return hide(index) }

        var s: Double
        if let r = node.rasterizationScale {
            s = r
        } else {
            s = 0
            for i in 0..<seen.count { s = max(s, h.magnification(atX: seen.xs[i], y: seen.ys[i])) }
            if !s.isFinite || s <= 0 { s = 1 }
            s = min(max(s, 1.0 / 64), 64)
        }
        let w = extent.maxX - extent.minX, hgt = extent.maxY - extent.minY
        let budget = Double(planePixelBudget)
        if w * s * hgt * s > budget { s = (budget / (w * hgt)).squareRoot() }
        s = min(s, Double(Self.maxPlaneSide) / w, Double(Self.maxPlaneSide) / hgt)
        let width = max(1, Int((w * s).rounded(.up))), height = max(1, Int((hgt * s).rounded(.up)))

        let toBitmap = Homography.translation(-extent.minX, -extent.minY).then(.scale(s))
        guard let fromBitmap = toBitmap.inverted else { return hide(index) }
        rebaseBody(of: index, by: toBitmap)
        let toSurface = fromBitmap.then(h)
        let planeOutline = ConvexPolygon(rect: extent).clipped(a: h.a13, b: h.a23, c: h.a33 - Self.nearW)
        let outline = planeOutline.mapped { h.project($0, $1) }
        let box = seen.mapped { h.project($0, $1) }.boundingBox.intersection(canvas)
        guard !box.isEmpty, !outline.isEmpty else { return hide(index) }
        nodes[index].plane = PlaneInfo(width: width, height: height, toSurface: toSurface, outline: outline,
                                       planeOutline: planeOutline)
        nodes[index].box = box
        return (box, 1)
    }

    /// Largest plane bitmap in pixels: twice the frame, at least 1024 x 1024.
    var planePixelBudget: Int { max(2 * frameWidth * frameHeight, 1 << 20) }
    static let maxPlaneSide = Limits.maxPixelsPerSide

    private func hide(_ index: Int) -> (box: DeviceBox, fills: Int) {
        nodes[index].visible = false
        nodes[index].box = .empty
        nodes[index].fills = 0
        return (.empty, 0)
    }

    /// Moves a node's body (prepared in plane units) into bitmap pixels:
    /// its own matrix and boxes, and everything drawn into the same surface
    /// below it. Nested planes keep their insides (their own bitmaps) and
    /// only change where they land.
    private func rebaseBody(of index: Int, by m: Homography) {
        func mapBox(_ b: DeviceBox) -> DeviceBox {
            b.isEmpty ? b : DeviceBox(minX: b.minX * m.a11 + m.a31, minY: b.minY * m.a22 + m.a32,
                                      maxX: b.maxX * m.a11 + m.a31, maxY: b.maxY * m.a22 + m.a32)
        }
        let cm = m.cairoMatrix
        let scale = m.a11
        nodes[index].matrix = .concatenating(nodes[index].matrix, cm)
        nodes[index].bodyBox = mapBox(nodes[index].bodyBox)
        nodes[index].ownBox = mapBox(nodes[index].ownBox)
        nodes[index].shadowOffset = (nodes[index].shadowOffset.x * scale, nodes[index].shadowOffset.y * scale)
        nodes[index].shadowSigma *= scale
        let end = nodes.count
        var i = index + 1
        while i < end {
            var info = nodes[i]
            info.box = mapBox(info.box)
            if var plane = info.plane {
                plane.toSurface = plane.toSurface.then(m)
                plane.outline = plane.outline.mapped { ($0 * m.a11 + m.a31, $1 * m.a22 + m.a32) }
                info.plane = plane
                nodes[i] = info
                i += info.subtreeCount
                continue
            }
            info.matrix = .concatenating(info.matrix, cm)
            info.bodyBox = mapBox(info.bodyBox)
            info.ownBox = mapBox(info.ownBox)
            info.shadowOffset = (info.shadowOffset.x * scale, info.shadowOffset.y * scale)
            info.shadowSigma *= scale
            if let c = info.context {
                for k in contexts[c].fragments.indices {
                    contexts[c].fragments[k].outline = contexts[c].fragments[k].outline.mapped {
                        ($0 * m.a11 + m.a31, $1 * m.a22 + m.a32)
                    }
                }
            }
            nodes[i] = info
            i += 1
        }
    }

    /// A CATransformLayer: its sublayers (through nested transform layers)
    /// become planes placed in 3D in the flattening superlayer's space,
    /// each drawn through its own bitmap, ordered by a BSP tree.
    func prepareContext(_ node: RenderNode, index: Int, relative: Transform3D, parent: Homography,
                        visible: Bool, canvas: DeviceBox) -> (box: DeviceBox, fills: Int) {
        let c = contexts.count
        contexts.append(DepthContext())
        nodes[index].context = c
        nodes[index].visible = visible
        var leaves: [DepthContext.Leaf] = []
        var polygons: [DepthPolygon] = []
        var box = DeviceBox.empty
        func collect(_ layer: RenderNode, _ toFlat: Transform3D, alpha: Double, path: [Int]) {
            for (i, child) in layer.children.enumerated() {
                let m = child.transform * toFlat
                if child.isTransformLayer {
                    // Its own info keeps preorder stepping simple; it draws nothing itself.
                    let own = nodes.count
                    nodes.append(NodeInfo(matrix: .identity, visible: false, box: .empty, fills: 0, subtreeCount: 1))
                    collect(child, m, alpha: alpha * min(child.opacity, 1), path: path + [i])
                    nodes[own].subtreeCount = nodes.count - own
                    continue
                }
                let leafIndex = nodes.count
                let sub = prepare(child, relative: m, parent: parent, parentVisible: visible && alpha > 0,
                                  canvas: canvas, forcePlane: true)
                guard nodes[leafIndex].visible, let plane = nodes[leafIndex].plane else { continue }
                box = box.union(sub.box)
                let slot = leaves.count
                leaves.append(DepthContext.Leaf(info: leafIndex, path: path + [i], alpha: alpha))
                // Screen-depth points: the outline on screen with Z / W from the 3D map.
                var p = DepthPolygon(xs: plane.outline.xs, ys: plane.outline.ys, zs: [], hard: plane.outline.hard, leaf: slot)
                for k in 0..<plane.planeOutline.count {
                    let q = m.apply(x: plane.planeOutline.xs[k], y: plane.planeOutline.ys[k])
                    p.zs.append(q.w != 0 ? q.z / q.w : 0)
                }
                polygons.append(p)
            }
        }
        if visible {
            collect(node, relative, alpha: min(node.opacity, 1), path: [])
        }
        contexts[c].leaves = leaves
        contexts[c].fragments = DepthSort.backToFront(polygons).map { ($0.leaf, $0.outline) }
        box = box.intersection(canvas)
        if box.isEmpty { nodes[index].visible = false }
        nodes[index].box = box
        nodes[index].fills = box.isEmpty ? 0 : 1
        return (box, nodes[index].fills)
    }
}

extension cairo_matrix_t {
    static let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
}
