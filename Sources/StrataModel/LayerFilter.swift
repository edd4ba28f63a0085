/// One Core Image filter of a layer's `filters` (applied to the layer and
/// its sublayers, flattened) or `backgroundFilters` (applied to what is
/// behind the layer, within its bounds), as macOS Core Animation takes
/// CIFilter objects. Strata has the two filters these effects are made of:
/// a Gaussian blur and colour controls.
public struct LayerFilter: Sendable, Hashable {
    /// The Core Image filter, by its CIFilter name.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Gaussian blur of standard deviation `inputRadius`.
        case gaussianBlur = "CIGaussianBlur"
        /// Saturation, brightness and contrast.
        case colorControls = "CIColorControls"

        /// The input keys the filter takes.
        public var inputKeys: [String] {
            switch self {
            case .gaussianBlur: return ["inputRadius"]
            case .colorControls: return ["inputSaturation", "inputBrightness", "inputContrast"]
            }
        }
    }

    public var kind: Kind
    /// The name `filters.<name>.<inputKey>` key paths use (CIFilter's
    /// `name`); the filter name unless given.
    public var name: String
    /// CIGaussianBlur: the standard deviation in points of the layer's
    /// space (Core Image's default 10).
    public var inputRadius: Double = 10
    /// CIColorControls: 0 is grey, 1 unchanged, above 1 more saturated.
    public var inputSaturation: Double = 1
    /// CIColorControls: added to each channel, -1...1.
    public var inputBrightness: Double = 0
    /// CIColorControls: scales each channel about 0.5; 1 unchanged.
    public var inputContrast: Double = 1

    public init(_ kind: Kind, name: String? = nil) {
        self.kind = kind
        self.name = name ?? kind.rawValue
    }

    /// Whether it changes no pixel (a zero blur, neutral colour controls).
    public var isIdentity: Bool {
        switch kind {
        case .gaussianBlur: return !(inputRadius > 0)
        case .colorControls: return inputSaturation == 1 && inputBrightness == 0 && inputContrast == 1
        }
    }
}

extension LayerFilter: ListElementStorable {
    public static func propertyValue(of list: [LayerFilter]) -> PropertyValue { .filters(list) }
    public static func list(from value: PropertyValue) -> [LayerFilter]? {
        switch value {
        case .filters(let f): return f
        case .none: return []
        default: return nil
        }
    }
}
