import StrataModel

extension AnimatableValue {
    /// Interpolates from `self` to `to` at progress `t` (may overshoot 0...1
    /// with custom timing curves). Colors interpolate in sRGB, as Core
    /// Animation does; transforms through their decompositions; booleans
    /// switch at the midpoint.
    public func interpolated(to other: AnimatableValue, _ t: Double) -> AnimatableValue {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(lerp(a, b))
        case (.point(let a), .point(let b)): return .point(Point(lerp(a.x, b.x), lerp(a.y, b.y)))
        case (.size(let a), .size(let b)): return .size(Size(lerp(a.width, b.width), lerp(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(lerp(a.minX, b.minX), lerp(a.minY, b.minY), lerp(a.width, b.width), lerp(a.height, b.height)))
        case (.color(let a), .color(let b)):
            return .color(Color(lerp(a.red, b.red), lerp(a.green, b.green), lerp(a.blue, b.blue), lerp(a.alpha, b.alpha)))
        case (.transform(let a), .transform(let b)): return .transform(Transform3D.interpolate(a, b, t))
        case (.bool(let a), .bool(let b)): return .bool(t < 0.5 ? a : b)
        case (.path, .path), (.colors, .colors), (.numbers, .numbers): return listInterpolated(to: other, t)
        case (.image(let a), .image(let b)): return .image(ContentsValue.dissolve(a, b, t))
        default: return t < 0.5 ? self : other
        }
    }

    /// `self + other`: what `byValue`, `additive` and `cumulative` use.
    /// Transforms add by concatenation (`other` acts first, in `self`'s space).
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(a + b)
        case (.point(let a), .point(let b)): return .point(a + b)
        case (.size(let a), .size(let b)): return .size(Size(a.width + b.width, a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(a.minX + b.minX, a.minY + b.minY, a.width + b.width, a.height + b.height))
        case (.color(let a), .color(let b)):
            return .color(Color(a.red + b.red, a.green + b.green, a.blue + b.blue, a.alpha + b.alpha))
        case (.transform(let a), .transform(let b)): return .transform(b * a)
        case (.bool(let a), .bool(let b)): return .bool(a || b)
        case (.path, .path), (.colors, .colors), (.numbers, .numbers): return listCombined(other, sign: 1)
        default: return other
        }
    }

    /// `self - other` (inverse of `adding`), for `to` with `by`.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(a - b)
        case (.point(let a), .point(let b)): return .point(a - b)
        case (.size(let a), .size(let b)): return .size(Size(a.width - b.width, a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height))
        case (.color(let a), .color(let b)):
            return .color(Color(a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha))
        case (.transform(let a), .transform(let b)): return .transform((b.inverted ?? .identity) * a)
        case (.bool(let a), _): return .bool(a)
        case (.path, .path), (.colors, .colors), (.numbers, .numbers): return listCombined(other, sign: -1)
        default: return self
        }
    }

    /// `base` plus `n` times `self` (cumulative repeats); O(log n) for transforms.
    func repeated(_ n: Int, onto base: AnimatableValue) -> AnimatableValue {
        guard n > 0 else { return base }
        let k = Double(n)
        switch self {
        case .scalar(let a): return base.adding(.scalar(a * k))
        case .point(let a): return base.adding(.point(a * k))
        case .size(let a): return base.adding(.size(Size(a.width * k, a.height * k)))
        case .rect(let a): return base.adding(.rect(Rect(a.minX * k, a.minY * k, a.width * k, a.height * k)))
        case .color(let a): return base.adding(.color(Color(a.red * k, a.green * k, a.blue * k, a.alpha * k)))
        case .bool: return base.adding(self)
        case .path, .colors, .numbers: return base.adding(listScaled(k))
        case .image: return base  // images do not add: a cumulative repeat shows the same images
        case .transform(let t):
            // Exponentiation by squaring: t^n.
            var result = Transform3D.identity, square = t, e = n
            while e > 0 {
                if e & 1 == 1 { result = result * square }
                square = square * square
                e >>= 1
            }
            return base.adding(.transform(result))
        }
    }
}

extension ContentsValue {
    /// `a` to `b` at progress t: a cross-dissolve between the images that
    /// show most in each (a value already mid-dissolve starts from its
    /// dominant image, so an interrupted dissolve does not blend three).
    /// Progress is clamped to 0...1: a dissolve cannot overshoot.
    static func dissolve(_ a: ContentsValue, _ b: ContentsValue, _ t: Double) -> ContentsValue {
        let from = a.dominant, to = b.dominant
        let p = min(max(t.isNaN ? 0 : t, 0), 1)
        if from == to || p >= 1 { return ContentsValue(key: to) }
        if p <= 0 { return ContentsValue(key: from) }
        return ContentsValue(key: to, blend: ContentsBlend(from: from, progress: p))
    }
}
