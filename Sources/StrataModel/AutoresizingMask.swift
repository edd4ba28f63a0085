/// CAAutoresizingMask: which parts of a layer stretch when its superlayer's
/// size changes. Raw values are Core Animation's (`kCALayerMinXMargin` = 1 ...).
/// Y points down, so `minYMargin` is the top margin and `maxYMargin` the bottom one.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let minXMargin = AutoresizingMask(rawValue: 1)
    public static let widthSizable = AutoresizingMask(rawValue: 2)
    public static let maxXMargin = AutoresizingMask(rawValue: 4)
    public static let minYMargin = AutoresizingMask(rawValue: 8)
    public static let heightSizable = AutoresizingMask(rawValue: 16)
    public static let maxYMargin = AutoresizingMask(rawValue: 32)

    /// The scene format's names, in Core Animation's bit order.
    public static let named: [(name: String, mask: AutoresizingMask)] = [
        ("minXMargin", .minXMargin), ("widthSizable", .widthSizable), ("maxXMargin", .maxXMargin),
        ("minYMargin", .minYMargin), ("heightSizable", .heightSizable), ("maxYMargin", .maxYMargin),
    ]

    /// The names of the set options, in bit order.
    public var names: [String] { Self.named.filter { contains($0.mask) }.map(\.name) }
}
