#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole pixels [minX, maxX) x [minY, maxY) of the frame.
struct PixelBox: Hashable, Sendable {
    var minX, minY, maxX, maxY: Int

    static let empty = PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0)

    var isEmpty: Bool { minX >= maxX || minY >= maxY }
    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    var area: Int { isEmpty ? 0 : width * height }

    /// The pixels a continuous box touches (grown outwards to whole pixels),
    /// within ±2^30 so that it stays an Int.
    init(covering b: DeviceBox) {
        func clamp(_ v: Double) -> Int { Int(min(max(v, -0x1p30), 0x1p30)) }
        if b.isEmpty || b.minX.isNaN || b.minY.isNaN || b.maxX.isNaN || b.maxY.isNaN {
            self = .empty
        } else {
            self.init(minX: clamp(b.minX.rounded(.down)), minY: clamp(b.minY.rounded(.down)),
                      maxX: clamp(b.maxX.rounded(.up)), maxY: clamp(b.maxY.rounded(.up)))
        }
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    func intersection(_ o: PixelBox) -> PixelBox {
        let r = PixelBox(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func contains(_ o: PixelBox) -> Bool {
        o.isEmpty || (minX <= o.minX && minY <= o.minY && maxX >= o.maxX && maxY >= o.maxY)
    }

    func intersects(_ o: PixelBox) -> Bool { !intersection(o).isEmpty }

    var deviceBox: DeviceBox { DeviceBox(minX: Double(minX), minY: Double(minY), maxX: Double(maxX), maxY: Double(maxY)) }
}

/// Premultiplied BGRA pixels the compositor draws into: the frame, or an
/// offscreen buffer covering a box of it. Coordinates are the frame's
/// (pixel (x, y) of the frame is at `pixels[(y - box.minY) * stride + x - box.minX]`).
struct Surface {
    var pixels: UnsafeMutablePointer<UInt32>
    /// In pixels.
    var stride: Int
    /// The frame pixels it holds.
    var box: PixelBox
    /// Set on a scratch buffer: its storage, to give back.
    var owner: UnsafeMutableBufferPointer<UInt32>? = nil

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels + (y - box.minY) * stride - box.minX
    }

    /// Sets every pixel of `region` (within the surface) to `value`.
    func fill(_ region: PixelBox, with value: UInt32) {
        let r = region.intersection(box)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            (row(y) + r.minX).update(repeating: value, count: r.width)
        }
    }
}

/// Offscreen buffers of one renderer, reused from frame to frame: taken
/// while a group draws, given back after (nested groups take several).
final class ScratchBuffers {
    private var spare: [UnsafeMutableBufferPointer<UInt32>] = []
    /// Pixels held at most between frames; larger buffers are freed.
    static let keptPixels = 1 << 23

    deinit { for b in spare { release(b) } }

    /// A surface covering `box`, cleared to transparent; nil when the system
    /// will not give the memory (malloc, not Swift's allocator, which would
    /// stop the process): the caller makes that an error at its layer.
    func take(_ box: PixelBox) -> Surface? {
        let count = max(1, box.area)
        let buffer: UnsafeMutableBufferPointer<UInt32>
        if let i = spare.firstIndex(where: { $0.count >= count }) {
            buffer = spare.remove(at: i)
        } else {
            guard let p = malloc(count * MemoryLayout<UInt32>.stride) else { return nil }
            buffer = UnsafeMutableBufferPointer(start: p.assumingMemoryBound(to: UInt32.self), count: count)
        }
        buffer.baseAddress!.update(repeating: 0, count: count)
        return Surface(pixels: buffer.baseAddress!, stride: max(1, box.width), box: box,
                       owner: buffer)
    }

    private func release(_ buffer: UnsafeMutableBufferPointer<UInt32>) {
        let memory = UnsafeMutableRawPointer(buffer.baseAddress)
        free(memory)
    }

    func giveBack(_ surface: Surface) {
        guard let owner = surface.owner else { return }
        if owner.count <= Self.keptPixels && spare.count < 8 { spare.append(owner) } else { release(owner) }
    }
}
