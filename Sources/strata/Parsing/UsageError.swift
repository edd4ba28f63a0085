/// A command line that cannot be run: exit status 2, `strata: error: message`.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
