import CCairo
import StrataModel

/// An axis-aligned box in device pixels; empty when it has no area.
struct DeviceBox: Equatable {
    var minX, minY, maxX, maxY: Double

    static let empty = DeviceBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    /// The bounding box of `rect` (user space) mapped through `m`.
    init(_ rect: Rect, through m: cairo_matrix_t) {
        func map(_ x: Double, _ y: Double) -> (Double, Double) {
            (m.xx * x + m.xy * y + m.x0, m.yx * x + m.yy * y + m.y0)
        }
        let (ax, ay) = map(rect.minX, rect.minY), (bx, by) = map(rect.maxX, rect.minY)
        let (cx, cy) = map(rect.minX, rect.maxY), (dx, dy) = map(rect.maxX, rect.maxY)
        self.init(minX: min(ax, bx, cx, dx), minY: min(ay, by, cy, dy),
                  maxX: max(ax, bx, cx, dx), maxY: max(ay, by, cy, dy))
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    func union(_ o: DeviceBox) -> DeviceBox {
        if o.isEmpty { return self }
        if isEmpty { return o }
        return DeviceBox(minX: min(minX, o.minX), minY: min(minY, o.minY),
                         maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func intersection(_ o: DeviceBox) -> DeviceBox {
        let r = DeviceBox(minX: max(minX, o.minX), minY: max(minY, o.minY),
                          maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    /// Grown outwards to whole pixels (anti-aliased coverage never leaves it).
    var pixelAligned: DeviceBox {
        DeviceBox(minX: minX.rounded(.down), minY: minY.rounded(.down),
                  maxX: maxX.rounded(.up), maxY: maxY.rounded(.up))
    }
}
