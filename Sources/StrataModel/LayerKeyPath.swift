/// A key path of a layer property that animations and transactions address,
/// resolved once at parse time: `position`, `position.x`, `bounds.size.width`,
/// `transform.rotation.z` (virtual: one component of the decomposed transform)...
public struct LayerKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// A component below the property.
    public enum Component: Sendable, Hashable {
        /// `.x`, `.y` of a point; `.width`, `.height` of a size; `.origin`, `.size` of a rect.
        case field(String)
        /// A virtual transform path: `rotation`, `scale`, `translation`, with an optional axis.
        case transformComponent(TransformComponent, axis: Axis?)
    }

    public enum TransformComponent: String, Sendable, Hashable, CaseIterable { case rotation, scale, translation }
    public enum Axis: String, Sendable, Hashable, CaseIterable { case x, y, z }

    /// The layer property at the root of the path (an entry of `LayerProperty.all`).
    public var property: LayerProperty
    /// Struct fields below the property (`bounds.size.width` -> ["size", "width"]).
    public var fields: [String]
    /// For the virtual paths `transform.rotation.z` and friends: the component.
    public var transformComponent: TransformComponent?
    /// The axis of `transformComponent`, when given.
    public var axis: Axis?
    /// For `emitterCells.<cellName>.<key>`: the key (the name is `fields[0]`).
    public var cellKey: CellKey? = nil

    public var description: String { text }
    /// The path as written.
    public private(set) var text: String

    /// Parses a key path, or returns a message saying why not. The roots are
    /// the table's addressable properties (`LayerProperty.addressable`).
    public static func parse(_ text: String) -> Result<LayerKeyPath, KeyPathError> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let property = LayerProperty.named(first), property.animation.isAddressable,
              let rootKind = property.form.valueKind ?? (property.form == .cells ? .scalar : nil) else {
            return .failure(KeyPathError(message: "unknown key path '\(Diagnostic.clip(text))'",
                                         candidates: LayerProperty.addressable.map(\.name)))
        }
        var path = LayerKeyPath(property: property, fields: [], transformComponent: nil, axis: nil, text: text)
        let rest = Array(parts.dropFirst())
        if property.form == .cells {
            if let e = parseEmitterCell(&path, rest) { return .failure(e) }
            return .success(path)
        }
        if rest.isEmpty { return .success(path) }
        if rootKind == .transform {
            guard let c = TransformComponent(rawValue: rest[0]), rest.count <= 2 else {
                return .failure(KeyPathError(message: "unknown transform key path '\(Diagnostic.clip(text))'",
                                             candidates: TransformComponent.allCases.map { "\(first).\($0.rawValue)" }))
            }
            var axis: Axis?
            if rest.count == 2 {
                guard let a = Axis(rawValue: rest[1]) else {
                    return .failure(KeyPathError(message: "unknown axis '\(Diagnostic.clip(String(rest[1])))' in '\(Diagnostic.clip(text))'", candidates: Axis.allCases.map(\.rawValue)))
                }
                axis = a
            }
            path.transformComponent = c
            path.axis = axis
            return .success(path)
        }
        var kind = rootKind
        for field in rest {
            let allowed = kind.fieldNames
            guard allowed.contains(field) else {
                return .failure(KeyPathError(message: "'\(Diagnostic.clip(text))' has no field '\(Diagnostic.clip(String(field)))'", candidates: allowed))
            }
            path.fields.append(field)
            kind = kind.kind(ofField: field)
        }
        return .success(path)
    }

    /// The kind of value at the end of the path.
    public var valueKind: ValueKind {
        if let c = transformComponent {
            // transform.scale / .rotation (z) are numbers; transform.translation is a size [x, y].
            if c == .translation && axis == nil { return .size }
            return .scalar
        }
        if property.form == .cells { return emitterCellValueKind }
        var kind = property.form.valueKind ?? .scalar
        for field in fields { kind = kind.kind(ofField: field) }
        return kind
    }

    /// The key path of a whole property (`position` for `position.x`).
    public static func root(_ property: LayerProperty) -> LayerKeyPath {
        LayerKeyPath(property: property, fields: [], transformComponent: nil, axis: nil, text: property.name)
    }
}

extension ValueKind {
    /// The struct fields a key path may name below a value of this kind.
    var fieldNames: [String] {
        switch self {
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect: return ["origin", "size"]
        default: return []
        }
    }

    /// The kind of one of `fieldNames`.
    func kind(ofField field: String) -> ValueKind {
        switch (self, field) {
        case (.rect, "origin"): return .point
        case (.rect, "size"): return .size
        default: return .scalar
        }
    }
}

extension LayerKeyPath: ExpressibleByStringLiteral {
    /// A key path written in code (`"position.x"`); it must parse.
    public init(stringLiteral text: String) {
        switch Self.parse(text) {
        case .success(let path): self = path
        case .failure(let e): preconditionFailure("key path literal: \(e.message)")
        }
    }
}

/// Why a key path did not parse, with the names that would have.
public struct KeyPathError: Error, Sendable {
    public var message: String
    public var candidates: [String]
}
