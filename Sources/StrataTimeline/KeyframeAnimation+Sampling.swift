import Foundation
import StrataModel

extension KeyframeAnimation {
    /// The value at progress `p` (after the animation's timing function) and,
    /// with a `rotationMode`, the angle (radians, clockwise on screen) to turn
    /// the layer by. Nil without keyframes.
    ///
    /// - linear: `timingFunctions[i]` shapes s, then the values interpolate
    ///   (a path: its segment at parameter s, so each segment's own pace).
    /// - discrete: the held value.
    /// - paced: s is the share of the segment's length (arc length on a
    ///   path), so the speed is constant over the whole animation.
    /// - cubic / cubicPaced (vector values): the Kochanek–Bartels spline;
    ///   cubicPaced at the arc-length parameter. Other values (transforms,
    ///   booleans) and paths interpolate as linear / paced.
    func sample(_ p: Double) -> (value: AnimatableValue, angle: Double?)? {
        guard let position = locate(p) else { return nil }
        switch position {
        case .hold(let i):
            var angle: Double?
            if let path, rotationMode != nil, !path.segments.isEmpty {
                let last = path.segments.count - 1
                angle = path.tangentAngle(segment: min(i, last), at: i > last ? 1 : 0)
            }
            return (values[i], turned(angle))
        case .segment(let i, let s):
            if let path {
                let u = isPaced ? path.parameter(segment: i, atLength: s * path.length(ofSegment: i)) : shaped(i, s)
                let angle = rotationMode == nil ? nil : path.tangentAngle(segment: i, at: u)
                return (.point(path.segments[i].point(u)), turned(angle))
            }
            if let spline {
                let u: Double
                if calculationMode == .cubicPaced {
                    u = splineTables[i].parameter(atLength: s * splineTables[i].total) { spline.speed(segment: i, at: $0) }
                } else {
                    u = shaped(i, s)
                }
                return (values[i].withVector(spline.value(segment: i, at: u)), nil)
            }
            return (values[i].interpolated(to: values[i + 1], isPaced ? s : shaped(i, s)), nil)
        }
    }

    /// s through the segment's timing function, if any.
    private func shaped(_ i: Int, _ s: Double) -> Double {
        guard let functions = timingFunctions, i < functions.count else { return s }
        return functions[i].evaluate(s)
    }

    /// The tangent angle for the rotation mode (autoReverse faces backwards).
    private func turned(_ angle: Double?) -> Double? {
        guard let angle, let mode = rotationMode else { return nil }
        return mode == .autoReverse ? angle + Double.pi : angle
    }
}
