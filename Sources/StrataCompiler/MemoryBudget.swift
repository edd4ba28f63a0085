import Foundation

/// The bytes the frames being drawn at once may hold together
/// (`--memory-limit`): a render thread takes its frame's estimate
/// (`FrameMemory`) before drawing and gives it back after, waiting while
/// the others hold too much. Heavy frames are drawn fewer at a time;
/// what a frame looks like never depends on it.
public final class MemoryBudget: @unchecked Sendable {
    public let limit: Int
    private let condition = NSCondition()
    private var held = 0.0

    public init(limit: Int) { self.limit = limit }

    /// Runs `body` holding `bytes` (at most `limit`) of the budget.
    func holding<T, E: Error>(_ bytes: Double, _ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        // Alone, any frame within the limit may go; otherwise wait for room.
        while held > 0 && held + bytes > Double(limit) { condition.wait() }
        held += bytes
        condition.unlock()
        defer {
            condition.lock()
            held -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
