/// A transform split into the parts Core Animation interpolates.
public struct DecomposedTransform: Sendable, Hashable {
    public var translation: (x: Double, y: Double, z: Double) { get { fatalError() } set {} }
}

extension Transform3D {
    /// Interpolates between two transforms through their decompositions, as Core Animation does.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        fatalError("TODO: transform helper")
    }
}
