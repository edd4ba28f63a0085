/// Core Animation's animatable cell key paths, `emitterCells.<cellName>.<key>`
/// (docs/layer-types.md): the cell keys that may animate and how their values read.
extension EmitterCell {
    /// What the value of an animatable cell key is.
    public enum KeyKind: Sendable {
        /// A plain number (`bounded`: 0 or more, for `birthRate` and `lifetime`).
        case number(nonNegative: Bool)
        /// Radians, written as an angle (bare numbers are degrees).
        case angle
        case color
    }

    /// The cell keys `emitterCells.<name>.<key>` animates, in the order of the docs.
    public static let animatableKeys: [(name: String, kind: KeyKind)] = [
        ("birthRate", .number(nonNegative: true)), ("lifetime", .number(nonNegative: true)),
        ("lifetimeRange", .number(nonNegative: false)),
        ("velocity", .number(nonNegative: false)), ("velocityRange", .number(nonNegative: false)),
        ("emissionLatitude", .angle), ("emissionLongitude", .angle), ("emissionRange", .angle),
        ("xAcceleration", .number(nonNegative: false)), ("yAcceleration", .number(nonNegative: false)),
        ("zAcceleration", .number(nonNegative: false)),
        ("scale", .number(nonNegative: false)), ("scaleRange", .number(nonNegative: false)),
        ("scaleSpeed", .number(nonNegative: false)),
        ("spin", .angle), ("spinRange", .angle),
        ("color", .color),
        ("redRange", .number(nonNegative: false)), ("greenRange", .number(nonNegative: false)),
        ("blueRange", .number(nonNegative: false)), ("alphaRange", .number(nonNegative: false)),
        ("redSpeed", .number(nonNegative: false)), ("greenSpeed", .number(nonNegative: false)),
        ("blueSpeed", .number(nonNegative: false)), ("alphaSpeed", .number(nonNegative: false)),
    ]

    /// The kind of an animatable cell key, nil for any other name.
    public static func kind(ofKey key: String) -> KeyKind? {
        animatableKeys.first { $0.name == key }?.kind
    }

    /// The value of an animatable key (nil for another name).
    public func value(ofKey key: String) -> AnimatableValue? {
        if key == "color" { return .color(color) }
        return Self.scalarKeys[key].map { .scalar(self[keyPath: $0]) }
    }

    /// Sets an animatable key; values of another kind are ignored.
    public mutating func setValue(_ v: AnimatableValue, ofKey key: String) {
        switch v {
        case .color(let c) where key == "color": color = c
        case .scalar(let x): if let k = Self.scalarKeys[key] { self[keyPath: k] = x }
        default: break
        }
    }

    private static let scalarKeys: [String: WritableKeyPath<EmitterCell, Double> & Sendable] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange,
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude,
        "emissionRange": \.emissionRange,
        "xAcceleration": \.xAcceleration, "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration,
        "scale": \.scale, "scaleRange": \.scaleRange, "scaleSpeed": \.scaleSpeed,
        "spin": \.spin, "spinRange": \.spinRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
    ]
}

extension EmitterProperties {
    /// The index of the first cell named `name`.
    public func cellIndex(named name: String) -> Int? {
        cells.firstIndex { $0.name == name }
    }
}

extension LayerKeyPath {
    /// `emitterCells.<name>.<key>`: the cell's name and key, else nil.
    public var emitterCell: (name: String, key: String)? {
        guard property == .emitterCells, fields.count == 2 else { return nil }
        return (fields[0], fields[1])
    }

    /// Parses the part after `emitterCells.`: a cell name and an animatable key.
    static func parseEmitterCell(_ path: inout LayerKeyPath, _ rest: [String]) -> KeyPathError? {
        let keys = EmitterCell.animatableKeys.map(\.name)
        guard rest.count == 2, !rest[0].isEmpty else {
            return KeyPathError(message: "'\(path.text)' is not a cell key path; write 'emitterCells.<cellName>.<key>'",
                                candidates: [])
        }
        guard EmitterCell.kind(ofKey: rest[1]) != nil else {
            return KeyPathError(message: "'\(rest[1])' in '\(path.text)' is not an animatable cell key", candidates: keys)
        }
        path.fields = rest
        return nil
    }

    /// The value kind of a cell key path.
    var emitterCellValueKind: ValueKind {
        guard let (_, key) = emitterCell, case .color? = EmitterCell.kind(ofKey: key) else { return .scalar }
        return .color
    }
}

extension EmitterCell {
    /// The largest magnitude the cell key `key` takes: its model value, or
    /// any value an animation of `emitterCells.<name>.<key>` names (`from`,
    /// `to`, keyframe values; `by` adds). Bounds particle counts and lifetimes.
    public func largestValue(ofKey key: String, animations: [Animation]) -> Double {
        var largest: Double = 0
        if case .scalar(let x)? = value(ofKey: key) { largest = abs(x) }
        for a in animations {
            guard let c = a.keyPath.emitterCell, c.name == name, c.key == key else { continue }
            if case .keyframe(let k) = a.kind {
                for case .scalar(let x) in k.values { largest = max(largest, abs(x)) }
            }
            guard case .basic(let from, let to, let by) = a.kind else { continue }
            for case .scalar(let x)? in [from, to] { largest = max(largest, abs(x)) }
            if case .scalar(let x)? = by { largest += abs(x) }
        }
        return largest
    }
}
