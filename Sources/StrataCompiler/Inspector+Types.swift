import StrataModel

extension Inspector {
    /// The type-specific properties of shape, text, gradient, replicator,
    /// scroll and emitter layers, every key (so the output shows the defaults
    /// that apply), in one object named after the type: `"shape": {"path": ...}`
    /// (a shape's `path` would clash with the layer's path).
    static func typedProperties(_ p: LayerProperties) -> [(String, JSON)] {
        var pairs: [(String, JSON)] = []
        if let s = p.shape {
            pairs.append(("shape", .object([
                ("path", s.path.map { .string($0.svgPathData) } ?? .null),
                ("fillColor", s.fillColor.map(JSON.color) ?? .null), ("fillRule", .string(s.fillRule.rawValue)),
                ("strokeColor", s.strokeColor.map(JSON.color) ?? .null), ("lineWidth", .number(s.lineWidth)),
                ("lineCap", .string(s.lineCap.rawValue)), ("lineJoin", .string(s.lineJoin.rawValue)),
                ("miterLimit", .number(s.miterLimit)), ("lineDashPattern", .array(s.lineDashPattern.map(JSON.number))),
                ("lineDashPhase", .number(s.lineDashPhase)), ("strokeStart", .number(s.strokeStart)),
                ("strokeEnd", .number(s.strokeEnd)),
            ])))
        }
        if let t = p.text {
            pairs.append(("text", .object([
                ("string", .string(t.string)), ("font", .string(t.font.file ?? t.font.description)),
                ("fontSize", .number(t.fontSize)), ("foregroundColor", .color(t.foregroundColor)),
                ("alignmentMode", .string(t.alignmentMode.rawValue)), ("isWrapped", .bool(t.isWrapped)),
                ("truncationMode", .string(t.truncationMode.rawValue)),
            ])))
        }
        if let g = p.gradient {
            pairs.append(("gradient", .object([
                ("colors", .array(g.colors.map(JSON.color))), ("locations", .array(g.resolvedLocations.map(JSON.number))),
                ("startPoint", .point(g.startPoint)), ("endPoint", .point(g.endPoint)),
                ("gradientType", .string(g.type.rawValue)),
            ])))
        }
        if let r = p.replicator {
            pairs.append(("replicator", .object([
                ("instanceCount", .number(Double(r.instanceCount))), ("instanceTransform", .transform(r.instanceTransform)),
                ("instanceDelay", .number(r.instanceDelay)), ("instanceColor", .color(r.instanceColor)),
                ("instanceRedOffset", .number(r.instanceRedOffset)), ("instanceGreenOffset", .number(r.instanceGreenOffset)),
                ("instanceBlueOffset", .number(r.instanceBlueOffset)), ("instanceAlphaOffset", .number(r.instanceAlphaOffset)),
                ("preservesDepth", .bool(r.preservesDepth)),
            ])))
        }
        if let s = p.scroll {
            pairs.append(("scroll", .object([("scrollMode", .string(s.scrollMode.rawValue)), ("scrollPoint", .point(p.bounds.origin))])))
        }
        if let e = p.emitter {
            pairs.append(("emitter", .object([
                ("emitterPosition", .point(e.emitterPosition)), ("emitterZPosition", .number(e.emitterZPosition)),
                ("emitterSize", .size(e.emitterSize)), ("emitterShape", .string(e.emitterShape.rawValue)),
                ("emitterMode", .string(e.emitterMode.rawValue)), ("renderMode", .string(e.renderMode.rawValue)),
                ("birthRate", .number(e.birthRate)), ("lifetime", .number(e.lifetime)), ("velocity", .number(e.velocity)),
                ("scale", .number(e.scale)), ("spin", .number(e.spin)), ("seed", .number(Double(e.seed))),
                ("emitterCells", .number(Double(e.cells.count))),
            ])))
        }
        return pairs
    }
}
