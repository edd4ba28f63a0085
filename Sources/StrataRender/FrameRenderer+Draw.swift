import CCairo
import StrataModel

extension FrameRenderer {
    /// Draws `node` (preorder index `index` in `nodes`) and its subtree:
    /// background, content, sublayers (clipped by masksToBounds), then the border.
    /// `alpha` is opacity inherited from ancestors that needed no group.
    func drawNode(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        let info = nodes[index]
        guard info.visible else { return }
        let opacity = min(node.opacity, 1)
        // Core Animation's group opacity: overlapping fills inside a
        // translucent layer must not show through each other. With at most
        // one fill the opacity can simply scale that fill's alpha.
        let group = opacity < 1 && info.fills > 1
        let contentAlpha = group ? alpha : alpha * opacity
        if group { beginGroup(cr, box: info.box) }

        var m = info.matrix
        cairo_set_matrix(cr, &m)
        let bounds = node.bounds
        let hasArea = bounds.hasDrawableArea
        let radius = hasArea ? CairoPath.clampedRadius(node.cornerRadius, of: bounds) : 0
        if hasArea, let bg = node.backgroundColor, bg.alpha > 0 {
            CairoPath.addRoundedRect(cr, bounds, radius: radius)
            CairoPath.setSource(cr, bg, alpha: contentAlpha)
            cairo_fill(cr)
        }
        if contentPaints(node) {
            drawContent(node, alpha: contentAlpha, cr: cr)
            cairo_set_matrix(cr, &m)
        }

        if !node.children.isEmpty {
            if !node.masksToBounds {
                var childIndex = index + 1
                for child in node.children {
                    drawNode(child, index: childIndex, alpha: contentAlpha, cr: cr)
                    childIndex += nodes[childIndex].subtreeCount
                }
            } else if hasArea {
                drawClippedChildren(of: node, index: index, radius: radius, alpha: contentAlpha, cr: cr)
            }
        }

        if hasArea && node.drawsBorder {
            cairo_set_matrix(cr, &m)
            CairoPath.addBorder(cr, bounds, radius: radius, width: node.borderWidth)
            CairoPath.setSource(cr, node.borderColor, alpha: contentAlpha)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }

        if group { endGroup(cr, opacity: opacity) }
    }

    /// Draws the sublayers of a masksToBounds layer, clipping only those
    /// that reach outside its (rounded) bounds and skipping those wholly outside.
    private func drawClippedChildren(of node: RenderNode, index: Int, radius: Double,
                                     alpha: Double, cr: OpaquePointer) {
        var m = nodes[index].matrix
        let clip = RoundedClip(rect: node.bounds, radius: radius, matrix: m)
        let clipBox = DeviceBox(node.bounds, through: m)
        var clipped = false
        var childIndex = index + 1
        for child in node.children {
            let info = nodes[childIndex]
            if info.visible && !info.box.intersection(clipBox).isEmpty {
                let needsClip = !clip.contains(info.box)
                if needsClip && !clipped {
                    cairo_save(cr)
                    cairo_set_matrix(cr, &m)
                    CairoPath.addRoundedRect(cr, node.bounds, radius: radius)
                    cairo_clip(cr)
                } else if !needsClip && clipped {
                    cairo_restore(cr)
                }
                clipped = needsClip
                drawNode(child, index: childIndex, alpha: alpha, cr: cr)
            }
            childIndex += info.subtreeCount
        }
        if clipped { cairo_restore(cr) }
    }

    /// Starts an offscreen group no larger than `box` (device pixels): Cairo
    /// sizes the group surface by the clip extents, so a pixel-aligned clip
    /// keeps a small layer's group from costing a full-frame buffer.
    private func beginGroup(_ cr: OpaquePointer, box: DeviceBox) {
        let b = box.pixelAligned
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
        cairo_clip(cr)
        cairo_push_group(cr)
    }

    private func endGroup(_ cr: OpaquePointer, opacity: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }
}
