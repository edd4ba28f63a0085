extension LayerKeyPath.Property {
    /// Whether Core Animation animates the property. A transaction changes a
    /// property that is not animatable at once (no implicit animation), and
    /// explicit animations of it are errors.
    public var isAnimatable: Bool {
        switch self {
        case .masksToBounds: return false
        default: return true
        }
    }
}

extension LayerKeyPath {
    /// The key path of a whole property (`position` for `position.x`).
    public static func root(_ property: Property) -> LayerKeyPath {
        (try? LayerKeyPath.parse(property.rawValue).get()) ?? placeholder
    }
}
