import StrataModel

extension LayerProperties {
    /// Reads the value at `path` (virtual transform paths read the decomposed transform).
    public func value(at path: LayerKeyPath) -> AnimatableValue {
        if let cell = path.emitterCell { return emitterCellValue(cell.name, cell.key) }
        var v = rootValue(path.property)
        if let c = path.transformComponent, case .transform(let t) = v {
            return t.component(c, axis: path.axis)
        }
        for field in path.fields { v = v.field(field) }
        return v
    }

    /// Writes `value` at `path`, keeping the rest of the property
    /// (setting `position.x` keeps y; `transform.rotation.z` keeps scale and translation).
    public mutating func setValue(_ value: AnimatableValue, at path: LayerKeyPath) {
        if let cell = path.emitterCell { return setEmitterCellValue(value, cell.name, cell.key) }
        if let c = path.transformComponent, case .transform(let t) = rootValue(path.property) {
            setRootValue(.transform(t.settingComponent(c, axis: path.axis, to: value)), path.property)
            return
        }
        setRootValue(rootValue(path.property).setting(path.fields[...], to: value), path.property)
    }

    private func rootValue(_ p: LayerKeyPath.Property) -> AnimatableValue {
        switch p {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .scalar(anchorPointZ)
        case .zPosition: return .scalar(zPosition)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .scalar(opacity)
        case .hidden: return .bool(hidden)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .cornerRadius: return .scalar(cornerRadius)
        case .borderWidth: return .scalar(borderWidth)
        case .borderColor: return .color(borderColor)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .scalar(shadowOpacity)
        case .shadowOffset: return .size(shadowOffset)
        case .shadowRadius: return .scalar(shadowRadius)
        case .contentsRect: return .rect(contentsRect)
        case .contentsCenter: return .rect(contentsCenter)
        case .masksToBounds: return .bool(masksToBounds)
        case .path, .fillColor, .strokeColor, .lineWidth, .miterLimit, .lineDashPattern, .lineDashPhase,
             .strokeStart, .strokeEnd, .fontSize, .foregroundColor, .colors, .locations, .startPoint, .endPoint,
             .instanceTransform, .instanceDelay, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
             .instanceBlueOffset, .instanceAlphaOffset, .scrollPoint, .emitterPosition, .emitterZPosition,
             .emitterSize, .birthRate, .lifetime, .velocity, .scale, .spin, .emitterCells:
            return typedValue(p)
        case .contents: return .image(ContentsValue(key: contents, blend: contentsBlend))
        }
    }

    private mutating func setRootValue(_ v: AnimatableValue, _ p: LayerKeyPath.Property) {
        if p.layerType != nil { return setTypedValue(v, p) }
        switch (p, v) {
        case (.bounds, .rect(let r)): bounds = r
        case (.position, .point(let q)): position = q
        case (.anchorPoint, .point(let q)): anchorPoint = q
        case (.anchorPointZ, .scalar(let s)): anchorPointZ = s
        case (.zPosition, .scalar(let s)): zPosition = s
        case (.transform, .transform(let t)): transform = t
        case (.sublayerTransform, .transform(let t)): sublayerTransform = t
        case (.opacity, .scalar(let s)): opacity = s
        case (.hidden, .bool(let b)): hidden = b
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.cornerRadius, .scalar(let s)): cornerRadius = s
        case (.borderWidth, .scalar(let s)): borderWidth = s
        case (.borderColor, .color(let c)): borderColor = c
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowOpacity, .scalar(let s)): shadowOpacity = s
        case (.shadowOffset, .size(let z)): shadowOffset = z
        case (.shadowRadius, .scalar(let s)): shadowRadius = s
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.contentsCenter, .rect(let r)): contentsCenter = r
        case (.masksToBounds, .bool(let b)): masksToBounds = b
        case (.contents, .image(let v)): contents = v.key; contentsBlend = v.blend
        default: assertionFailure("value \(v.kind) does not fit \(p)")
        }
    }
}

extension AnimatableValue {
    /// The struct field `name` (`x`, `y`, `width`, `height`, `origin`, `size`).
    func field(_ name: String) -> AnimatableValue {
        switch (self, name) {
        case (.point(let p), "x"): return .scalar(p.x)
        case (.point(let p), "y"): return .scalar(p.y)
        case (.size(let s), "width"): return .scalar(s.width)
        case (.size(let s), "height"): return .scalar(s.height)
        case (.rect(let r), "origin"): return .point(r.origin)
        case (.rect(let r), "size"): return .size(r.size)
        default: return self
        }
    }

    /// This value with the field at `fields` replaced by `value`.
    func setting(_ fields: ArraySlice<String>, to value: AnimatableValue) -> AnimatableValue {
        guard let name = fields.first else { return value }
        let inner = field(name).setting(fields.dropFirst(), to: value)
        switch (self, name, inner) {
        case (.point(var p), "x", .scalar(let s)): p.x = s; return .point(p)
        case (.point(var p), "y", .scalar(let s)): p.y = s; return .point(p)
        case (.size(var z), "width", .scalar(let s)): z.width = s; return .size(z)
        case (.size(var z), "height", .scalar(let s)): z.height = s; return .size(z)
        case (.rect(var r), "origin", .point(let p)): r.origin = p; return .rect(r)
        case (.rect(var r), "size", .size(let z)): r.size = z; return .rect(r)
        default: return self
        }
    }
}
