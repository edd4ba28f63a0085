import Foundation
import StrataModel

/// Warnings about values that parse but are likely mistakes (a bare angle
/// that looks like radians), found by the value readers, which are static
/// functions without a sink. `SceneLoader` binds a collector around a build;
/// without one (a value read on its own) they are dropped.
final class ValueWarnings: @unchecked Sendable {
    @TaskLocal static var current: ValueWarnings?

    private let lock = NSLock()
    private var items: [Diagnostic] = []

    func add(_ warning: Diagnostic) {
        lock.lock()
        items.append(warning)
        lock.unlock()
    }

    /// What was found, in order.
    var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
