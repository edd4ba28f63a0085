import StrataModel

/// Whole-file reads and writes with the system's reason ("No such file or
/// directory") in an `EncodeError` (StrataModel's `SystemFiles` does the I/O).
enum FileBytes {
    static func load(path: String) throws -> [UInt8] {
        do { return try SystemFiles.contents(of: path) } catch { throw EncodeError(error.message) }
    }

    static func store(_ bytes: [UInt8], to path: String) throws {
        do { try SystemFiles.store(bytes, to: path) } catch { throw EncodeError(error.message) }
    }
}
