import StrataModel

/// Reading and writing by key path, through the property table: the root
/// property's accessor, then struct fields or a transform component.
extension LayerProperties {
    /// Reads the value at `path` (virtual transform paths read the decomposed transform).
    public func value(at path: LayerKeyPath) -> AnimatableValue {
        if let cell = path.emitterCell { return emitterCellValue(cell.path, cell.key) }
        var v = path.property.animatableValue(of: self)
        if let c = path.transformComponent, case .transform(let t) = v {
            return t.component(c, axis: path.axis)
        }
        for field in path.fields { v = v.field(field) }
        return v
    }

    /// Writes `value` at `path`, keeping the rest of the property
    /// (setting `position.x` keeps y; `transform.rotation.z` keeps scale and translation).
    public mutating func setValue(_ value: AnimatableValue, at path: LayerKeyPath) {
        if let cell = path.emitterCell { return setEmitterCellValue(value, cell.path, cell.key) }
        let root = path.property.animatableValue(of: self)
        if let c = path.transformComponent, case .transform(let t) = root {
            path.property.setAnimatable(.transform(t.settingComponent(c, axis: path.axis, to: value)), on: &self)
            return
        }
        let whole = path.fields.isEmpty ? value : root.setting(path.fields[...], to: value)
        path.property.setAnimatable(whole, on: &self)
    }
}

extension LayerProperties {
    /// Writes a transaction's value: a key path's value through `setValue`,
    /// any other case as the whole property (`string`, `instanceCount`...).
    public mutating func apply(_ value: PropertyValue, at path: LayerKeyPath) {
        if case .animatable(let v) = value {
            setValue(v, at: path)
        } else {
            path.property.set(value, on: &self)
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
