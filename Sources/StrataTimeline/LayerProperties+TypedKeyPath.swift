import StrataModel

/// Reading and writing the type-specific key paths (`strokeEnd`, `colors`,
/// `instanceTransform`, `birthRate`...). A layer of another type reads the
/// type's defaults and a write creates its properties (the parser only
/// lets a layer's animations address its own type's keys).
extension LayerProperties {
    func typedValue(_ p: LayerKeyPath.Property) -> AnimatableValue {
        let s = shape ?? ShapeProperties(), t = text ?? TextProperties(), g = gradient ?? GradientProperties()
        let r = replicator ?? ReplicatorProperties(), e = emitter ?? EmitterProperties()
        switch p {
        case .path: return .path(s.path ?? BezierPath())
        case .fillColor: return .color(s.fillColor ?? .clear)
        case .strokeColor: return .color(s.strokeColor ?? .clear)
        case .lineWidth: return .scalar(s.lineWidth)
        case .miterLimit: return .scalar(s.miterLimit)
        case .lineDashPattern: return .numbers(s.lineDashPattern)
        case .lineDashPhase: return .scalar(s.lineDashPhase)
        case .strokeStart: return .scalar(s.strokeStart)
        case .strokeEnd: return .scalar(s.strokeEnd)
        case .fontSize: return .scalar(t.fontSize)
        case .foregroundColor: return .color(t.foregroundColor)
        case .colors: return .colors(g.colors)
        case .locations: return .numbers(g.resolvedLocations)
        case .startPoint: return .point(g.startPoint)
        case .endPoint: return .point(g.endPoint)
        case .instanceTransform: return .transform(r.instanceTransform)
        case .instanceDelay: return .scalar(r.instanceDelay)
        case .instanceColor: return .color(r.instanceColor)
        case .instanceRedOffset: return .scalar(r.instanceRedOffset)
        case .instanceGreenOffset: return .scalar(r.instanceGreenOffset)
        case .instanceBlueOffset: return .scalar(r.instanceBlueOffset)
        case .instanceAlphaOffset: return .scalar(r.instanceAlphaOffset)
        case .scrollPoint: return .point(bounds.origin)
        case .emitterPosition: return .point(e.emitterPosition)
        case .emitterZPosition: return .scalar(e.emitterZPosition)
        case .emitterSize: return .size(e.emitterSize)
        case .birthRate: return .scalar(e.birthRate)
        case .lifetime: return .scalar(e.lifetime)
        case .velocity: return .scalar(e.velocity)
        case .scale: return .scalar(e.scale)
        case .spin: return .scalar(e.spin)
        default: return .scalar(0)
        }
    }

    mutating func setTypedValue(_ v: AnimatableValue, _ p: LayerKeyPath.Property) {
        switch (p, v) {
        case (.path, .path(let x)): shape.edit { $0.path = x }
        case (.fillColor, .color(let x)): shape.edit { $0.fillColor = x }
        case (.strokeColor, .color(let x)): shape.edit { $0.strokeColor = x }
        case (.lineWidth, .scalar(let x)): shape.edit { $0.lineWidth = x }
        case (.miterLimit, .scalar(let x)): shape.edit { $0.miterLimit = x }
        case (.lineDashPattern, .numbers(let x)): shape.edit { $0.lineDashPattern = x }
        case (.lineDashPhase, .scalar(let x)): shape.edit { $0.lineDashPhase = x }
        case (.strokeStart, .scalar(let x)): shape.edit { $0.strokeStart = x }
        case (.strokeEnd, .scalar(let x)): shape.edit { $0.strokeEnd = x }
        case (.fontSize, .scalar(let x)): text.edit { $0.fontSize = x }
        case (.foregroundColor, .color(let x)): text.edit { $0.foregroundColor = x }
        case (.colors, .colors(let x)): gradient.edit { $0.colors = x }
        case (.locations, .numbers(let x)): gradient.edit { $0.locations = x }
        case (.startPoint, .point(let x)): gradient.edit { $0.startPoint = x }
        case (.endPoint, .point(let x)): gradient.edit { $0.endPoint = x }
        case (.instanceTransform, .transform(let x)): replicator.edit { $0.instanceTransform = x }
        case (.instanceDelay, .scalar(let x)): replicator.edit { $0.instanceDelay = x }
        case (.instanceColor, .color(let x)): replicator.edit { $0.instanceColor = x }
        case (.instanceRedOffset, .scalar(let x)): replicator.edit { $0.instanceRedOffset = x }
        case (.instanceGreenOffset, .scalar(let x)): replicator.edit { $0.instanceGreenOffset = x }
        case (.instanceBlueOffset, .scalar(let x)): replicator.edit { $0.instanceBlueOffset = x }
        case (.instanceAlphaOffset, .scalar(let x)): replicator.edit { $0.instanceAlphaOffset = x }
        case (.scrollPoint, .point(let x)):
            // CAScrollLayer's scroll(to:): moves bounds.origin along the axes scrollMode allows.
            bounds.origin = (scroll?.scrollMode ?? .both).scrolled(bounds.origin, to: x)
        case (.emitterPosition, .point(let x)): emitter.edit { $0.emitterPosition = x }
        case (.emitterZPosition, .scalar(let x)): emitter.edit { $0.emitterZPosition = x }
        case (.emitterSize, .size(let x)): emitter.edit { $0.emitterSize = x }
        case (.birthRate, .scalar(let x)): emitter.edit { $0.birthRate = x }
        case (.lifetime, .scalar(let x)): emitter.edit { $0.lifetime = x }
        case (.velocity, .scalar(let x)): emitter.edit { $0.velocity = x }
        case (.scale, .scalar(let x)): emitter.edit { $0.scale = x }
        case (.spin, .scalar(let x)): emitter.edit { $0.spin = x }
        default: assertionFailure("value \(v.kind) does not fit \(p)")
        }
    }
}

extension Optional {
    /// Edits the wrapped value, creating it with `Wrapped()` first when nil.
    mutating func edit(_ change: (inout Wrapped) -> Void) where Wrapped: DefaultConstructible {
        var value = self ?? Wrapped()
        change(&value)
        self = value
    }
}

/// Property structs with a default initializer.
protocol DefaultConstructible { init() }
extension ShapeProperties: DefaultConstructible {}
extension TextProperties: DefaultConstructible {}
extension GradientProperties: DefaultConstructible {}
extension ReplicatorProperties: DefaultConstructible {}
extension EmitterProperties: DefaultConstructible {}
