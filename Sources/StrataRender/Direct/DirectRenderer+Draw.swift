import CCairo
import StrataModel

extension DirectRenderer {
    /// Draws `node` (preorder index `index` in `nodes`) and its subtree.
    /// `alpha` is opacity inherited from ancestors that needed no group.
    func drawNode(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        let info = nodes[index]
        guard info.visible else { return }
        if let c = info.context {
            drawContext(node, index: index, context: c, alpha: alpha, cr: cr)
        } else if info.plane != nil {
            drawPlane(node, index: index, alpha: alpha, cr: cr)
        } else {
            drawComposited(node, index: index, alpha: alpha, cr: cr)
        }
    }

    /// Core Animation's order for one layer in the surface of its body:
    /// shadow beneath, then the body; opacity over both; then the mask.
    /// With `opacityApplied` the caller composites with the opacity itself.
    func drawComposited(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer,
                        opacityApplied: Bool = false) {
        let info = nodes[index]
        let opacity = opacityApplied ? 1 : min(node.opacity, 1)
        let mask = node.mask?.node
        // Group opacity: overlapping fills inside a translucent layer must
        // not show through each other. With at most one fill the opacity can
        // simply scale that fill's alpha; allowsGroupOpacity false always does that.
        let groupOpacity = opacity < 1 && info.fills > 1 && node.allowsGroupOpacity
        // A compositing filter or filters act on the flattened layer.
        let effects = node.compositingFilter != nil || !node.filters.isEmpty
        let group = groupOpacity || mask != nil || effects
        let inner = group ? alpha : alpha * opacity
        if !node.backgroundFilters.isEmpty { filterBackdrop(node, index: index, alpha: alpha * opacity, cr: cr) }
        if group { beginGroup(cr, box: info.box) }
        // masksToBounds clips the layer's own shadow too.
        let clipShadow = node.masksToBounds && node.shadow != nil
        if clipShadow {
            cairo_save(cr)
            var m = info.matrix
            cairo_set_matrix(cr, &m)
            addBoundsPath(node, cr: cr)
            cairo_clip(cr)
        }
        if node.shadow != nil && info.shadowSigma.isFinite {
            drawShadowed(node, index: index, alpha: inner, cr: cr)
        } else {
            drawBody(node, index: index, alpha: inner, cr: cr)
        }
        if clipShadow { cairo_restore(cr) }
        if let mask {
            // The mask's alpha (times the opacity) cuts the layer.
            let content = cairo_pop_group(cr)
            cairo_push_group(cr)
            drawNode(mask, index: index + 1, alpha: opacity, cr: cr)
            let maskPattern = cairo_pop_group(cr)
            applyFilters(node, index: index, to: content)
            cairo_set_source(cr, content)
            beginCompositingFilter(node, index: index, cr: cr)
            cairo_mask(cr, maskPattern)
            cairo_pattern_destroy(maskPattern)
            cairo_pattern_destroy(content)
            cairo_restore(cr)
        } else if effects {
            let content = cairo_pop_group(cr)
            applyFilters(node, index: index, to: content)
            cairo_set_source(cr, content)
            beginCompositingFilter(node, index: index, cr: cr)
            cairo_paint_with_alpha(cr, opacity)
            cairo_pattern_destroy(content)
            cairo_restore(cr)
        } else if group {
            endGroup(cr, opacity: opacity)
        }
    }

    /// Background, contents, the content hook, sublayers (clipped by
    /// masksToBounds), then the border, each scaled by `alpha`.
    func drawBody(_ node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        let info = nodes[index]
        var m = info.matrix
        cairo_set_matrix(cr, &m)
        let bounds = node.bounds
        let hasArea = bounds.hasDrawableArea
        if hasArea, let bg = node.backgroundColor, bg.alpha > 0, !(index == 0 && rootBackgroundPainted) {
            addBoundsPath(node, cr: cr)
            CairoPath.setSource(cr, bg, alpha: alpha)
            cairo_fill(cr)
        }
        if hasArea, node.image != nil || node.contentsFade != nil {
            drawContents(node, index: index, alpha: alpha, cr: cr)
            cairo_set_matrix(cr, &m)
        }
        if contentPaints(node) {
            drawContent(node, alpha: alpha, cr: cr)
            cairo_set_matrix(cr, &m)
        }
        if !node.children.isEmpty {
            if let progress = node.crossDissolve, node.dissolvesChildren {
                drawCrossDissolve(node, index: index, progress: progress, alpha: alpha, cr: cr)
            } else if !node.masksToBounds {
                var childIndex = info.childStart
                for child in node.children {
                    drawNode(child, index: childIndex, alpha: alpha, cr: cr)
                    childIndex += nodes[childIndex].subtreeCount
                }
            } else if hasArea {
                drawClippedChildren(of: node, index: index, alpha: alpha, cr: cr)
            }
        }
        if hasArea && node.drawsBorder {
            cairo_set_matrix(cr, &m)
            let radius = CairoPath.clampedRadius(node.cornerRadius, of: bounds)
            CairoPath.addBorder(cr, bounds, radius: radius, width: node.borderWidth, corners: node.maskedCorners,
                                curve: node.cornerCurve)
            CairoPath.setSource(cr, node.borderColor, alpha: alpha)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// The bounds rounded by cornerRadius on the maskedCorners, in the current matrix.
    func addBoundsPath(_ node: RenderNode, cr: OpaquePointer) {
        let radius = CairoPath.clampedRadius(node.cornerRadius, of: node.bounds)
        CairoPath.addRoundedRect(cr, node.bounds, radius: radius, corners: node.maskedCorners, curve: node.cornerCurve)
    }

    /// Draws the sublayers of a masksToBounds layer, clipping only those
    /// that reach outside its (rounded) bounds and skipping those wholly outside.
    private func drawClippedChildren(of node: RenderNode, index: Int, alpha: Double, cr: OpaquePointer) {
        var m = nodes[index].matrix
        let radius = CairoPath.clampedRadius(node.cornerRadius, of: node.bounds)
        // Rounding fewer corners only grows the shape, so the full-radius test stays conservative;
        // a continuous corner lies outside the circle of its reach.
        let reach = node.cornerCurve == .continuous
            ? ContinuousCorner.reach(radius: radius, half: min(node.bounds.width, node.bounds.height) / 2) : radius
        let clip = RoundedClip(rect: node.bounds, radius: reach, matrix: m)
        let clipBox = nodes[index].ownBox
        var clipped = false
        var childIndex = nodes[index].childStart
        for child in node.children {
            let info = nodes[childIndex]
            if info.visible && !info.box.intersection(clipBox).isEmpty {
                let needsClip = !clip.contains(info.box)
                if needsClip && !clipped {
                    cairo_save(cr)
                    cairo_set_matrix(cr, &m)
                    addBoundsPath(node, cr: cr)
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
    func beginGroup(_ cr: OpaquePointer, box: DeviceBox) {
        let b = box.pixelAligned
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
        cairo_clip(cr)
        cairo_push_group(cr)
    }

    func endGroup(_ cr: OpaquePointer, opacity: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }
}
