/// A key path of a layer property that animations and transactions address,
/// resolved once at parse time: `position`, `position.x`, `bounds.size.width`,
/// `transform.rotation.z` (virtual: one component of the decomposed transform)...
public struct LayerKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The layer property at the root of the path.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
        case opacity, hidden, backgroundColor, cornerRadius, borderWidth, borderColor
        case shadowColor, shadowOpacity, shadowOffset, shadowRadius, contentsRect, contentsCenter
        /// Not animatable; addressable by transactions (`set:`).
        case masksToBounds
        // Keys of one layer type (`layerType`; docs/layer-types.md).
        case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPattern, lineDashPhase, strokeStart, strokeEnd
        case fontSize, foregroundColor
        case colors, locations, startPoint, endPoint
        case instanceTransform, instanceDelay, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
        case scrollPoint
        case emitterPosition, emitterZPosition, emitterSize, birthRate, lifetime, velocity, scale, spin
        /// An image (asset key); its animations cross-dissolve.
        case contents
        /// `emitterCells.<cellName>.<key>`: `fields` holds the name and the key.
        case emitterCells
    }

    /// A component below the property.
    public enum Component: Sendable, Hashable {
        /// `.x`, `.y` of a point; `.width`, `.height` of a size; `.origin`, `.size` of a rect.
        case field(String)
        /// A virtual transform path: `rotation`, `scale`, `translation`, with an optional axis.
        case transformComponent(TransformComponent, axis: Axis?)
    }

    public enum TransformComponent: String, Sendable, Hashable { case rotation, scale, translation }
    public enum Axis: String, Sendable, Hashable { case x, y, z }

    public var property: Property
    /// Struct fields below the property (`bounds.size.width` -> ["size", "width"]).
    public var fields: [String]
    /// For the virtual paths `transform.rotation.z` and friends: the component.
    public var transformComponent: TransformComponent?
    /// The axis of `transformComponent`, when given.
    public var axis: Axis?

    public var description: String { text }
    /// The path as written.
    public private(set) var text: String

    /// Parses a key path, or returns a message saying why not.
    public static func parse(_ text: String) -> Result<LayerKeyPath, KeyPathError> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let property = Property(rawValue: first) else {
            return .failure(KeyPathError(message: "unknown key path '\(Diagnostic.clip(text))'", candidates: Property.allCases.map(\.rawValue)))
        }
        var path = LayerKeyPath(property: property, fields: [], transformComponent: nil, axis: nil, text: text)
        let rest = Array(parts.dropFirst())
        if rest.isEmpty { return .success(path) }
        switch property {
        case .emitterCells:
            if let e = parseEmitterCell(&path, rest) { return .failure(e) }
            return .success(path)
        case .transform, .sublayerTransform, .instanceTransform:
            guard let c = TransformComponent(rawValue: rest[0]), rest.count <= 2 else {
                return .failure(KeyPathError(message: "unknown transform key path '\(Diagnostic.clip(text))'",
                                             candidates: ["rotation", "scale", "translation"].map { "\(first).\($0)" }))
            }
            var axis: Axis?
            if rest.count == 2 {
                guard let a = Axis(rawValue: rest[1]) else {
                    return .failure(KeyPathError(message: "unknown axis '\(Diagnostic.clip(String(rest[1])))' in '\(Diagnostic.clip(text))'", candidates: ["x", "y", "z"]))
                }
                axis = a
            }
            path.transformComponent = c
            path.axis = axis
            return .success(path)
        default:
            var kind = Self.kind(of: property)
            for field in rest {
                let allowed: [String]
                switch kind {
                case .point: allowed = ["x", "y"]
                case .size: allowed = ["width", "height"]
                case .rect: allowed = ["origin", "size"]
                default: allowed = []
                }
                guard allowed.contains(field) else {
                    return .failure(KeyPathError(message: "'\(Diagnostic.clip(text))' has no field '\(Diagnostic.clip(String(field)))'", candidates: allowed))
                }
                path.fields.append(field)
                switch (kind, field) {
                case (.rect, "origin"): kind = .point
                case (.rect, "size"): kind = .size
                default: kind = .scalar
                }
            }
            return .success(path)
        }
    }

    /// The kind of the root property.
    public static func kind(of property: Property) -> ValueKind {
        switch property {
        case .bounds: return .rect
        case .position, .anchorPoint: return .point
        case .anchorPointZ, .zPosition, .opacity, .cornerRadius, .borderWidth: return .scalar
        case .transform, .sublayerTransform: return .transform
        case .hidden, .masksToBounds: return .bool
        case .backgroundColor, .borderColor: return .color
        case .shadowColor: return .color
        case .shadowOpacity, .shadowRadius: return .scalar
        case .shadowOffset: return .size
        case .contentsRect, .contentsCenter: return .rect
        case .path: return .path
        case .fillColor, .strokeColor, .foregroundColor, .instanceColor: return .color
        case .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd, .fontSize, .instanceDelay,
             .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
             .emitterZPosition, .birthRate, .lifetime, .velocity, .scale, .spin: return .scalar
        case .lineDashPattern, .locations: return .numbers
        case .colors: return .colors
        case .startPoint, .endPoint, .scrollPoint, .emitterPosition: return .point
        case .emitterSize: return .size
        case .instanceTransform: return .transform
        case .contents: return .image
        case .emitterCells: return .scalar
        }
    }

    /// The kind of value at the end of the path.
    public var valueKind: ValueKind {
        if let c = transformComponent {
            // transform.scale / .rotation (z) are numbers; transform.translation is a size [x, y].
            if c == .translation && axis == nil { return .size }
            return .scalar
        }
        if property == .emitterCells { return emitterCellValueKind }
        var kind = Self.kind(of: property)
        for field in fields {
            switch (kind, field) {
            case (.rect, "origin"): kind = .point
            case (.rect, "size"): kind = .size
            default: kind = .scalar
            }
        }
        return kind
    }
}

/// Why a key path did not parse, with the names that would have.
public struct KeyPathError: Error, Sendable {
    public var message: String
    public var candidates: [String]
}
