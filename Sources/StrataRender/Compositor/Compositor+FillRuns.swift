/// One row's runs of an item (`ItemRegion.runs`), collected before any of
/// them is drawn, in the same order.
///
/// The closure that collects them is three stores, which the compiler
/// inlines at each of `runs`' call sites; a closure that drew each run was
/// a call with a dozen captured arguments (and its register saves) for
/// every run. A run's pixels depend on the item and the row only, never
/// on the surface, so drawing them afterwards gives the same bytes.
struct RowRuns {
    /// One run: pixels [from, to) of the row, wholly covered when `full`.
    struct Run {
        var from: Int, to: Int, full: Bool
    }

    /// The most runs `ItemRegion.runs` gives on a row: three left of a
    /// border's hole (partial, full, partial), the hole's two bands, three right of it.
    static let capacity = 8

    private let runs: UnsafeMutablePointer<Run>

    /// Memory for `capacity` runs, owned by the caller (`deallocate`).
    static func allocate() -> RowRuns { RowRuns(runs: .allocate(capacity: capacity)) }

    func deallocate() { runs.deallocate() }

    /// Row y's runs within [minX, maxX) of `region`, left to right: how many (at most `capacity`).
    @inline(__always)
    func collect(_ region: borrowing ItemRegion, y: Int, minX: Int, maxX: Int) -> Int {
        var count = 0
        let runs = self.runs
        region.runs(y: y, minX: minX, maxX: maxX) { from, to, full in
            precondition(count < Self.capacity, "more runs on a row than RowRuns holds")
            runs[count] = Run(from: from, to: to, full: full)
            count += 1
        }
        return count
    }

    @inline(__always)
    subscript(_ k: Int) -> Run { runs[k] }
}
