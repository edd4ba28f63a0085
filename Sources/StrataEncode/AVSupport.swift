import CAV
import StrataImage

/// Small helpers around libav's C conventions (negative error codes, a
/// process-wide log level). Public for the other modules that use libav (StrataMedia).
public enum AV {
    /// libav's text for an error code (what `av_err2str` would give).
    public static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
        return String(cMessage: buffer)
    }

    /// Throws `EncodeError("<context>: <libav message>")` when `code` < 0.
    @discardableResult
    static func check(_ code: Int32, _ context: @autoclosure () -> String) throws -> Int32 {
        if code < 0 { throw EncodeError("\(context()): \(message(code))") }
        return code
    }

    /// Keeps libav (and libx264's banner and statistics, logged at info
    /// level) off stderr; real failures come back as thrown errors.
    public static func quietLogs() {
        if av_log_get_level() > AV_LOG_ERROR { av_log_set_level(AV_LOG_ERROR) }
        LibavLog.install()
    }

    /// libav's name for a value, or "unknown".
    public static func name(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "unknown"
    }
}
