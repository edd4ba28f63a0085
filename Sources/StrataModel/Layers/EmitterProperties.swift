/// CAEmitterLayer's properties. `birthRate`, `lifetime`, `velocity`,
/// `scale` and `spin` multiply every cell's own values (Core Animation's
/// "emitter cell attribute multipliers"). Angles are radians, times seconds,
/// lengths points.
public struct EmitterProperties: Sendable, Hashable {
    /// Centre of the emission shape, in the layer's own coordinates.
    public var emitterPosition: Point = .zero
    public var emitterZPosition: Double = 0
    public var emitterSize: Size = .zero
    /// The depth (z extent) of a `cuboid` emission shape, in points.
    public var emitterDepth: Double = 0
    public var emitterShape: EmitterShape = .point
    public var emitterMode: EmitterMode = .volume
    public var renderMode: EmitterRenderMode = .unordered
    public var birthRate: Double = 1
    public var lifetime: Double = 1
    public var velocity: Double = 1
    public var scale: Double = 1
    public var spin: Double = 1
    /// Seeds the particles' random values.
    public var seed: UInt32 = 0
    public var cells: [EmitterCell] = []

    public init() {}
}

public enum EmitterShape: String, Sendable, Hashable, CaseIterable { case point, line, rectangle, circle, cuboid, sphere }
public enum EmitterMode: String, Sendable, Hashable, CaseIterable { case points, outline, surface, volume }
public enum EmitterRenderMode: String, Sendable, Hashable, CaseIterable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}

/// What one particle draws, centred on it: a `contents` image multiplied by
/// the particle's color (Core Animation's cell contents), or a built-in shape
/// of a size in points filled with that color (a Strata extension).
public enum ParticleSprite: Sendable, Hashable {
    /// The ellipse inscribed in a box of this size.
    case circle(Size)
    case rect(Size)
    case image(ParticleImage)

    /// Points, before the particle's scale.
    public var size: Size {
        switch self {
        case .circle(let s), .rect(let s): return s
        case .image(let i): return i.size
        }
    }
}

/// An emitter cell's `contents` image (CAEmitterCell `contents`,
/// `contentsRect`, `contentsScale`), decoded when the scene loads.
///
/// Equality is by key and placement, plus the pixels (an O(1) check when
/// both share the decoded storage, as every copy from one load does).
public struct ParticleImage: Sendable, Hashable {
    /// The cell's `contents` value: an asset name or a path (for messages).
    public var key: String
    /// The whole decoded image, premultiplied BGRA.
    public var pixmap: Pixmap
    /// Unit rect of the image shown; may reach past it (the edge pixels repeat).
    public var contentsRect: Rect
    /// Image pixels per point.
    public var contentsScale: Double

    public init(key: String, pixmap: Pixmap, contentsRect: Rect = Rect(0, 0, 1, 1), contentsScale: Double = 1) {
        self.key = key; self.pixmap = pixmap; self.contentsRect = contentsRect; self.contentsScale = contentsScale
    }

    /// The shown part in image pixels: `contentsRect` scaled to the image and
    /// rounded to whole pixels (sprite sheets are cut on pixel lines).
    public var shownPixels: (x: Int, y: Int, width: Int, height: Int) {
        func edge(_ unit: Double, _ pixels: Int) -> Int {
            let v = (unit * Double(pixels)).rounded()
            return v.isFinite ? Int(min(max(v, -0x1p40), 0x1p40)) : 0
        }
        let x0 = edge(contentsRect.minX, pixmap.width), x1 = edge(contentsRect.maxX, pixmap.width)
        let y0 = edge(contentsRect.minY, pixmap.height), y1 = edge(contentsRect.maxY, pixmap.height)
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }

    /// Points: the shown pixels divided by `contentsScale`.
    public var size: Size {
        let shown = shownPixels
        return Size(Double(shown.width) / contentsScale, Double(shown.height) / contentsScale)
    }

    public static func == (a: ParticleImage, b: ParticleImage) -> Bool {
        a.key == b.key && a.contentsRect == b.contentsRect && a.contentsScale == b.contentsScale && a.pixmap == b.pixmap
    }

    public func hash(into h: inout Hasher) {
        h.combine(key); h.combine(contentsRect); h.combine(contentsScale)
        h.combine(pixmap.width); h.combine(pixmap.height)
    }
}

/// CAEmitterCell: a template for the particles of an emitter. A value and
/// its `...Range` give a per-particle value uniformly in value ± range;
/// `...Speed` changes a value per second of the particle's life.
/// Defaults are Core Animation's (all zero except scale 1 and white).
public struct EmitterCell: Sendable, Hashable {
    public var name: String? = nil
    /// Nil draws nothing, as in Core Animation. An image's `contentsRect`
    /// and `contentsScale` are in its `ParticleImage`.
    public var contents: ParticleSprite? = nil
    /// Particles per second.
    public var birthRate: Double = 0
    /// Seconds.
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    /// Points per second.
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    /// Radians out of the layer's plane (towards the viewer).
    public var emissionLatitude: Double = 0
    /// Radians in the layer's plane from +x (y down: clockwise on screen).
    public var emissionLongitude: Double = 0
    /// Full angle in radians of the cone particles leave in (2π: every direction).
    public var emissionRange: Double = 0
    /// Points per second squared (y down: positive yAcceleration falls).
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    public var zAcceleration: Double = 0
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    /// Radians per second.
    public var spin: Double = 0
    public var spinRange: Double = 0
    public var color: Color = .white
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    /// Seconds of the emitter's local time when the cell starts emitting.
    public var beginTime: Double = 0
    /// Seconds the cell emits for; 0 for ever.
    public var duration: Double = 0
    /// False: the cell emits nothing (its sub-cells neither).
    public var enabled = true
    /// Sub-cells (CAEmitterCell's `emitterCells`): every particle of this
    /// cell is an emitter of them while it lives, at its position, aiming
    /// relative to its direction, passing on its scale and color; their
    /// `beginTime` and `duration` are in the particle's age.
    public var cells: [EmitterCell] = []

    public init() {}
}

/// A particle ready to draw, in the emitter layer's own coordinates.
public struct Particle: Sendable, Hashable {
    public var center: Point
    /// Points along z (orders particles for `backToFront`).
    public var z: Double
    public var sprite: ParticleSprite
    /// Multiplies the sprite's size.
    public var scale: Double
    /// Radians, clockwise on screen.
    public var angle: Double
    public var color: Color

    public init(center: Point, z: Double, sprite: ParticleSprite, scale: Double, angle: Double, color: Color) {
        self.center = center; self.z = z; self.sprite = sprite; self.scale = scale; self.angle = angle; self.color = color
    }
}

/// The particles of an emitter at one time, in draw order.
public struct ParticleContent: Sendable, Hashable {
    public var particles: [Particle]
    /// `renderMode: additive`: particles add their light instead of covering.
    public var additive: Bool

    public init(particles: [Particle], additive: Bool) {
        self.particles = particles
        self.additive = additive
    }
}
