/// CALayer.cornerCurve (CALayerCornerCurve): how `cornerRadius` rounds a corner.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
    /// A quarter circle of the radius (kCACornerCurveCircular, the default).
    case circular
    /// Apple's continuous-curvature corner (kCACornerCurveContinuous, the iOS
    /// "squircle"): it starts about 1.53 radii from the corner and its
    /// curvature grows smoothly from 0, so no edge meets an arc abruptly.
    case continuous
}

/// CALayer.compositingFilter: how a layer's composited group meets what is
/// already drawn below it (its backdrop). The names are the filter names
/// macOS Core Animation accepts as strings (`multiplyBlendMode`,
/// `sourceAtop`...); `ciName` is the Core Image filter of the same effect,
/// also accepted. Blend modes follow W3C Compositing and Blending Level 1;
/// the Porter-Duff operators its section 9.
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    // Separable blend modes (each channel on its own).
    case multiply = "multiplyBlendMode"
    case screen = "screenBlendMode"
    case overlay = "overlayBlendMode"
    case darken = "darkenBlendMode"
    case lighten = "lightenBlendMode"
    case colorDodge = "colorDodgeBlendMode"
    case colorBurn = "colorBurnBlendMode"
    case softLight = "softLightBlendMode"
    case hardLight = "hardLightBlendMode"
    case difference = "differenceBlendMode"
    case exclusion = "exclusionBlendMode"
    // Non-separable blend modes (hue, saturation and luminosity of the colour).
    case hue = "hueBlendMode"
    case saturation = "saturationBlendMode"
    case color = "colorBlendMode"
    case luminosity = "luminosityBlendMode"
    // Porter-Duff operators (kCAFilterSourceOver...).
    case clear
    case copy
    case sourceOver
    case sourceIn
    case sourceOut
    case sourceAtop
    case destOver
    case destIn
    case destOut
    case destAtop
    case xor
    /// Plus lighter: source plus destination, each channel clamped (kCAFilterPlusL).
    case plusL

    /// The Core Image filter name of the same effect, when it has one
    /// (`CIMultiplyBlendMode`, `CISourceAtopCompositing`).
    public var ciName: String? {
        switch self {
        case .sourceOver: return "CISourceOverCompositing"
        case .sourceIn: return "CISourceInCompositing"
        case .sourceOut: return "CISourceOutCompositing"
        case .sourceAtop: return "CISourceAtopCompositing"
        case .plusL: return "CIAdditionCompositing"
        case .clear, .copy, .destOver, .destIn, .destOut, .destAtop, .xor: return nil
        default:
            let name = rawValue
            return "CI" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// Every name a scene may write: the Core Animation names, then the Core Image ones.
    public static let acceptedNames: [String] = allCases.map(\.rawValue) + allCases.compactMap(\.ciName)

    /// The mode a Core Animation or Core Image name stands for.
    public init?(name: String) {
        guard let mode = Self(rawValue: name) ?? Self.allCases.first(where: { $0.ciName == name }) else { return nil }
        self = mode
    }

    /// Whether it is a W3C blend mode (a mix of colours, then source-over)
    /// rather than a Porter-Duff operator.
    public var isBlendMode: Bool { rawValue.hasSuffix("BlendMode") }
}

extension BlendMode {
    /// Whether the backdrop stays as it is where the layer is transparent
    /// (Fb = 1 at source alpha 0): every blend mode and most operators.
    /// The others (clear, copy, sourceIn, sourceOut, destIn, destAtop)
    /// act within the layer's rounded bounds only.
    public var leavesBackdropOutside: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destIn, .destAtop: return false
        default: return true
        }
    }
}
