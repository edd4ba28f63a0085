import StrataModel

/// A rectangle with circular corners on some of its corners: a layer's
/// bounds rounded by `cornerRadius` on its `maskedCorners`, the shape of its
/// background, its border and its masksToBounds clip (points, in the
/// layer's own space).
struct RoundedRect: Hashable, Sendable {
    var rect: Rect
    /// Points, clamped to half the shorter side (Core Animation's rule); 0
    /// when no corner is rounded.
    var radius: Double
    var corners: CornerMask
    /// Quarter circles, or Apple's continuous corners (which reach
    /// `ContinuousCorner.reach` along each edge).
    var curve: CornerCurve

    init(_ rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.rect = rect
        self.corners = corners
        self.curve = curve
        radius = corners.isEmpty ? 0 : CairoPath.clampedRadius(cornerRadius, of: rect)
    }

    /// A layer's bounds as its cornerRadius, maskedCorners and cornerCurve round them.
    init(bounds node: RenderNode) {
        self.init(node.bounds, cornerRadius: node.cornerRadius, corners: node.maskedCorners, curve: node.cornerCurve)
    }

    /// How far along each edge a rounded corner reaches (the radius for circular corners).
    var reach: Double {
        curve == .continuous ? ContinuousCorner.reach(radius: radius, half: min(rect.width, rect.height) / 2) : radius
    }

    var isRounded: Bool { radius > 0 }
}

extension CairoPath {
    /// Adds the rounded rect as a closed sub-path in the current user space.
    static func addRoundedRect(_ cr: OpaquePointer, _ shape: RoundedRect) {
        addRoundedRect(cr, shape.rect, radius: shape.radius, corners: shape.corners, curve: shape.curve)
    }
}
