import StrataModel

/// What drawing one frame allocates, counted before it is allocated, so
/// that a frame that would not fit the memory limit (`--memory-limit`) is
/// an error at the layer where it passes the limit, before any output,
/// instead of an out-of-memory kill or a failed allocation halfway.
///
/// It follows the retained renderer (`FrameRenderer`): planning makes the
/// backing stores the frame needs that the cache does not hold yet, each
/// charged before it is made; drawing takes offscreen buffers for groups,
/// charged from the plan before anything is drawn. `A` is the pixels of a
/// group's box (the part of the frame its layer covers), not the canvas:
///
/// | the frame holds | bytes |
/// | --- | --- |
/// | its frame buffer | 4 × the canvas's pixels |
/// | each backing store it makes (not in the cache yet) | (width + 4) × (height + 1) × 4 for colour, × 1 for coverage |
/// | group opacity (opacity < 1 over more than one fill) | 4A |
/// | a mask, or a fade (a contents cross-dissolve or a fade transition) | 8A |
/// | a shadow without shadowPath | 4A of the body, 1A of the shadow's alpha plane |
/// | filters or a compositing filter | 4A, 1A of a blur's channel plane |
/// | backgroundFilters | 4A of its box grown by the filters' reach |
/// | shouldRasterize, while its bitmap is made | its store, and its groups as above |
///
/// Nested groups add up (a group inside a group holds both); groups drawn
/// one after another do not (the largest counts). A 3D plane (a sublayer of
/// a CATransformLayer or a depth-preserving replicator) costs nothing of its
/// own: its fills and stores are composited through their maps straight
/// onto the surface below. Bounded whatever the frame, and not counted per
/// frame: the backing store cache (`BackingStoreCache.byteLimit` per
/// render) and each render thread's spare buffers (`ScratchBuffers`).
public enum FrameMemory {
    /// The bytes charged to one frame so far, against a limit. A reference,
    /// so that the planner's store callbacks can charge it; it holds no memory itself.
    final class Tally {
        let limit: Double
        private(set) var bytes: Double

        /// A frame of `width` x `height` pixels: its buffer is the first charge.
        init(limit: Double, width: Int, height: Int) {
            self.limit = limit
            bytes = 4 * Double(max(width, 0)) * Double(max(height, 0))
        }

        /// Adds `more` bytes that `node`'s layer holds until the frame ends,
        /// and `transient` ones it holds only while they are made; at
        /// `node` when the total would pass the limit.
        func charge(_ more: Double, transient: Double = 0, for node: RenderNode) throws(RenderError) {
            let total = bytes + more + transient
            guard total <= limit else {
                throw FrameMemory.excess(total, layerPath: node.path, location: node.location)
            }
            bytes += more
        }

        /// The offscreen buffers drawing `items` onto `surface` takes at its
        /// peak (`FrameMemory.peak`), held only while they draw; at the group
        /// where the total passes the limit.
        func chargeGroups(_ items: [PlanItem], surface: PixelBox) throws(RenderError) -> Double {
            let peak = FrameMemory.peak(of: items, surface: surface)
            let total = bytes + peak.bytes
            guard total > limit else { return peak.bytes }
            // Down the nesting of the largest need to the group where the total passes the limit.
            var running = bytes
            var blamed = peak.path.first?.layer ?? "root"
            for (layer, own) in peak.path {
                running += own
                blamed = layer
                if running > limit { break }
            }
            throw FrameMemory.excess(total, layerPath: blamed, location: nil)
        }
    }

    /// The limit's error: `bytes` is what the frame would hold at once (`RenderError.memoryNeed`).
    static func excess(_ bytes: Double, layerPath: String, location: SourceLocation?) -> RenderError {
        var error = RenderError(layerPath: layerPath, location: location,
                                message: "the frame needs about \(Int(bytes)) bytes to draw at once, more than the memory limit")
        error.memoryNeed = bytes
        return error
    }

    /// Bytes of a store of `key`'s sides and format, at least its
    /// `BackingStore.byteCount` (the zero column and row, Cairo's stride).
    static func bytes(of key: StoreKey) -> Double {
        Double(key.format.bytesPerPixel) * (Double(max(key.width, 0)) + 4) * (Double(max(key.height, 0)) + 1)
    }

    /// The largest need of a list of items drawn one after another, and
    /// the groups along it (outermost first) with their own share.
    struct Peak {
        var bytes = 0.0
        var path: [(layer: String, own: Double)] = []
    }

    static func peak(of items: [PlanItem], surface: PixelBox) -> Peak {
        var best = Peak()
        for item in items {
            guard case .group(let g) = item else { continue }
            let (own, inner) = need(of: g, surface: surface)
            var deepest = Peak()
            for list in inner {
                let p = peak(of: list, surface: surface)
                if p.bytes > deepest.bytes { deepest = p }
            }
            if own + deepest.bytes > best.bytes {
                best = Peak(bytes: own + deepest.bytes, path: [(g.layer, own)] + deepest.path)
            }
        }
        return best
    }

    /// The bytes a group's own buffers take (see the table), and the item
    /// lists drawn while they are held.
    private static func need(of g: OffscreenGroup, surface: PixelBox) -> (own: Double, inner: [[PlanItem]]) {
        func area(_ b: PixelBox) -> Double { b.isEmpty ? 0 : Double(b.width) * Double(b.height) }
        // A blur's line buffers (two of the longest side, in Floats).
        func lines(_ b: PixelBox) -> Double { 8 * Double(max(b.width, b.height, 0)) }
        let a = area(g.box)
        switch g.effect {
        case .opacity: return (4 * a, [g.items])
        case .mask(let mask): return (8 * a, [g.items, mask])
        case .dissolve(let after, _): return (8 * a, [g.items, after])
        case .shadow(let shadow): return (4 * area(shadow.bodyBox) + a + lines(g.box), [g.items])
        case .filtered: return (5 * a + lines(g.box), [g.items])
        case .backdrop(let filters):
            let reach = filters.map(\.reach).reduce(0, +)
            let grown = PixelBox(minX: g.box.minX - reach, minY: g.box.minY - reach,
                                 maxX: g.box.maxX + reach, maxY: g.box.maxY + reach).intersection(surface)
            return (5 * area(grown) + lines(grown), [])
        }
    }
}

extension BackingStoreCache {
    /// The store for `key` (`store(for:make:)`): when this frame makes it,
    /// charged to `memory` first, with `transient` bytes held while it is
    /// made. Errors are at `node`.
    func store(for key: StoreKey, node: RenderNode, charging memory: FrameMemory.Tally, transient: Double = 0,
               make: () -> Result<BackingStore, RasterFailure>) throws(RenderError) -> BackingStore {
        var excess: RenderError?
        let result = store(for: key) {
            do throws(RenderError) {
                try memory.charge(FrameMemory.bytes(of: key), transient: transient, for: node)
            } catch {
                excess = error
                return .failure(RasterFailure(error.message))
            }
            return make()
        }
        if let excess { throw excess }
        switch result {
        case .success(let store): return store
        case .failure(let failure): throw RenderError(node, failure.message)
        }
    }
}
