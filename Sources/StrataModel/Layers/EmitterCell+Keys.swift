/// One key of an emitter cell (CAEmitterCell), declared once: its name, how
/// it is written (form and bound), whether `emitterCells.<name>.<key>`
/// animates it, its one-line doc, and the accessors of its field. The
/// parser, the schema, the cell key paths and the docs' cell table are
/// derived from `CellKey.all`, as the layer's are from `LayerProperty.all`;
/// the default is `EmitterCell()`'s. `name`, `contents`, `contentsRect` and
/// `contentsScale` are read by code of their own (a decoded image).
public struct CellKey: Sendable, Hashable, CustomStringConvertible {
    /// The position in `CellKey.all`.
    public let index: Int

    var entry: Entry { CellKey.entries[index] }
    public var name: String { entry.name }
    public var form: PropertyForm { entry.form }
    /// Whether `emitterCells.<cellName>.<key>` animates it.
    public var animates: Bool { entry.animates }
    public var doc: String { entry.doc }
    public var description: String { name }

    /// The value on `cell`.
    public func value(of cell: EmitterCell) -> AnimatableValue { CellKey.accessors[index].read(cell) }
    /// Sets the value on `cell`; a value of another kind is ignored.
    public func set(_ value: AnimatableValue, on cell: inout EmitterCell) { CellKey.accessors[index].write(&cell, value) }
    /// The value of a cell with every default.
    public var defaultValue: AnimatableValue { value(of: EmitterCell()) }

    /// One row of the table.
    struct Entry: Sendable {
        let name: String
        let form: PropertyForm
        let animates: Bool
        let doc: String
        let accessors: Accessors

        init<V: AnimatableStorable>(_ name: String, _ get: @escaping @Sendable (EmitterCell) -> V,
                                    _ set: @escaping @Sendable (inout EmitterCell, V) -> Void,
                                    _ form: PropertyForm, animates: Bool = true, _ doc: String) {
            self.name = name; self.form = form; self.animates = animates; self.doc = doc
            accessors = Accessors(read: { get($0).animatableValue },
                                  write: { c, v in if let x = V(animatableValue: v) { set(&c, x) } })
        }
    }

    /// Closures in a struct (not an array of closures): see `HotAccessors`.
    struct Accessors: Sendable {
        let read: @Sendable (EmitterCell) -> AnimatableValue
        let write: @Sendable (inout EmitterCell, AnimatableValue) -> Void
    }

    public static let all: [CellKey] = entries.indices.map { CellKey(index: $0) }
    static let accessors: [Accessors] = entries.map(\.accessors)
    private static let byName: [String: CellKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The key named `name`, if any.
    public static func named(_ name: String) -> CellKey? { byName[name] }

    /// The keys `emitterCells.<cellName>.<key>` animates, in the docs' order.
    public static let animatable: [CellKey] = all.filter(\.animates)

    static func required(_ name: String) -> CellKey {
        guard let k = named(name) else { preconditionFailure("no emitter cell key '\(name)' in the table") }
        return k
    }
    public static let birthRate = required("birthRate")
    public static let lifetime = required("lifetime")
    public static let lifetimeRange = required("lifetimeRange")
    public static let beginTime = required("beginTime")
    public static let duration = required("duration")
    public static let enabled = required("enabled")

    /// The table, in the docs' order. Angles are stored in radians (bare
    /// numbers are degrees), times in seconds, lengths in points.
    static let entries: [Entry] = [
        Entry("birthRate", { $0.birthRate }, { $0.birthRate = $1 }, .number(.nonNegative), "particles per second"),
        Entry("lifetime", { $0.lifetime }, { $0.lifetime = $1 }, .time(.nonNegative), "how long a particle lives"),
        Entry("lifetimeRange", { $0.lifetimeRange }, { $0.lifetimeRange = $1 }, .time(.nonNegative),
              "lifetime varies by up to this much either way"),
        Entry("velocity", { $0.velocity }, { $0.velocity = $1 }, .number(.any), "points per second"),
        Entry("velocityRange", { $0.velocityRange }, { $0.velocityRange = $1 }, .number(.nonNegative),
              "velocity varies by up to this much either way"),
        Entry("emissionLatitude", { $0.emissionLatitude }, { $0.emissionLatitude = $1 }, .angle,
              "out of the layer's plane, towards the viewer"),
        Entry("emissionLongitude", { $0.emissionLongitude }, { $0.emissionLongitude = $1 }, .angle,
              "in the layer's plane from +x, clockwise on screen (`90deg` is down)"),
        Entry("emissionRange", { $0.emissionRange }, { $0.emissionRange = $1 }, .angle,
              "the full cone particles leave in; `360deg`: every direction"),
        Entry("xAcceleration", { $0.xAcceleration }, { $0.xAcceleration = $1 }, .number(.any),
              "points per second squared"),
        Entry("yAcceleration", { $0.yAcceleration }, { $0.yAcceleration = $1 }, .number(.any),
              "points per second squared; positive falls (y down)"),
        Entry("zAcceleration", { $0.zAcceleration }, { $0.zAcceleration = $1 }, .number(.any),
              "points per second squared"),
        Entry("scale", { $0.scale }, { $0.scale = $1 }, .number(.any), "multiplies the contents' size"),
        Entry("scaleRange", { $0.scaleRange }, { $0.scaleRange = $1 }, .number(.nonNegative),
              "scale varies by up to this much either way"),
        Entry("scaleSpeed", { $0.scaleSpeed }, { $0.scaleSpeed = $1 }, .number(.any), "scale change per second"),
        Entry("spin", { $0.spin }, { $0.spin = $1 }, .angle, "rotation per second"),
        Entry("spinRange", { $0.spinRange }, { $0.spinRange = $1 }, .angle, "spin varies by up to this much either way"),
        Entry("color", { $0.color }, { $0.color = $1 }, .color, "multiplies the contents"),
        Entry("redRange", { $0.redRange }, { $0.redRange = $1 }, .number(.nonNegative),
              "red varies by up to this much either way"),
        Entry("greenRange", { $0.greenRange }, { $0.greenRange = $1 }, .number(.nonNegative),
              "green varies by up to this much either way"),
        Entry("blueRange", { $0.blueRange }, { $0.blueRange = $1 }, .number(.nonNegative),
              "blue varies by up to this much either way"),
        Entry("alphaRange", { $0.alphaRange }, { $0.alphaRange = $1 }, .number(.nonNegative),
              "alpha varies by up to this much either way"),
        Entry("redSpeed", { $0.redSpeed }, { $0.redSpeed = $1 }, .number(.any), "red change per second"),
        Entry("greenSpeed", { $0.greenSpeed }, { $0.greenSpeed = $1 }, .number(.any), "green change per second"),
        Entry("blueSpeed", { $0.blueSpeed }, { $0.blueSpeed = $1 }, .number(.any), "blue change per second"),
        Entry("alphaSpeed", { $0.alphaSpeed }, { $0.alphaSpeed = $1 }, .number(.any), "alpha change per second"),
        Entry("beginTime", { $0.beginTime }, { $0.beginTime = $1 },
              .time(.closed(-Limits.maxDuration, Limits.maxDuration)), animates: false,
              "when the cell starts emitting, in the emitter's local time; negative: already emitting at 0"),
        Entry("duration", { $0.duration }, { $0.duration = $1 }, .time(.closed(0, Limits.maxDuration)),
              animates: false, "how long the cell emits; 0 for ever"),
        Entry("enabled", { $0.enabled }, { $0.enabled = $1 }, .bool, animates: false,
              "false: the cell (and its sub-cells) emits nothing"),
    ]
}

extension CellKey: ExpressibleByStringLiteral {
    /// A cell key written in code (`"birthRate"`); it must be in the table.
    public init(stringLiteral name: String) { self = CellKey.required(name) }
}
