/// What changed between two plans of a frame: the pixels of the items
/// that differ. Items are compared in order; the runs they share at the
/// start and at the end are the same on both frames, everything between
/// is damaged where either frame's items lie.
enum Damage {
    /// Side of the tiles damage is merged into, in pixels.
    static let tile = 32

    /// The regions to redraw, non-overlapping.
    static func regions(from oldPlan: FramePlan, to newPlan: FramePlan, canvas: PixelBox) -> [PixelBox] {
        let old = oldPlan.items, new = newPlan.items
        func same(_ i: Int, _ j: Int) -> Bool { oldPlan.boxes[i] == newPlan.boxes[j] && old[i] == new[j] }
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old.count - 1 - suffix, new.count - 1 - suffix) { suffix += 1 }
        let changed = oldPlan.boxes[prefix..<(old.count - suffix)] + newPlan.boxes[prefix..<(new.count - suffix)]
        let boxes = changed.map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        if boxes.isEmpty { return [] }
        let area = boxes.reduce(0) { $0 + $1.area }
        if area >= canvas.area / 2 { return [canvas] }
        // Mark the tiles each box touches; redraw runs of marked tiles, row of tiles by row.
        let columns = (canvas.width + tile - 1) / tile, rows = (canvas.height + tile - 1) / tile
        var marked = [Bool](repeating: false, count: columns * rows)
        for b in boxes {
            for ty in (b.minY - canvas.minY) / tile...((b.maxY - 1 - canvas.minY) / tile) {
                for tx in (b.minX - canvas.minX) / tile...((b.maxX - 1 - canvas.minX) / tile) {
                    marked[ty * columns + tx] = true
                }
            }
        }
        var out: [PixelBox] = []
        for ty in 0..<rows {
            var tx = 0
            while tx < columns {
                guard marked[ty * columns + tx] else { tx += 1; continue }
                let start = tx
                while tx < columns && marked[ty * columns + tx] { tx += 1 }
                let box = PixelBox(minX: canvas.minX + start * tile, minY: canvas.minY + ty * tile,
                                   maxX: canvas.minX + tx * tile, maxY: canvas.minY + (ty + 1) * tile).intersection(canvas)
                // Merge with the run just above when it spans the same columns.
                if let i = out.lastIndex(where: { $0.maxY == box.minY && $0.minX == box.minX && $0.maxX == box.maxX }) {
                    out[i].maxY = box.maxY
                } else {
                    out.append(box)
                }
            }
        }
        return out
    }
}
